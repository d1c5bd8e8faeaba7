import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppDeps } from '../src/app';
import type { AppConfig } from '../src/config/app-config';
import type { Env } from '../src/config/env';
import type { Database } from '../src/db/client';
import { testConfig } from './test-app';

export interface AppOnDatabase {
  app: FastifyInstance;
  config: AppConfig;
  database: Database;
}

/**
 * `buildApp` on a database the caller owns (e.g. `describeEachEngine`'s): closing the app leaves the
 * database open.
 */
export async function buildAppOn(
  database: Database,
  options: { env?: Env } & Omit<Partial<AppDeps>, 'config' | 'database'> = {},
): Promise<AppOnDatabase> {
  const { env, ...deps } = options;
  const config = testConfig(env);
  const app = await buildApp({ config, database, ...deps });
  return { app, config, database };
}

/** The `Set-Cookie` headers of a response, parsed: name → {value, attributes (lower-cased keys)}. */
export function cookiesOf(
  response: LightMyRequestResponse,
): Map<string, { value: string; attributes: Map<string, string> }> {
  const header = response.headers['set-cookie'];
  const list = Array.isArray(header) ? header : header ? [header] : [];
  const cookies = new Map<string, { value: string; attributes: Map<string, string> }>();
  for (const line of list) {
    const [pair = '', ...rest] = line.split(';');
    const eq = pair.indexOf('=');
    const attributes = new Map<string, string>();
    for (const attribute of rest) {
      const [key = '', ...value] = attribute.split('=');
      attributes.set(key.trim().toLowerCase(), value.join('=').trim());
    }
    cookies.set(pair.slice(0, eq).trim(), { value: pair.slice(eq + 1).trim(), attributes });
  }
  return cookies;
}
