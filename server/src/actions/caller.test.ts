// Action calls against a real local HTTP API described by an OpenAPI spec, through the real address guard.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resettingServer } from '../../test/resetting-server';
import type { YamlConfig } from '../config/yaml-schema';
import { NO_EXEMPTIONS } from '../net/address-guard';
import { actionsAllowList } from '../net/allow-lists';
import { createActionCaller } from './caller';
import { encodeDomain } from './domain';
import { clearTokenCache } from './oauth-token';
import { startTestApi, type TestApi } from './test-api-server';
import type { ActionAuth, ActionCallerOptions, ActionSecrets, ActionSpec } from './types';
import { validateActionSpec } from './validate-spec';

// The spec check starts a worker thread (TypeScript from sources under Vitest): slow on a loaded machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let api: TestApi;
let spec: ActionSpec;
const DOMAIN = '127.0.0.1';
const fn = (operation: string): string => `${operation}_action_${encodeDomain(DOMAIN)}`;
/** YAML `actions.allowedAddresses`: the test API is exempt from the public-address rule, nothing else is. */
const allowApi = (): ActionCallerOptions['allow'] =>
  actionsAllowList({ actions: { allowedAddresses: [`127.0.0.1:${api.port}`] } } as YamlConfig);

async function specFor(serverUrl: string): Promise<ActionSpec> {
  const result = await validateActionSpec(api.spec(serverUrl));
  if (!result.ok) throw new Error(result.message);
  return result.spec;
}

function caller(
  auth: ActionAuth = { type: 'none' },
  secrets: ActionSecrets = {},
  extra: Partial<ActionCallerOptions> = {},
) {
  return createActionCaller({ spec, domain: DOMAIN, auth, secrets, allow: allowApi(), ...extra });
}

beforeAll(async () => {
  api = await startTestApi();
  spec = await specFor(`${api.origin}/v1`);
});
afterAll(() => api.close());
beforeEach(() => clearTokenCache());

