import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import earlyRequestsSource from '../../public/early-requests.js?raw';
import { PATH_PAGE_DEFAULT } from '@parley/shared/schemas/message-path';
import { apiGet, apiPost, setAccessTokenSource } from './api-client';

/** A real HTTP server: the refresh answers a token (or 401), other paths echo what they were asked with. */
let server: Server;
let base = '';
let signedIn = true;
let seen: { method: string; path: string; auth: string | undefined }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ method: req.method ?? '', path: req.url ?? '', auth: req.headers.authorization });
    res.setHeader('Content-Type', 'application/json');
    if (req.url === '/api/auth/refresh') {
      res.statusCode = signedIn ? 200 : 401;
      res.end(JSON.stringify(signedIn ? { token: 'early-token' } : { message: 'Unauthorized' }));
      return;
    }
    res.end(JSON.stringify({ path: req.url, auth: req.headers.authorization ?? null, n: seen.length }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const realFetch = globalThis.fetch;
const toServer = (input: RequestInfo | URL, init?: RequestInit) => realFetch(`${base}${String(input)}`, init);
const scope = globalThis as { window?: unknown };

/** Runs public/early-requests.js as a page at `pathname` would, then lets it finish. */
async function runEarlyRequests(pathname: string): Promise<Record<string, Promise<Response>>> {
  const page: { __parleyEarly?: Record<string, Promise<Response>> } & Record<string, unknown> = {
    fetch: toServer,
    location: { pathname },
    navigator: {},
  };
  new Function('window', earlyRequestsSource)(page);
  const early = page.__parleyEarly ?? {};
  // The conversation's requests are added as the refresh answers.
  await Promise.allSettled(Object.values(early));
  await Promise.allSettled(Object.values(early));
  return early;
}

beforeEach(() => {
  seen = [];
  signedIn = true;
  globalThis.fetch = toServer as typeof fetch;
  setAccessTokenSource(() => 'early-token');
});
afterEach(() => {
  globalThis.fetch = realFetch;
  delete scope.window;
});

const echo = z.object({ path: z.string(), auth: z.string().nullable(), n: z.number() });

describe('public/early-requests.js', () => {
  it("on a conversation's address, refreshes, then asks for its first page and details with the new token", async () => {
    const early = await runEarlyRequests('/c/abc');
    expect(Object.keys(early).sort()).toEqual([
      'GET /api/convos/abc',
      `GET /api/messages/abc?limit=${PATH_PAGE_DEFAULT}`,
      'POST /api/auth/refresh',
    ]);
    expect(seen[0]).toEqual({ method: 'POST', path: '/api/auth/refresh', auth: undefined });
    expect(
      seen
        .slice(1)
        .map((call) => `${call.path} ${call.auth}`)
        .sort(),
    ).toEqual([
      '/api/convos/abc Bearer early-token',
      `/api/messages/abc?limit=${PATH_PAGE_DEFAULT} Bearer early-token`,
    ]);
  });

  it("hands out the refresh's answer only once the conversation's requests are out", async () => {
    const page: { __parleyEarly?: Record<string, Promise<Response>> } & Record<string, unknown> = {
      fetch: toServer,
      location: { pathname: '/c/abc' },
      navigator: {},
    };
    new Function('window', earlyRequestsSource)(page);
    const early = page.__parleyEarly ?? {};
    await early['POST /api/auth/refresh'];
    expect(Object.keys(early)).toHaveLength(3);
    await Promise.allSettled(Object.values(early));
  });

  it('only refreshes elsewhere', async () => {
    for (const pathname of ['/c/new', '/c/search', '/', '/login']) {
      expect(Object.keys(await runEarlyRequests(pathname))).toEqual(['POST /api/auth/refresh']);
    }
    expect(seen.every((call) => call.path === '/api/auth/refresh')).toBe(true);
  });

  it('asks for nothing more when the refresh is refused', async () => {
    signedIn = false;
    const early = await runEarlyRequests('/c/abc');
    expect(Object.keys(early)).toEqual(['POST /api/auth/refresh']);
    expect(seen.map((call) => call.path)).toEqual(['/api/auth/refresh']);
  });
});

describe('the API client and early responses', () => {
  it('answers the first matching call from the early response, later ones from the server', async () => {
    scope.window = { __parleyEarly: await runEarlyRequests('/c/abc') };
    const asked = seen.length;
    const path = `/api/messages/abc?limit=${PATH_PAGE_DEFAULT}`;
    const first = await apiGet(path, echo);
    expect(first).toMatchObject({ path, auth: 'Bearer early-token' });
    expect(seen).toHaveLength(asked);
    const second = await apiGet(path, echo);
    expect(second.n).toBe(asked + 1);
    expect(seen).toHaveLength(asked + 1);
    await expect(
      apiPost('/api/auth/refresh', undefined, z.object({ token: z.string() }), { credentials: 'include' }),
    ).resolves.toEqual({ token: 'early-token' });
    expect(seen).toHaveLength(asked + 1);
  });

  it('makes the call itself when the early request could not be made', async () => {
    signedIn = false;
    scope.window = { __parleyEarly: await runEarlyRequests('/c/abc') };
    const asked = seen.length;
    await expect(apiGet('/api/convos/abc', echo)).resolves.toMatchObject({ auth: 'Bearer early-token' });
    expect(seen).toHaveLength(asked + 1);
  });
});
