import type { EndpointFileConfig, FileConfig } from '../schemas/file';
import { compilePattern, DEFAULT_SUPPORTED_MIME_TYPES } from './mime-types';

/** 1 MB as the config file means it. */
export const MEGABYTE = 1_048_576;

/** One endpoint's entry of the YAML `fileConfig.endpoints` (sizes in MB), as the server's YAML schema accepts it. */
export interface EndpointFileConfigInput {
  disabled?: boolean | undefined;
  fileLimit?: number | undefined;
  fileSizeLimit?: number | undefined;
  totalSizeLimit?: number | undefined;
  supportedMimeTypes?: readonly string[] | undefined;
}

/** The YAML `fileConfig` block (sizes in MB). */
export interface FileConfigInput {
  endpoints?: Readonly<Record<string, EndpointFileConfigInput>> | undefined;
  serverFileSizeLimit?: number | undefined;
  avatarSizeLimit?: number | undefined;
  /** MB one user's files may take in all; absent = no limit. */
  userStorageLimit?: number | undefined;
}

export const DEFAULT_FILE_LIMIT = 10;
export const DEFAULT_FILE_SIZE_LIMIT = 512 * MEGABYTE;
export const DEFAULT_TOTAL_SIZE_LIMIT = 512 * MEGABYTE;
export const DEFAULT_SERVER_FILE_SIZE_LIMIT = 512 * MEGABYTE;
export const DEFAULT_AVATAR_SIZE_LIMIT = 2 * MEGABYTE;

function defaultEndpointConfig(): EndpointFileConfig {
  return {
    disabled: false,
    fileLimit: DEFAULT_FILE_LIMIT,
    fileSizeLimit: DEFAULT_FILE_SIZE_LIMIT,
    totalSizeLimit: DEFAULT_TOTAL_SIZE_LIMIT,
    supportedMimeTypes: [...DEFAULT_SUPPORTED_MIME_TYPES],
  };
}

const DISABLED_ENDPOINT: EndpointFileConfig = {
  disabled: true,
  fileLimit: 0,
  fileSizeLimit: 0,
  totalSizeLimit: 0,
  supportedMimeTypes: [],
};

/** Applies one YAML endpoint entry over a base (the built-in defaults, or the merged `default` entry). */
function mergeEndpoint(base: EndpointFileConfig, input: EndpointFileConfigInput): EndpointFileConfig {
  if (input.disabled === true) return { ...DISABLED_ENDPOINT, supportedMimeTypes: [] };
  return {
    disabled: false,
    fileLimit: input.fileLimit ?? base.fileLimit,
    fileSizeLimit: input.fileSizeLimit === undefined ? base.fileSizeLimit : input.fileSizeLimit * MEGABYTE,
    totalSizeLimit:
      input.totalSizeLimit === undefined ? base.totalSizeLimit : input.totalSizeLimit * MEGABYTE,
    supportedMimeTypes:
      input.supportedMimeTypes === undefined
        ? [...base.supportedMimeTypes]
        : input.supportedMimeTypes.filter((source) => compilePattern(source) !== undefined),
  };
}

/**
 * The YAML `fileConfig` merged with the defaults of SPEC §5 "Files": `default` and `assistants` always
 * exist; sizes become bytes; a disabled endpoint gets zero limits and no types; invalid patterns are
 * dropped. Fields an endpoint leaves out come from the merged `default` entry (the built-in defaults for
 * `default` and `assistants` themselves). Never mutates its input or any shared object.
 */
export function mergeFileConfig(input?: FileConfigInput | null): FileConfig {
  const yamlEndpoints = input?.endpoints ?? {};
  const yamlDefault = Object.hasOwn(yamlEndpoints, 'default') ? yamlEndpoints.default : undefined;
  const yamlAssistants = Object.hasOwn(yamlEndpoints, 'assistants') ? yamlEndpoints.assistants : undefined;
  const merged = yamlDefault ? mergeEndpoint(defaultEndpointConfig(), yamlDefault) : defaultEndpointConfig();
  const endpoints: Record<string, EndpointFileConfig> = {
    default: merged,
    assistants: yamlAssistants
      ? mergeEndpoint(defaultEndpointConfig(), yamlAssistants)
      : defaultEndpointConfig(),
  };
  for (const [name, entry] of Object.entries(yamlEndpoints)) {
    if (name === 'default' || name === 'assistants') continue;
    endpoints[name] = mergeEndpoint(merged, entry);
  }
  return {
    endpoints,
    serverFileSizeLimit:
      input?.serverFileSizeLimit === undefined
        ? DEFAULT_SERVER_FILE_SIZE_LIMIT
        : input.serverFileSizeLimit * MEGABYTE,
    avatarSizeLimit:
      input?.avatarSizeLimit === undefined ? DEFAULT_AVATAR_SIZE_LIMIT : input.avatarSizeLimit * MEGABYTE,
    userStorageLimit:
      input?.userStorageLimit === undefined ? null : Math.round(input.userStorageLimit * MEGABYTE),
  };
}

/** One endpoint's limits; endpoints without an entry of their own use `default`. */
export function endpointFileConfig(
  config: FileConfig,
  endpoint: string | null | undefined,
): EndpointFileConfig {
  const own = endpoint && Object.hasOwn(config.endpoints, endpoint) ? config.endpoints[endpoint] : undefined;
  return own ?? config.endpoints.default ?? defaultEndpointConfig();
}

/** Bytes as the MB number the messages show (at most two decimals: 512, 0.5, 1.25). */
export function toMegabytes(bytes: number): number {
  return Math.round((bytes / MEGABYTE) * 100) / 100;
}
