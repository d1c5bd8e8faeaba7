import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { createTestUser } from '../../test/test-users';
import type { Env } from '../config/env';
import { sendJson, startTinyServer, type TinyServer } from './test-support';

describe('endpoint discovery routes', () => {
  let ollama: TinyServer;
  let current: TestApp | undefined;

  beforeAll(async () => {
    ollama = await startTinyServer((req, res) => {
      if (req.url === '/api/tags') {
        sendJson(res, 200, { models: [{ name: 'llama3:latest' }, { name: 'qwen2:7b' }] });
      } else sendJson(res, 404, { error: 'not found' });
    });
  });
  afterAll(() => ollama.close());
  afterEach(async () => {
    await current?.close();
    current = undefined;
    ollama.hits.length = 0;
  });

  const start = async (env: Env) => {
    current = await buildTestApp({ env: { OLLAMA_BASE_URL: 'off', ...env } });
    return current;
  };

  it('answers GET /api/endpoints without a token and /config/override with false', async () => {
    const { app } = await start({ ANTHROPIC_API_KEY: 'user_provided' });
    const endpoints = await app.inject({ url: '/api/endpoints' });
    expect(endpoints.statusCode).toBe(200);
    expect(endpoints.json()).toEqual({ anthropic: { order: 0, userProvide: true } });
    const override = await app.inject({ url: '/api/endpoints/config/override' });
    expect(override.statusCode).toBe(200);
    expect(override.json()).toBe(false);
  });

  it('answers GET /api/models only with a token', async () => {
    const testApp = await start({ ANTHROPIC_API_KEY: 'sk', ANTHROPIC_MODELS: 'claude-3-5-sonnet' });
    expect((await testApp.app.inject({ url: '/api/models' })).statusCode).toBe(401);
    const { headers } = await createTestUser(testApp, { password: null });
    const models = await testApp.app.inject({ url: '/api/models', headers });
    expect(models.statusCode).toBe(200);
    expect(models.json()).toEqual({ anthropic: ['claude-3-5-sonnet'] });
  });

  it('shows a reachable local Ollama as the custom endpoint "Ollama" with its installed models', async () => {
    const testApp = await start({
      OPENAI_API_KEY: 'sk',
      OPENAI_MODELS: 'gpt-4o',
      OLLAMA_BASE_URL: ollama.url,
    });
    const endpoints = (await testApp.app.inject({ url: '/api/endpoints' })).json<Record<string, unknown>>();
    expect(endpoints.Ollama).toEqual({
      order: 2,
      type: 'custom',
      userProvide: false,
      userProvideURL: false,
      modelDisplayLabel: 'Ollama',
    });
    const { headers } = await createTestUser(testApp, { password: null });
    const models = (await testApp.app.inject({ url: '/api/models', headers })).json<
      Record<string, string[]>
    >();
    expect(models.Ollama).toEqual(['llama3:latest', 'qwen2:7b']);
    expect(ollama.hits).toEqual(['GET /api/tags']);
  });

  it('leaves Ollama out when nothing answers at OLLAMA_BASE_URL', async () => {
    const closed = await startTinyServer(() => undefined);
    await closed.close();
    const { app } = await start({ OLLAMA_BASE_URL: closed.url });
    expect((await app.inject({ url: '/api/endpoints' })).json()).toEqual({});
  });
});
