import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse, YAMLParseError } from 'yaml';
import { ConfigError, describeFirstIssue, formatIssuePath } from './config-error';
import { yamlConfigSchema, type YamlConfig } from './yaml-schema';

export const DEFAULT_CONFIG_FILE = 'librechat.yaml';

/**
 * Reads the YAML server config: `CONFIG_PATH` when given (it must exist), else `./librechat.yaml`
 * when present, else none. Any problem throws a ConfigError naming the file and the key.
 */
export function loadYamlConfig(configPath: string | undefined, cwd: string): YamlConfig | undefined {
  const file = resolve(cwd, configPath ?? DEFAULT_CONFIG_FILE);
  if (!existsSync(file)) {
    if (configPath !== undefined) throw new ConfigError(`CONFIG_PATH: file not found: ${file}`);
    return undefined;
  }
  let raw: unknown;
  try {
    raw = parse(readFileSync(file, 'utf8'));
  } catch (error) {
    const where = error instanceof YAMLParseError && error.linePos ? ` (line ${error.linePos[0].line})` : '';
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new ConfigError(`Invalid config ${file}${where}: ${reason}`, { cause: error });
  }
  if (raw === null || raw === undefined) {
    throw new ConfigError(`Invalid config ${file}: the file is empty`);
  }
  const parsed = yamlConfigSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ConfigError(`Invalid config ${file}: ${describeFirstIssue(parsed.error)}`, {
      cause: parsed.error,
    });
  }
  return parsed.data;
}

export { formatIssuePath };