describe('createActionCaller: requests', () => {
  it('substitutes and encodes path parameters and sends the query', async () => {
    const out = await caller()(fn('getPet'), { petId: 'a b/../c?d', verbose: true, tags: ['x', 'y z'] });
    const echoed = JSON.parse(out) as Record<string, unknown>;
    expect(echoed).toMatchObject({
      method: 'GET',
      path: '/v1/pets/a%20b%2F..%2Fc%3Fd',
      query: { verbose: 'true' },
    });
    expect(api.seen.at(-1)?.url).toBe('/v1/pets/a%20b%2F..%2Fc%3Fd?verbose=true&tags=x&tags=y+z');
  });

  it.each(['..', '.'])(
    'refuses the path parameter %j, which would leave the template, sending nothing',
    async (petId) => {
      const before = api.seen.length;
      await expect(caller()(fn('getPet'), { petId })).rejects.toThrow(
        `The path parameter "petId" cannot be "${petId}": that would leave the operation's path /pets/{petId}.`,
      );
      expect(api.seen.length).toBe(before);
    },
  );

  it('refuses parameters that make a dot segment together', async () => {
    const pairSpec = await validateActionSpec(`openapi: 3.0.3
info: { title: Pair, version: "1.0" }
servers: [{ url: "${api.origin}/v1" }]
paths:
  /files/{dir}{name}:
    get:
      operationId: getFile
      parameters:
        - { name: dir, in: path, required: true, schema: { type: string } }
        - { name: name, in: path, required: true, schema: { type: string } }
      responses: { "200": { description: ok } }
`);
    if (!pairSpec.ok) throw new Error(pairSpec.message);
    const call = caller({ type: 'none' }, {}, { spec: pairSpec.spec });
    const before = api.seen.length;
    await expect(call(fn('getFile'), { dir: '.', name: '.' })).rejects.toThrow(
      'The path parameters "dir", "name" cannot be ".."',
    );
    expect(api.seen.length).toBe(before);
    expect(JSON.parse(await call(fn('getFile'), { dir: '.', name: 'x' }))).toMatchObject({
      path: '/v1/files/.x',
    });
  });

  it.each(['...', '..%2F', '%2e%2e', '%2E', '../..', '..\\..', '.. ', 'a?b#c', '/'])(
    'keeps the path parameter %j inside its one segment on the wire',
    async (petId) => {
      await caller()(fn('getPet'), { petId });
      const arrived = api.seen.at(-1)?.url ?? '';
      expect(arrived.startsWith('/v1/pets/')).toBe(true);
      const segment = arrived.slice('/v1/pets/'.length);
      expect(segment).not.toMatch(/[/\\?#]/);
      expect(decodeURIComponent(segment)).toBe(petId);
    },
  );

  it('sends the JSON body of the operation', async () => {
    const out = await caller()(fn('createPet'), { name: 'Rex', owner: { name: 'Ann' }, stray: 1 });
    expect(JSON.parse(out)).toMatchObject({
      method: 'POST',
      path: '/v1/pets',
      contentType: 'application/json',
      body: { name: 'Rex', owner: { name: 'Ann' } },
    });
  });

  it('refuses a call with a missing path parameter or an unknown function, sending nothing', async () => {
    const before = api.seen.length;
    await expect(caller()(fn('getPet'), {})).rejects.toThrow('The path parameter "petId" is missing.');
    await expect(caller()('nope_action_x', {})).rejects.toThrow(
      'The action has no function named "nope_action_x".',
    );
    expect(api.seen.length).toBe(before);
  });

  it('says so when the API answers no content', async () => {
    expect(await caller()(fn('empty'), {})).toBe('(The API answered 204 with no content.)');
  });
});

describe('createActionCaller: auth', () => {
  it.each([
    ['none', { type: 'none' } as ActionAuth, {}, { authorization: null, custom: null }],
    [
      'basic',
      { type: 'service_http', authorization_type: 'basic' } as ActionAuth,
      { apiKey: 'user:pass' },
      { authorization: `Basic ${Buffer.from('user:pass').toString('base64')}`, custom: null },
    ],
    [
      'bearer',
      { type: 'service_http', authorization_type: 'bearer' } as ActionAuth,
      { apiKey: 'sk-123' },
      { authorization: 'Bearer sk-123', custom: null },
    ],
    [
      'custom header',
      { type: 'service_http', authorization_type: 'custom', custom_auth_header: 'X-Api-Key' } as ActionAuth,
      { apiKey: 'k-9' },
      { authorization: null, custom: 'k-9' },
    ],
  ])('%s sends the right header', async (_kind, auth, secrets, expected) => {
    const out = await caller(auth, secrets)(fn('getPet'), { petId: '1' });
    expect(JSON.parse(out)).toMatchObject(expected);
  });

  it('drops a custom auth header on a redirect to another origin, and keeps it on the same origin', async () => {
    const other = await startTestApi();
    try {
      const auth: ActionAuth = {
        type: 'service_http',
        authorization_type: 'custom',
        custom_auth_header: 'X-Custom-Key',
      };
      const call = caller(
        auth,
        { apiKey: 'secret-9' },
        {
          allow: actionsAllowList({
            actions: { allowedAddresses: [`127.0.0.1:${api.port}`, `127.0.0.1:${other.port}`] },
          } as YamlConfig),
        },
      );
      // Another origin (another port): the key stays behind.
      const away = JSON.parse(await call(fn('redirect'), { to: `${other.origin}/v1/pets/1` })) as unknown;
      expect(away).toMatchObject({ path: '/v1/pets/1' });
      expect(api.seen.at(-1)?.headers['x-custom-key']).toBe('secret-9');
      expect(other.seen.at(-1)?.url).toBe('/v1/pets/1');
      expect(other.seen.at(-1)?.headers).not.toHaveProperty('x-custom-key');
      // The same origin: the key goes along.
      await call(fn('redirect'), { to: '/v1/pets/2' });
      expect(api.seen.at(-1)?.url).toBe('/v1/pets/2');
      expect(api.seen.at(-1)?.headers['x-custom-key']).toBe('secret-9');
    } finally {
      await other.close();
    }
  });

  it('refuses service_http without a key', async () => {
    await expect(
      caller({ type: 'service_http', authorization_type: 'bearer' })(fn('getPet'), { petId: '1' }),
    ).rejects.toThrow('The action needs an API key, and none is saved.');
  });

  const oauth = (): ActionAuth => ({
    type: 'oauth',
    authorization_url: `${api.origin}/oauth/authorize`,
    client_url: `${api.origin}/oauth/token`,
    scope: 'pets:read',
    token_exchange_method: 'default_post',
  });

  it('OAuth: POSTs client credentials form-encoded, then sends the bearer token, reused until it expires', async () => {
    api.tokenLifetime.seconds = 3600;
    const before = api.tokenRequests.length;
    const call = caller(oauth(), { oauthClientId: 'cid', oauthClientSecret: 'shh' });
    const first = JSON.parse(await call(fn('getPet'), { petId: '1' })) as { authorization: string };
    const second = JSON.parse(await call(fn('getPet'), { petId: '2' })) as { authorization: string };
    expect(first.authorization).toMatch(/^Bearer tok-\d+$/);
    expect(second.authorization).toBe(first.authorization);
    expect(api.tokenRequests.length - before).toBe(1);
    const tokenRequest = api.tokenRequests.at(-1);
    expect(tokenRequest?.method).toBe('POST');
    expect(tokenRequest?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(tokenRequest?.body))).toEqual({
      grant_type: 'client_credentials',
      client_id: 'cid',
      client_secret: 'shh',
      scope: 'pets:read',
    });
  });

  it('OAuth: an expired token is fetched again', async () => {
    api.tokenLifetime.seconds = 1; // within the expiry margin: never reused
    const before = api.tokenRequests.length;
    const call = caller(oauth(), { oauthClientId: 'cid', oauthClientSecret: 'shh' });
    const first = JSON.parse(await call(fn('getPet'), { petId: '1' })) as { authorization: string };
    const second = JSON.parse(await call(fn('getPet'), { petId: '1' })) as { authorization: string };
    expect(second.authorization).not.toBe(first.authorization);
    expect(api.tokenRequests.length - before).toBe(2);
    api.tokenLifetime.seconds = 3600;
  });

  it('OAuth: a refused token request is a clear error', async () => {
    const call = caller(oauth(), { oauthClientId: 'cid', oauthClientSecret: 'wrong' });
    await expect(call(fn('getPet'), { petId: '1' })).rejects.toThrow(
      'The OAuth token request failed with status 401.',
    );
  });

  it('OAuth: the token URL goes through the address guard too', async () => {
    const call = caller(
      { ...oauth(), client_url: 'http://169.254.169.254/token' },
      { oauthClientId: 'cid', oauthClientSecret: 'shh' },
    );
    await expect(call(fn('getPet'), { petId: '1' })).rejects.toThrow(
      /refused.*169\.254\.169\.254.*link-local/,
    );
  });
});

describe('createActionCaller: the address guard', () => {
  it('refuses loopback without an exemption, before any byte reaches it', async () => {
    const before = api.seen.length;
    const call = createActionCaller({
      spec,
      domain: DOMAIN,
      auth: { type: 'none' },
      secrets: {},
      allow: NO_EXEMPTIONS,
    });
    await expect(call(fn('getPet'), { petId: '1' })).rejects.toThrow(
      "The action's address was refused: The address 127.0.0.1 is not allowed: it is a loopback address.",
    );
    expect(api.seen.length).toBe(before);
  });

  it.each([
    ['http://169.254.169.254/latest', /169\.254\.169\.254 is not allowed: it is a link-local/],
    ['http://[::1]/', /::1 is not allowed: it is a loopback/],
    ['http://10.0.0.1/', /10\.0\.0\.1 is not allowed: it is a private/],
    ['http://[::ffff:127.0.0.1]/', /not allowed/],
  ])('refuses an action served at %s', async (serverUrl, message) => {
    const refusedSpec = await specFor(serverUrl);
    const call = createActionCaller({
      spec: refusedSpec,
      domain: DOMAIN,
      auth: { type: 'none' },
      secrets: {},
      allow: allowApi(),
    });
    await expect(call(fn('getPet'), { petId: '1' })).rejects.toThrow(message);
  });

  it('refuses a redirect to 127.0.0.1 that the allow list does not name', async () => {
    const other = await startTestApi();
    try {
      const before = other.seen.length;
      await expect(caller()(fn('redirect'), { to: `${other.origin}/v1/pets/1` })).rejects.toThrow(
        /refused: The address 127\.0\.0\.1 is not allowed: it is a loopback address/,
      );
      expect(other.seen.length).toBe(before);
    } finally {
      await other.close();
    }
  });

  it('keeps actions to the allowed domains when YAML lists some', async () => {
    const call = createActionCaller({
      spec: await specFor('https://api.example.com/v1'),
      domain: DOMAIN,
      auth: { type: 'none' },
      secrets: {},
      allow: actionsAllowList({ actions: { allowedDomains: [`127.0.0.1:${api.port}`] } } as YamlConfig),
    });
    await expect(call(fn('getPet'), { petId: '1' })).rejects.toThrow(
      'The address api.example.com is not in the allowed domains.',
    );
    // …and the listed one is reached.
    const listed = createActionCaller({
      spec,
      domain: DOMAIN,
      auth: { type: 'none' },
      secrets: {},
      allow: actionsAllowList({ actions: { allowedDomains: [`127.0.0.1:${api.port}`] } } as YamlConfig),
    });
    expect(JSON.parse(await listed(fn('getPet'), { petId: '7' }))).toMatchObject({ path: '/v1/pets/7' });
  });
});

describe('createActionCaller: bad answers', () => {
  it('an API answering 500 is a clear error with the status and body', async () => {
    await expect(caller()(fn('fail'), {})).rejects.toThrow(
      'API call to 127.0.0.1 failed with status 500: {"error":"database on fire"}',
    );
  });

  it('a GET whose kept-alive connection the API closed under it is sent again once; a POST is not', async () => {
    const resetting = async () => {
      const server = await resettingServer(1, { status: 200, json: { pet: 'Rex' } });
      const allowedAddresses = [new URL(server.url).host];
      const call = caller(
        { type: 'none' },
        {},
        {
          spec: await specFor(`${server.url}/v1`),
          allow: actionsAllowList({ actions: { allowedAddresses } } as YamlConfig),
        },
      );
      return { server, call };
    };
    const gets = await resetting();
    expect(JSON.parse(await gets.call(fn('getPet'), { petId: 'rex' }))).toEqual({ pet: 'Rex' });
    expect(gets.server.requests).toBe(2);
    // The API may have acted on the POST before the connection went: placing an order twice is worse.
    const posts = await resetting();
    await expect(posts.call(fn('createPet'), { name: 'Rex' })).rejects.toThrow(
      /^API call to 127\.0\.0\.1 failed: /,
    );
    expect(posts.server.requests).toBe(1);
  });

  it('silence past the time limit is a clear error', async () => {
    // The API never answers: only the time limit ends the call.
    await expect(caller({ type: 'none' }, {}, { timeoutMs: 300 })(fn('silent'), {})).rejects.toThrow(
      'The API at 127.0.0.1 did not answer within 0.3 s.',
    );
  });

  it('a 50 MB answer is cut at the cap, with a note, without reading it all', async () => {
    const out = await caller({ type: 'none' }, {}, { maxResponseBytes: 10_000 })(fn('huge'), {});
    expect(out.startsWith('x'.repeat(10_000))).toBe(true);
    expect(out.endsWith('\n[The response was cut at 10000 bytes.]')).toBe(true);
    expect(out.length).toBeLessThan(10_100);
    // The rest was refused, not read: the connection closed with most of the 50 MB never taken by the socket
    // (a reader that went on to the end would have taken all 50).
    const [answer] = api.hugeAnswers.slice(-1);
    await expect.poll(() => answer?.closed).toBe(true);
    expect(answer?.sentMb).toBeLessThan(50);
  });

  it('the caller can stop a call', async () => {
    const controller = new AbortController();
    const pending = caller()(fn('silent'), {}, controller.signal);
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toThrow('The action call was stopped.');
  });
});
