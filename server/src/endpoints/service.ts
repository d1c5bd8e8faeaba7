import type { EndpointsConfig, ModelsConfig } from '@parley/shared/schemas/endpoints';
import type { AppConfig } from '../config/app-config';
import { AppError } from '../lib/errors';
import type { KeysService } from '../keys/service';
import { buildEndpointCatalog } from './endpoint-catalog';
import type { EndpointEntry } from './endpoint-entry';
import { orderEndpoints } from './endpoint-order';
import { endpointsConfigOf } from './endpoints-config';
import { createModelLists } from './model-lists';
import { createOllamaDetector, OLLAMA_ENDPOINT_NAME, ollamaEntry } from './ollama-detector';
import { createGuardedFetch } from '../net/address-guard';
import { endpointsAllowList } from '../net/allow-lists';
import { credentialsFor } from './resolve-credentials';
import type { ResolvedCredentials } from './resolved-credentials';

export interface EndpointsServiceDeps {
  config: AppConfig;
  keys: Pick<KeysService, 'readActiveKey'>;
  now?: () => Date;
  /** Whether the code interpreter can run code here (the assistants builder says why not). */
  codeInterpreter?: () => Promise<{ available: boolean; reason?: string }>;
}

export interface ResolveCredentialsRequest {
  userId: string;
  /** The endpoint name: a built-in one, or a custom endpoint's configured name. */
  endpoint: string;
  model: string;
}

/** Which endpoints and models are offered, and the credentials to call them with. */
export interface EndpointsService {
  /** Configuration problems that disabled an endpoint or part of one (for the start-up log). */
  readonly problems: readonly string[];
  getEndpointsConfig(): Promise<EndpointsConfig>;
  getModels(userId: string): Promise<ModelsConfig>;
  /**
   * Throws AppError with code `unknown_endpoint` (not enabled), `no_user_key`, `expired_user_key` (details
   * endpoint, expiredAt), `invalid_user_key`, `no_base_url` or `illegal_model_request` (unmapped Azure model).
   */
  resolveCredentials(request: ResolveCredentialsRequest): Promise<ResolvedCredentials>;
}

export function createEndpointsService({
  config,
  keys,
  now = () => new Date(),
  codeInterpreter,
}: EndpointsServiceDeps): EndpointsService {
  const catalog = buildEndpointCatalog(config);
  const configuresOllama = catalog.entries.some(
    (entry) => entry.type === 'custom' && entry.name.toLowerCase() === OLLAMA_ENDPOINT_NAME.toLowerCase(),
  );
  const ollamaBaseUrl = configuresOllama ? null : config.env.OLLAMA_BASE_URL;
  const ollama = createOllamaDetector(ollamaBaseUrl, () => now().getTime());
  const modelLists = createModelLists(() => now().getTime());
  const userUrlFetch = createGuardedFetch({ allow: endpointsAllowList(config.yaml) });
  const staticEntries = orderEndpoints(catalog.entries, config.env.ENDPOINTS);

  const enabledEntries = async (): Promise<EndpointEntry[]> => {
    const models = await ollama.detect();
    if (ollamaBaseUrl === null || models === null) return staticEntries;
    return orderEndpoints([...catalog.entries, ollamaEntry(ollamaBaseUrl, models)], config.env.ENDPOINTS);
  };

  const findEntry = async (name: string): Promise<EndpointEntry | undefined> =>
    staticEntries.find((entry) => entry.name === name) ??
    (name === OLLAMA_ENDPOINT_NAME
      ? (await enabledEntries()).find((entry) => entry.name === name)
      : undefined);

  return {
    problems: catalog.problems,

    getEndpointsConfig: async () =>
      endpointsConfigOf(
        await enabledEntries(),
        config.yaml?.endpoints?.assistants,
        codeInterpreterOff(await codeInterpreter?.()),
      ),

    async getModels(userId) {
      const entries = await enabledEntries();
      const lists = await Promise.all(entries.map((entry) => modelLists.modelsOf(entry, userId)));
      return Object.fromEntries(entries.map((entry, index) => [entry.name, lists[index] ?? []]));
    },

    async resolveCredentials({ userId, endpoint, model }) {
      const entry = await findEntry(endpoint);
      if (!entry) {
        throw new AppError(400, `Unknown endpoint: ${endpoint}`, {
          code: 'unknown_endpoint',
          details: { endpoint },
        });
      }
      const { userSuppliedURL, ...resolved } = await credentialsFor(entry, model, (name) =>
        keys.readActiveKey(userId, name),
      );
      // A URL the user chose is only ever called through the address guard (API.md "Conventions").
      return userSuppliedURL
        ? { ...resolved, credentials: { ...resolved.credentials, fetch: userUrlFetch } }
        : resolved;
    },
  };
}

/** Why the code interpreter is off, for the builder; undefined when it runs. */
function codeInterpreterOff(status: { available: boolean; reason?: string } | undefined): string | undefined {
  return !status || status.available ? undefined : (status.reason ?? 'unavailable');
}
