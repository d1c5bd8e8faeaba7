import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { paths } from '@parley/shared/api/paths';

const KEY_EXPIRES_AT = '2099-01-01T00:00:00.000Z';

/** Routes an access token is tried on: reads and writes of the caller's own rows. */
export const ACCESS_TOKEN_ROUTES = [
  { method: 'GET', url: paths.user },
  { method: 'GET', url: paths.presets },
  { method: 'POST', url: paths.presets, payload: { presetId: null, title: 'Probe', endpoint: 'openAI' } },
  {
    method: 'PUT',
    url: paths.keys,
    payload: { name: 'openAI', value: 'sk-probe', expiresAt: KEY_EXPIRES_AT },
  },
] as const;

const callWith = (app: FastifyInstance, token: string, route: (typeof ACCESS_TOKEN_ROUTES)[number]) =>
  app.inject({
    method: route.method,
    url: route.url,
    headers: { authorization: `Bearer ${token}` },
    ...('payload' in route ? { payload: route.payload } : {}),
  });

/** Every probed route answers the token with success. */
export async function expectAdmitted(app: FastifyInstance, token: string): Promise<void> {
  for (const route of ACCESS_TOKEN_ROUTES) {
    const response = await callWith(app, token, route);
    expect(response.statusCode, `${route.method} ${route.url}: ${response.body}`).toBeLessThan(300);
  }
}

/** Every probed route answers the token with the app's usual `401 {"message":"Unauthorized"}`. */
export async function expectRefused(app: FastifyInstance, token: string, label = ''): Promise<void> {
  const answers: Record<string, { status: number; body: unknown }> = {};
  const refused: typeof answers = {};
  for (const route of ACCESS_TOKEN_ROUTES) {
    const response = await callWith(app, token, route);
    const key = `${route.method} ${route.url}`;
    const body: unknown = String(response.headers['content-type']).startsWith('application/json')
      ? response.json()
      : response.body;
    answers[key] = { status: response.statusCode, body };
    refused[key] = { status: 401, body: { message: 'Unauthorized' } };
  }
  expect(answers, label).toEqual(refused);
}

/** The probed writes left nothing among the rows of the genuine token's user. */
export async function expectNothingWritten(app: FastifyInstance, genuineToken: string): Promise<void> {
  const headers = { authorization: `Bearer ${genuineToken}` };
  const presets = await app.inject({ url: paths.presets, headers });
  expect(presets.json()).toEqual([]);
  const key = await app.inject({ url: `${paths.keys}?name=openAI`, headers });
  expect(key.json()).toEqual({ expiresAt: null });
}
