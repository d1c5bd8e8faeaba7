import { resolve } from 'node:path';
import { DEFAULT_KEY_PREFIX } from '../coordination/create-coordination';
import { ConfigError, describeFirstIssue } from './config-error';
import { envSchema, type Env, type ParsedEnv } from './env';
import { fileStorageSettings, type FileStorageSettings } from './file-storage-settings';
import { loadSecrets, type Secrets } from './secrets';
import { loadYamlConfig } from './load-yaml-config';
import type { YamlConfig } from './yaml-schema';

export interface ServerSettings {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Put before every Redis key (`REDIS_KEY_PREFIX`). */
  redisKeyPrefix: string;
  /** Public origin of the web app and of the API (they are the same in the default layout). */
  domainClient: string;
  domainServer: string;
}

/** Everything the server needs to know at start-up, validated once and frozen. */
export interface AppConfig {
  server: ServerSettings;
  env: ParsedEnv;
  yaml: YamlConfig | undefined;
  /** YAML keys Parley does not use (a newer LibreChat config); logged once each at start-up. */
  ignoredYamlKeys: string[];
  secrets: Secrets;
  /** Where uploaded files are kept (YAML `fileStrategy`). */
  fileStorage: FileStorageSettings;
  /** Every environment variable as given (a copy), for `${VAR}` references in the YAML config. */
  vars: Env;
}

/**
 * Environment + YAML + secrets → AppConfig. Throws ConfigError (one line, naming the key) on any
 * invalid value.
 */
export function loadAppConfig(rawEnv: Env, cwd: string = process.cwd()): AppConfig {
  const parsed = envSchema.safeParse(rawEnv);
  if (!parsed.success) throw new ConfigError(`Invalid environment: ${describeFirstIssue(parsed.error)}`);
  const loaded = loadYamlConfig(parsed.data.CONFIG_PATH, cwd);
  const yaml = loaded?.config;
  const env = withYamlBalance(parsed.data, rawEnv, yaml);
  const dataDir = resolve(cwd, env.DATA_DIR ?? 'data');
  const port = env.PORT;
  const domainServer = env.DOMAIN_SERVER ?? `http://localhost:${port}`;
  const server: ServerSettings = {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    redisKeyPrefix: env.REDIS_KEY_PREFIX ?? DEFAULT_KEY_PREFIX,
    domainServer,
    domainClient: env.DOMAIN_CLIENT ?? domainServer,
  };
  const fileStorage = fileStorageSettings(env, yaml, dataDir);
  const secrets = loadSecrets(dataDir, env);
  const ignoredYamlKeys = loaded?.ignoredKeys ?? [];
  return deepFreeze({ server, env, yaml, ignoredYamlKeys, secrets, fileStorage, vars: { ...rawEnv } });
}

/**
 * LibreChat 1.2+ configures balances in YAML (`balance.enabled`, `balance.startBalance`); a variable that is
 * set explicitly (CHECK_BALANCE, START_BALANCE) still wins.
 */
function withYamlBalance(env: ParsedEnv, rawEnv: Env, yaml: YamlConfig | undefined): ParsedEnv {
  const balance = yaml?.balance;
  if (!balance) return env;
  return {
    ...env,
    CHECK_BALANCE:
      rawEnv.CHECK_BALANCE === undefined ? (balance.enabled ?? env.CHECK_BALANCE) : env.CHECK_BALANCE,
    START_BALANCE:
      rawEnv.START_BALANCE === undefined ? (balance.startBalance ?? env.START_BALANCE) : env.START_BALANCE,
  };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
