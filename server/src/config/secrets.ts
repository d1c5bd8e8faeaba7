import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { ConfigError } from './config-error';

export interface Secrets {
  jwtSecret: string;
  jwtRefreshSecret: string;
  /** 32 bytes as 64 hex characters: the AES-256-GCM key for user keys and action credentials. */
  credsKey: string;
}

const fileSchema = z.object({
  JWT_SECRET: z.string().min(32).optional(),
  JWT_REFRESH_SECRET: z.string().min(32).optional(),
  CREDS_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/i)
    .optional(),
});

const HEX_KEY = /^[0-9a-f]{64}$/i;

/**
 * Secrets from the environment, else from `<dataDir>/secrets.json`; what neither has is generated
 * once, written there with mode 0600 and reused on every later start.
 */
export function loadSecrets(
  dataDir: string,
  fromEnv: {
    JWT_SECRET?: string | undefined;
    JWT_REFRESH_SECRET?: string | undefined;
    CREDS_KEY?: string | undefined;
  },
): Secrets {
  if (fromEnv.CREDS_KEY !== undefined && !HEX_KEY.test(fromEnv.CREDS_KEY)) {
    throw new ConfigError('CREDS_KEY: expected 64 hexadecimal characters (32 bytes)');
  }
  const file = join(dataDir, 'secrets.json');
  const stored = readSecretsFile(file);
  const secrets: Secrets = {
    jwtSecret: fromEnv.JWT_SECRET ?? stored.JWT_SECRET ?? randomBytes(32).toString('hex'),
    jwtRefreshSecret:
      fromEnv.JWT_REFRESH_SECRET ?? stored.JWT_REFRESH_SECRET ?? randomBytes(32).toString('hex'),
    credsKey: fromEnv.CREDS_KEY ?? stored.CREDS_KEY ?? randomBytes(32).toString('hex'),
  };
  const toStore = {
    JWT_SECRET: stored.JWT_SECRET ?? (fromEnv.JWT_SECRET ? undefined : secrets.jwtSecret),
    JWT_REFRESH_SECRET:
      stored.JWT_REFRESH_SECRET ?? (fromEnv.JWT_REFRESH_SECRET ? undefined : secrets.jwtRefreshSecret),
    CREDS_KEY: stored.CREDS_KEY ?? (fromEnv.CREDS_KEY ? undefined : secrets.credsKey),
  };
  const changed = (Object.keys(toStore) as (keyof typeof toStore)[]).some(
    (key) => toStore[key] !== stored[key],
  );
  if (changed) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${JSON.stringify(toStore, null, 2)}\n`, { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return secrets;
}

function readSecretsFile(file: string): z.infer<typeof fileSchema> {
  if (!existsSync(file)) return {};
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigError(`${file}: not valid JSON; fix or delete it`, { cause: error });
  }
  const parsed = fileSchema.safeParse(raw);
  if (!parsed.success) {
    const key = parsed.error.issues[0]?.path.join('.') ?? '';
    throw new ConfigError(`${file}: ${key} is not a valid secret; fix or delete it`);
  }
  return parsed.data;
}
