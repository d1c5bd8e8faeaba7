import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { routePattern, trackRouteMethods } from './route-methods';
import { registerWebApp } from './web-app';

describe('a path asked with a method it does not answer (SPEC §8)', () => {
  let app: ReturnType<typeof Fastify> | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  async function server() {
    app = Fastify();
    const methods = trackRouteMethods(app);
    app.get('/api/convos', () => ({ conversations: [] }));
    app.post('/api/convos/update', () => ({ ok: true }));
    app.delete('/api/convos/:conversationId', () => ({ ok: true }));
    await registerWebApp(app, null, methods);
    return app;
  }

  it('answers 405 "Unsupported HTTP method" with the methods the path takes', async () => {
    const api = await server();
    const put = await api.inject({ method: 'PUT', url: '/api/convos' });
    expect(put.statusCode).toBe(405);
    expect(put.json()).toEqual({ message: 'Unsupported HTTP method', code: 'method_not_allowed' });
    expect(put.headers.allow).toBe('GET, HEAD');
    const withParam = await api.inject({ method: 'GET', url: '/api/convos/0b6f6f7e?x=1' });
    expect(withParam.statusCode).toBe(405);
    expect(withParam.headers.allow).toBe('DELETE');
  });

  it('keeps 404 for a path no route answers, and the routes themselves work', async () => {
    const api = await server();
    const missing = await api.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Not found: GET /api/nothing-here' });
    expect((await api.inject({ method: 'GET', url: '/api/convos' })).statusCode).toBe(200);
  });

  it('reads parameters and wildcards of route URLs', () => {
    expect(routePattern('/api/files/:file_id').test('/api/files/abc')).toBe(true);
    expect(routePattern('/api/files/:file_id').test('/api/files/abc/more')).toBe(false);
    expect(routePattern('/api/share/:id/files/:fileId').test('/api/share/a/files/b')).toBe(true);
    expect(routePattern('/assets/*').test('/assets/x/y.js')).toBe(true);
    expect(routePattern('/api/a.b').test('/api/aXb')).toBe(false);
  });
});
