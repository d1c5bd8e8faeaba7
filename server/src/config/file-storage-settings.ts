import { join } from 'node:path';
import { ConfigError } from './config-error';
import type { ParsedEnv } from './env';
import type { YamlConfig } from './yaml-schema';

/** Where uploaded files' bytes go, from the YAML `fileStrategy` and the environment. */
export type FileStorageSettings =
  | { kind: 'local'; root: string }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      /** An S3-compatible endpoint; undefined for AWS itself. */
      endpoint: string | undefined;
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
    };

/**
 * `fileStrategy: local` (the default) keeps files under `DATA_DIR/uploads`; `s3` needs `AWS_BUCKET_NAME`
 * (and `AWS_REGION`, default us-east-1). The other strategies of the original product are refused with a
 * ConfigError naming the key, so a deployment never starts with uploads that would fail.
 */
export function fileStorageSettings(
  env: ParsedEnv,
  yaml: YamlConfig | undefined,
  dataDir: string,
): FileStorageSettings {
  const strategy = yaml?.fileStrategy ?? 'local';
  switch (strategy) {
    case 'local':
      return { kind: 'local', root: join(dataDir, 'uploads') };
    case 's3':
      return s3Settings(env);
    case 'firebase':
    case 'openai':
    case 'vectordb':
      throw new ConfigError(
        `fileStrategy: "${strategy}" is not supported by Parley; use "local" (the default) or "s3"`,
      );
  }
}

function s3Settings(env: ParsedEnv): FileStorageSettings {
  if (!env.AWS_BUCKET_NAME) {
    throw new ConfigError('AWS_BUCKET_NAME: is required when the config file sets fileStrategy: "s3"');
  }
  const { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey } = env;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new ConfigError(
      `${accessKeyId ? 'AWS_SECRET_ACCESS_KEY' : 'AWS_ACCESS_KEY_ID'}: is required when the other AWS key is set`,
    );
  }
  return {
    kind: 's3',
    bucket: env.AWS_BUCKET_NAME,
    region: env.AWS_REGION ?? 'us-east-1',
    endpoint: env.AWS_ENDPOINT_URL,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  };
}
