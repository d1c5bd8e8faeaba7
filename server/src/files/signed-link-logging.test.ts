import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { createLogger } from '../lib/logger';

describe('signed links in the logs', () => {
  let testApp: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    testApp = await buildTestApp({ logger: createLogger('info', destination) });
  });
  afterAll(() => testApp.close());

  it('logs the request path without its query string', async () => {
    const response = await testApp.app.inject({ url: '/api/files/content/x?sig=secret' });
    expect(response.statusCode).toBe(404);
    const logged = lines.join('');
    expect(logged).toContain('/api/files/content/x');
    expect(logged).not.toContain('secret');
  });
});
