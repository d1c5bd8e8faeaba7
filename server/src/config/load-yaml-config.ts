import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { yamlModule } from '../lib/yaml';
import { ConfigError, describeFirstIssue, formatIssuePath } from './config-error';
import { yamlConfigSchema, type YamlConfig } from './yaml-schema';

/** The config version Parley's keys were written for; later LibreChat versions load with their extra keys ignored. */
export const KNOWN_CONFIG_VERSION = '1.0.8';

export interface LoadedYamlConfig {
  config: YamlConfig;
  /** Keys Parley does not use (`interface.agents`, `memory` …), dotted; each is logged once at start-up. */
  ignoredKeys: string[];
}

export const DEFAULT_CONFIG_FILE = 'librechat.yaml';

/**
 * Reads the YAML server config: `CONFIG_PATH` when given (it must exist), else `./librechat.yaml`
 * when present, else none. Any problem throws a ConfigError naming the file and the key.
 */
export function loadYamlConfig(configPath: string | undefined, cwd: string): LoadedYamlConfig | undefined {
  const file = resolve(cwd, configPath ?? DEFAULT_CONFIG_FILE);
  if (!existsSync(file)) {
    if (configPath !== undefined) throw new ConfigError(`CONFIG_PATH: file not found: ${file}`);
    return undefined;
  }
  let raw: unknown;
  try {
    raw = yamlModule().parse(readFileSync(file, 'utf8'));
  } catch (error) {
    const where =
      error instanceof yamlModule().YAMLParseError && error.linePos ? ` (line ${error.linePos[0].line})` : '';
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new ConfigError(`Invalid config ${file}${where}: ${reason}`, { cause: error });
  }
  if (raw === null || raw === undefined) {
    throw new ConfigError(`Invalid config ${file}: the file is empty`);
  }
  const { parsed, ignoredKeys } = parseIgnoringUnknownKeys(raw);
  if (!parsed.success) {
    throw new ConfigError(`Invalid config ${file}: ${describeFirstIssue(parsed.error)}`, {
      cause: parsed.error,
    });
  }
  return { config: parsed.data, ignoredKeys };
}

/** Bounds the passes: each pass removes at least one key, and configs nest a few levels at most. */
const MAX_PASSES = 16;

/**
 * Validates the config, dropping every key the schema does not know (recorded in `ignoredKeys`) and
 * validating again, so that only problems with keys Parley uses fail the start.
 */
function parseIgnoringUnknownKeys(raw: unknown): {
  parsed: ReturnType<typeof yamlConfigSchema.safeParse>;
  ignoredKeys: string[];
} {
  const value: unknown = structuredClone(raw);
  const ignoredKeys: string[] = [];
  for (let pass = 0; ; pass++) {
    const parsed = yamlConfigSchema.safeParse(value);
    const unknown = parsed.success ? [] : parsed.error.issues.filter((i) => i.code === 'unrecognized_keys');
    if (unknown.length === 0 || pass === MAX_PASSES) return { parsed, ignoredKeys: ignoredKeys.sort() };
    for (const issue of unknown) {
      const owner = valueAt(value, issue.path);
      if (!isRecord(owner)) continue;
      for (const key of issue.keys) {
        Reflect.deleteProperty(owner, key);
        ignoredKeys.push(formatIssuePath([...issue.path, key]));
      }
    }
  }
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let node = root;
  for (const key of path) {
    if (!isRecord(node) && !Array.isArray(node)) return undefined;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return node;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export { formatIssuePath };
