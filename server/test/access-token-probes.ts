import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { adminPaths } from '@parley/shared/api/admin-paths';
import { paths } from '@parley/shared/api/paths';
import { adminGroupsSchema } from '@parley/shared/schemas/admin';

const KEY_EXPIRES_AT = '2099-01-01T00:00:00.000Z';
const PROBE_GROUP = 'Token probe';

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

/** Administration routes, a read and a write: what a token claiming the ADMIN role would open. */
export const ADMIN_TOKEN_ROUTES = [
  { method: 'GET', url: adminPaths.users },
  { method: 'POST', url: adminPaths.groups, payload: { name: PROBE_GROUP } },
] as const;

type ProbedRoute = (typeof ACCESS_TOKEN_ROUTES)[number] | (typeof ADMIN_TOKEN_ROUTES)[number];

const callWith = (app: FastifyInstance, token: string, route: ProbedRoute) =>
  app.inject({
    method: route.method,
    url: route.url,
    headers: { authorization: `Bearer ${token}` },
    ...('payload' in route ? { payload: route.payload } : {}),
  });

/**
 * Every probed route of the caller's own rows answers the token with success; with `admin`, the
 * administration read does too (its write is left out: it would leave a group behind).
 */
export async function expectAdmitted(
  app: FastifyInstance,
  token: string,
  { admin = false }: { admin?: boolean } = {},
): Promise<void> {
  const routes: ProbedRoute[] = [...ACCESS_TOKEN_ROUTES, ...(admin ? [ADMIN_TOKEN_ROUTES[0]] : [])];
  for (const route of routes) {
    const response = await callWith(app, token, route);
    expect(response.statusCode, `${route.method} ${route.url}: ${response.body}`).toBeLessThan(300);
  }
}

/**
 * Every probed route, the administration ones included, answers the token with the app's usual
 * `401 {"message":"Unauthorized"}` — not the 403 a genuine non-administrator gets there.
 */
export async function expectRefused(app: FastifyInstance, token: string, label = ''): Promise<void> {
  const answers: Record<string, { status: number; body: unknown }> = {};
  const refused: typeof answers = {};
  for (const route of [...ACCESS_TOKEN_ROUTES, ...ADMIN_TOKEN_ROUTES]) {
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

/**
 * The probed writes left nothing among the rows of the genuine token's user, and (asked with an
 * administrator's genuine token) no probe group was created.
 */
export async function expectNothingWritten(
  app: FastifyInstance,
  genuineToken: string,
  adminToken?: string,
): Promise<void> {
  const headers = { authorization: `Bearer ${genuineToken}` };
  const presets = await app.inject({ url: paths.presets, headers });
  expect(presets.json()).toEqual([]);
  const key = await app.inject({ url: `${paths.keys}?name=openAI`, headers });
  expect(key.json()).toEqual({ expiresAt: null });
  if (adminToken === undefined) return;
  const groups = await app.inject({
    url: adminPaths.groups,
    headers: { authorization: `Bearer ${adminToken}` },
  });
  expect(groups.statusCode, groups.body).toBe(200);
  const names = adminGroupsSchema.parse(groups.json()).groups.map((group) => group.name);
  expect(names).not.toContain(PROBE_GROUP);
}
