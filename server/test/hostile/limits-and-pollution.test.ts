import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '@parley/shared/api/paths';
import { IMPORT_BODY_LIMIT } from '@parley/shared/schemas/import';
import { BODY_LIMIT } from '../../src/app';
import { JSON_MAX_DEPTH } from '../../src/plugins/json-body-parser';
import { buildTestApp, type TestApp } from '../test-app';
import { createTestUser, type TestUser } from '../test-users';
import { DEEP_ARRAYS, DEEP_OBJECTS } from './hostile-values';
import { registeredRoutes, routeKey, type RegisteredRoute } from './registered-routes';

const IMPORT = `POST ${paths.convosImport}`;
const SENT_WITH_BODIES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let testApp: TestApp;
let user: TestUser;
let bodyRoutes: RegisteredRoute[];

beforeAll(async () => {
  testApp = await buildTestApp({ env: { LOGIN_MAX: '100000', REGISTER_MAX: '100000' } });
  await testApp.app.ready();
  user = await createTestUser(testApp, { password: null });
  bodyRoutes = registeredRoutes(testApp.app).filter((route) => SENT_WITH_BODIES.has(route.method));
});
afterAll(() => testApp.close());

/** Any concrete URL of the route (the checks here happen before a handler would look at the params). */
const urlOf = (route: RegisteredRoute) => route.url.replace(/:\w+/g, 'openAI');

function post(route: RegisteredRoute, payload: string): Promise<LightMyRequestResponse> {
  return testApp.app.inject({
    method: route.method as 'POST',
    url: urlOf(route),
    headers: { ...user.headers, 'content-type': 'application/json' },
    payload,
  });
}

function expectReadable(response: LightMyRequestResponse, status: number, code?: string): void {
  expect(response.statusCode, `${response.statusCode} ${response.body.slice(0, 200)}`).toBe(status);
  const body = response.json<{ message: string; code?: string }>();
  expect(body.message.trim().length).toBeGreaterThan(0);
  if (code) expect(body.code).toBe(code);
}

/** A JSON object holding one string, `bytes` long in all. */
const bodyOfSize = (bytes: number) => `{"a":"${'x'.repeat(bytes - 8)}"}`;

describe('bodies over the limit', () => {
  it('answers 413 with a readable message on every route that takes a body', async () => {
    const limited = bodyRoutes.filter((route) => routeKey(route) !== IMPORT);
    expect(limited.length).toBeGreaterThan(10);
    const payload = bodyOfSize(BODY_LIMIT + 1);
    for (const route of limited) {
      expectReadable(await post(route, payload), 413, 'FST_ERR_CTP_BODY_TOO_LARGE');
    }
  });

  it('lets the import route take files up to its own, larger limit', async () => {
    const route = bodyRoutes.find((candidate) => routeKey(candidate) === IMPORT);
    if (!route) throw new Error(`${IMPORT} is not registered`);
    const underItsLimit = await post(route, bodyOfSize(BODY_LIMIT * 2));
    expect(underItsLimit.statusCode).not.toBe(413);
    expect(underItsLimit.statusCode).toBeLessThan(500);
    expectReadable(await post(route, bodyOfSize(IMPORT_BODY_LIMIT + 1)), 413, 'FST_ERR_CTP_BODY_TOO_LARGE');
  });
});

