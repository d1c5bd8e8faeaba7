import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiGet, apiPost, setAccessTokenRefresher, setAccessTokenSource } from './api-client';

/** A real HTTP server that accepts only `Bearer <validToken>`; it records every Authorization it saw. */
let server: Server;
let base = '';
let validToken = 'fresh';
let seen: { path: string; auth: string | undefined }[] = [];

const okSchema = z.object({ ok: z.literal(true) });

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    seen.push({ path: req.url ?? '', auth: req.headers.authorization });
    // A short pause lets concurrent calls overlap, as they do over a real network.
    setTimeout(() => {
      const authorised = req.headers.authorization === `Bearer ${validToken}`;
      res.writeHead(authorised ? 200 : 401, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(authorised ? { ok: true } : { message: 'Unauthorized' }));
    }, 20);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let token: string | null = null;
let refreshes = 0;

beforeEach(() => {
  seen = [];
  validToken = 'fresh';
  token = 'stale';
  refreshes = 0;
  setAccessTokenSource(() => token);
  setAccessTokenRefresher(async () => {
    refreshes += 1;
    await new Promise((resolve) => setTimeout(resolve, 30));
    token = 'fresh';
    return token;
  });
});

describe('a 401', () => {
  it('refreshes once for concurrent calls, which all replay with the new token', async () => {
    const results = await Promise.all([1, 2, 3].map((n) => apiGet(`${base}/item/${n}`, okSchema)));
    expect(results).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(refreshes).toBe(1);
    expect(seen.filter((call) => call.auth === 'Bearer stale')).toHaveLength(3);
    expect(seen.filter((call) => call.auth === 'Bearer fresh')).toHaveLength(3);
  });

  it('replays with the current token, without refreshing, when the token changed while the call was out', async () => {
    const late = apiGet(`${base}/late`, okSchema);
    token = 'fresh';
    await expect(late).resolves.toEqual({ ok: true });
    expect(refreshes).toBe(0);
    expect(seen.map((call) => call.auth)).toEqual(['Bearer stale', 'Bearer fresh']);
  });

  it('fails every waiting call with the 401 when the refresh yields no token', async () => {
    setAccessTokenRefresher(async () => {
      refreshes += 1;
      token = null;
      return null;
    });
    const calls = [1, 2].map((n) => apiGet(`${base}/item/${n}`, okSchema));
    for (const call of calls) {
      await expect(call).rejects.toMatchObject({ name: 'ApiError', status: 401, message: 'Unauthorized' });
    }
    expect(refreshes).toBe(1);
    expect(seen).toHaveLength(2);
  });

  it('treats a refresher that throws as a failed refresh', async () => {
    setAccessTokenRefresher(() => Promise.reject(new Error('offline')));
    await expect(apiGet(`${base}/item`, okSchema)).rejects.toMatchObject({ status: 401 });
  });

  it('is replayed only once: a second 401 is the answer', async () => {
    validToken = 'never-issued';
    await expect(apiGet(`${base}/item`, okSchema)).rejects.toMatchObject({ status: 401 });
    expect(refreshes).toBe(1);
    expect(seen.map((call) => call.auth)).toEqual(['Bearer stale', 'Bearer fresh']);
  });

  it('is the answer, without a refresh, for calls that opt out (login, refresh itself)', async () => {
    await expect(
      apiPost(`${base}/login`, { email: 'a@b.co' }, okSchema, { refreshOnUnauthorized: false }),
    ).rejects.toMatchObject({ status: 401 });
    expect(refreshes).toBe(0);
    expect(seen).toHaveLength(1);
  });
});
