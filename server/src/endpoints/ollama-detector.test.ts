import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOllamaDetector, OLLAMA_PROBE_INTERVAL_MS } from './ollama-detector';
import { createEndpointsService } from './service';
import { configWith, sendJson, startTinyServer, type TinyServer } from './test-support';

const noKeys = { readActiveKey: () => Promise.reject(new Error('no user keys in these tests')) };

describe('local Ollama detection', () => {
  let ollama: TinyServer;
  let tags: unknown = { models: [{ name: 'llama3:latest' }] };
  let delayMs = 0;

  beforeAll(async () => {
    ollama = await startTinyServer((req, res) => {
      setTimeout(
        () => (req.url === '/api/tags' ? sendJson(res, 200, tags) : sendJson(res, 404, {})),
        delayMs,
      );
    });
  });
  afterAll(() => ollama.close());
  beforeEach(() => {
    ollama.hits.length = 0;
    tags = { models: [{ name: 'llama3:latest' }] };
    delayMs = 0;
  });

  it('probes GET /api/tags at most every 10 minutes, answering from memory meanwhile', async () => {
    let now = 1_000_000;
    const detector = createOllamaDetector(ollama.url, () => now);
    expect(await detector.detect()).toEqual(['llama3:latest']);
    tags = { models: [{ name: 'llama3:latest' }, { name: 'phi3:mini' }] };
    now += OLLAMA_PROBE_INTERVAL_MS - 1;
    expect(await detector.detect()).toEqual(['llama3:latest']);
    expect(ollama.hits).toEqual(['GET /api/tags']);

    now += 2;
    expect(await detector.detect()).toEqual(['llama3:latest']);
    await expect.poll(() => detector.detect()).toEqual(['llama3:latest', 'phi3:mini']);
    expect(ollama.hits).toHaveLength(2);
  });

  it('gives up on a slow server within the probe timeout', async () => {
    // Slower than the 2 s probe timeout by far: without the timeout the models would be detected. The timeout
    // is long enough for the request to reach the server on a busy machine (at 100 ms a clean-clone run at
    // load 20 aborted it before it arrived), so the look is shown to have been made and given up.
    delayMs = 60_000;
    expect(await createOllamaDetector(ollama.url, Date.now, 2_000).detect()).toBeNull();
    expect(ollama.hits).toEqual(['GET /api/tags']);
  });

  it('does not take another server for Ollama', async () => {
    tags = { object: 'list', data: [] };
    expect(await createOllamaDetector(ollama.url).detect()).toBeNull();
  });

  it('never probes when switched off', async () => {
    expect(await createOllamaDetector(null).detect()).toBeNull();
    expect(ollama.hits).toEqual([]);
  });

  it('resolves the detected Ollama to its OpenAI-compatible API', async () => {
    const service = createEndpointsService({
      config: configWith({ OLLAMA_BASE_URL: ollama.url }),
      keys: noKeys,
    });
    const resolved = await service.resolveCredentials({
      userId: 'u',
      endpoint: 'Ollama',
      model: 'llama3:latest',
    });
    expect(resolved).toEqual({
      kind: 'custom',
      credentials: { apiKey: 'ollama', baseURL: `${ollama.url}/v1` },
      modelDisplayLabel: 'Ollama',
    });
  });

  it('leaves detection to a YAML custom endpoint named Ollama', async () => {
    const yaml = {
      endpoints: {
        custom: [
          {
            name: 'ollama',
            apiKey: 'ollama',
            baseURL: 'http://gpu-box:11434/v1',
            models: { default: ['llama3'] },
          },
        ],
      },
    };
    const service = createEndpointsService({
      config: configWith({ OLLAMA_BASE_URL: ollama.url }, yaml),
      keys: noKeys,
    });
    expect(Object.keys(await service.getEndpointsConfig())).toEqual(['ollama']);
    expect(ollama.hits).toEqual([]);
  });
});