describe('JSON that tries prototype pollution', () => {
  const POISONED = [
    '{"__proto__":{"polluted":"yes"}}',
    '{"arg":{"__proto__":{"polluted":"yes"}}}',
    '{"constructor":{"prototype":{"polluted":"yes"}}}',
    '{"arg":{"conversationId":"x","constructor":{"prototype":{"polluted":"yes"}}}}',
    '{"\\u005f_proto__":{"polluted":"yes"}}',
    '[{"__proto__":{"polluted":"yes"}}]',
  ];

  it('is a readable 400 on every route that takes a body, and pollutes nothing', async () => {
    for (const route of bodyRoutes) {
      for (const payload of POISONED) {
        expectReadable(await post(route, payload), 400, 'forbidden_json_key');
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it('in a query string is harmless too', async () => {
    for (const query of [
      '__proto__[polluted]=yes',
      'constructor[prototype][polluted]=yes',
      '__proto__.polluted=yes',
    ]) {
      for (const url of [
        `${paths.convos}?${query}`,
        `${paths.search}?q=a&${query}`,
        `${paths.keys}?name=a&${query}`,
      ]) {
        const response = await testApp.app.inject({ url, headers: user.headers });
        expect(response.statusCode, response.body).toBeLessThan(500);
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('text that is expensive to process', () => {
  // BPE is quadratic in the length of a run without spaces: a megabyte of it used to block the server for
  // hours. It is counted in short pieces (count-in-pieces.test.ts), so it answers within the test's time.
  it.for(['x', 'é', '😀', '\u0301'])('the tokenizer counts a megabyte of %j', async (unit) => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: paths.tokenizer,
      headers: user.headers,
      payload: { arg: unit.repeat(1_000_000 / unit.length) },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ count: number }>().count).toBeGreaterThan(100_000);
  });
});

describe('nesting, NUL and broken text', () => {
  it(`refuses bodies nested deeper than ${JSON_MAX_DEPTH} levels without a crash`, async () => {
    for (const route of bodyRoutes.filter((candidate) => routeKey(candidate) !== IMPORT)) {
      for (const deep of [DEEP_ARRAYS, DEEP_OBJECTS]) {
        expectReadable(await post(route, deep.text), 400, 'json_too_deep');
        expectReadable(await post(route, `{"arg":${deep.text}}`), 400, 'json_too_deep');
      }
    }
  });

  it('takes a 10,000-level message tree on the import route, and refuses deeper than its limit', async () => {
    const route = bodyRoutes.find((candidate) => routeKey(candidate) === IMPORT);
    if (!route) throw new Error(`${IMPORT} is not registered`);
    const tree = (messages: number) =>
      `${'{"messageId":"m","text":"t","children":['.repeat(messages)}${']}'.repeat(messages)}`;
    const file = (messages: number) =>
      `{"title":"deep","endpoint":"openAI","recursive":true,"messages":[${tree(messages)}]}`;
    const deep = await post(route, file(5_000));
    expect(deep.statusCode, deep.body.slice(0, 200)).toBe(200);
    // The limit (500,000 levels) lets a 200,000-message chain in recursive form through; deeper is refused.
    expectReadable(await post(route, file(260_000)), 400, 'json_too_deep');
  });

  it('refuses NUL characters in bodies and URLs with a readable 400', async () => {
    const update = { arg: { conversationId: '00000000-0000-4000-8000-000000000001', title: 'a\u0000b' } };
    const body = await post({ method: 'POST', url: paths.convosUpdate }, JSON.stringify(update));
    expectReadable(body, 400, 'nul_character');
    for (const url of [`${paths.keys}?name=a%00b`, '/api/keys/a%00b', '/api/convos/%00']) {
      const method = url.startsWith('/api/keys/') ? 'DELETE' : 'GET';
      expectReadable(await testApp.app.inject({ method, url, headers: user.headers }), 400, 'nul_character');
    }
  });

  it('stores lone surrogates as U+FFFD instead of failing', async () => {
    const saved = await post(
      { method: 'POST', url: paths.presets },
      JSON.stringify({ title: 'a\uD800b', endpoint: 'openAI', promptPrefix: '\uDFFF' }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ title: 'a\uFFFDb', promptPrefix: '\uFFFD' });
  });

  it('answers a malformed URL escape in the API error shape', async () => {
    const response = await testApp.app.inject({ url: '/api/convos/%E0%A4%A', headers: user.headers });
    expectReadable(response, 400, 'FST_ERR_BAD_URL');
  });
});
