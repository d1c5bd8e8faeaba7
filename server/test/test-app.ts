import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../src/app';
import { loadAppConfig, type AppConfig } from '../src/config/app-config';
import type { Env } from '../src/config/env';
import type { Database } from '../src/db/client';
import { createTestPglite } from './test-database';

/** A fresh temporary directory (for DATA_DIR, config files …). */
export function tempDir(prefix = 'parley-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** An AppConfig from the given environment only (not the process's), with a throw-away DATA_DIR. */
export function testConfig(env: Env = {}, cwd: string = tempDir()): AppConfig {
  return loadAppConfig({ DATA_DIR: join(cwd, 'data'), ...env }, cwd);
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  close(): Promise<void>;
}

/** `buildApp` on a fresh migrated PGlite (or the given database); `close()` releases both. */
export async function buildTestApp(
  options: { env?: Env; database?: Database } & Omit<Partial<AppDeps>, 'config' | 'database'> = {},
): Promise<TestApp> {
  const { env, database: given, ...deps } = options;
  const config = testConfig(env);
  const database = given ?? (await createTestPglite());
  const app = await buildApp({ config, database, ...deps });
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
