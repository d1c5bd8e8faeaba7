import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startupConfigSchema } from '@parley/shared/schemas/startup-config';
import { buildTestApp, tempDir, type TestApp } from '../test/test-app';

let current: TestApp | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

async function start(options: Parameters<typeof buildTestApp>[0] = {}): Promise<TestApp> {
  current = await buildTestApp(options);
  return current;
}

describe('buildApp', () => {
  it('answers GET /api/config with the startup config', async () => {
    const { app } = await start({ env: { APP_TITLE: 'Acme Chat' } });
    const response = await app.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(200);
    const body = startupConfigSchema.parse(response.json());
    expect(body.appTitle).toBe('Acme Chat');
  });

  it('answers GET /health when the database is reachable', async () => {
    const { app } = await start();
    const response = await app.inject({ method: 'GET', url: '/health' });
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const { app } = await start();
    const response = await app.inject({ method: 'POST', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({ message: 'Not found: POST /api/nothing-here' });
  });

  it('turns a zod validation failure into a 400 naming the field', async () => {
    const { app } = await start();
    app.post(
      '/api/test/echo',
      { schema: { body: z.object({ email: z.email(), age: z.number().int() }) } },
      async () => ({ ok: true }),
    );
    const missing = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { age: 3 } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: 'email: is required', fields: { email: 'is required' } });

    const wrong = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { email: 'nope', age: 1.5 },
    });
    expect(wrong.statusCode).toBe(400);
    const body = wrong.json() as { message: string; fields: Record<string, string> };
    expect(body.message).toMatch(/^email: /);
    expect(Object.keys(body.fields).sort()).toEqual(['age', 'email']);
  });

  it('answers malformed JSON and oversized bodies with readable 4xx errors', async () => {
    const { app } = await start();
    app.post('/api/test/anything', async () => ({ ok: true }));
    const malformed = await app.inject({
      method: 'POST',
      url: '/api/test/anything',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ message: 'Request body is not valid JSON' });

    const huge = await app.inject({
      method: 'POST',
      url: '/api/test/anything',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x'.repeat(4 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ message: 'Request body is too large' });
  });

  it('logs an unexpected error and answers a generic 500 without internals', async () => {
    const { app } = await start();
    app.get('/api/test/boom', async () => {
      throw new Error('secret internal detail at /srv/app.js:12');
    });
    const response = await app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' });
    expect(response.body).not.toContain('secret');
  });

  it('sends security headers', async () => {
    const { app } = await start();
    const response = await app.inject({ method: 'GET', url: '/api/config' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'self'");
  });

  it('believes X-Forwarded-For only from a trusted proxy (loopback by default)', async () => {
    const { app } = await start();
    app.get('/api/test/ip', async (request) => ({ ip: request.ip }));
    const viaProxy = await app.inject({
      url: '/api/test/ip',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '198.51.100.7' },
    });
    expect(viaProxy.json()).toEqual({ ip: '198.51.100.7' });
    const spoofed = await app.inject({
      url: '/api/test/ip',
      remoteAddress: '203.0.113.5',
      headers: { 'x-forwarded-for': '198.51.100.7' },
    });
    expect(spoofed.json()).toEqual({ ip: '203.0.113.5' });
  });

  describe('serving the web app', () => {
    function fakeWebDist(): string {
      const dist = tempDir();
      mkdirSync(join(dist, 'assets'));
      writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Parley</title><div id="root"></div>');
      writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
      return dist;
    }

    it('serves index.html for client routes, uncached', async () => {
      const { app } = await start({ webDist: fakeWebDist() });
      for (const url of ['/', '/c/new', '/login', '/some/unknown/page?x=1']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(response.body).toContain('<div id="root">');
        expect(response.headers['cache-control']).toBe('no-cache');
      }
    });

    it('serves hashed assets with a long immutable cache', async () => {
      const { app } = await start({ webDist: fakeWebDist() });
      const response = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('still answers unknown API paths with JSON, not the page', async () => {
      const { app } = await start({ webDist: fakeWebDist() });
      const response = await app.inject({ method: 'GET', url: '/api/unknown' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: 'Not found: GET /api/unknown' });
    });
  });
});
