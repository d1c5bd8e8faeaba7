import { createServer } from 'node:net';
import { startFakeOpenAI } from '@parley/fakes/openai-server';
import type { FakeOpenAI } from '@parley/fakes/openai-server';
import { APIError } from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collectEvents } from '../conformance/collect-events';
import { helloRequest } from '../openai/openai-conformance-target';
import { createOpenAIProvider } from '../openai/openai-provider';
import { ProviderError } from '../types';
import type { ChatProvider, Credentials } from '../types';

let fake: FakeOpenAI;

beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.reset();
});

async function failureOf(
  provider: ChatProvider = createOpenAIProvider(),
  credentials: Credentials = { apiKey: 'sk-test', baseURL: fake.baseURL },
): Promise<{ error: ProviderError; texts: string[] }> {
  const { events, error } = await collectEvents(
    provider,
    helloRequest(credentials),
    new AbortController().signal,
  );
  if (!(error instanceof ProviderError)) throw new Error(`expected a ProviderError, got ${String(error)}`);
  const texts = events.flatMap(({ event }) => (event.type === 'text-delta' ? [event.delta] : []));
  return { error, texts };
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('OpenAI SDK error mapping', () => {
  it.each([
    [429, 'insufficient_quota', 'You exceeded your current quota.', 'quota', false],
    [429, 'rate_limit_exceeded', 'Rate limit reached for gpt-4o.', 'rate_limit', true],
    [
      400,
      'context_length_exceeded',
      "This model's maximum context length is 8192 tokens.",
      'context_length',
      false,
    ],
    [
      400,
      null,
      "This model's maximum context length is 4096 tokens. However, you requested 5000.",
      'context_length',
      false,
    ],
    [
      400,
      'content_filter',
      'The response was filtered by the content management policy.',
      'moderation',
      false,
    ],
    [400, 'content_policy_violation', 'Your request was rejected by the safety system.', 'moderation', false],
    [404, 'model_not_found', 'The model `gpt-9` does not exist.', 'model_not_found', false],
    [
      404,
      'DeploymentNotFound',
      'The API deployment for this resource does not exist.',
      'model_not_found',
      false,
    ],
    [400, 'invalid_value', "Invalid value for 'temperature'.", 'bad_request', false],
    [403, 'unsupported_country_region_territory', 'Country not supported.', 'bad_request', false],
    [503, null, 'The engine is currently overloaded.', 'upstream', true],
  ] as const)(
    'maps HTTP %i with code %s to a readable %4$s error',
    async (status, code, message, kind, retryable) => {
      fake.script({ replies: [{ error: { status, code, message } }] });

      const { error } = await failureOf();

      expect(error.kind).toBe(kind);
      expect(error.status).toBe(status);
      expect(error.retryable).toBe(retryable);
      expect(error.message).toBe(message);
      expect(error.cause).toBeInstanceOf(APIError);
    },
  );

  it('maps a rejected key to invalid_key with the vendor message', async () => {
    fake.script({ apiKey: 'sk-right' });

    const { error } = await failureOf(createOpenAIProvider(), {
      apiKey: 'sk-wrong-key',
      baseURL: fake.baseURL,
    });

    expect(error.kind).toBe('invalid_key');
    expect(error.status).toBe(401);
    expect(error.message).toMatch(/^Incorrect API key provided/);
  });

  it('maps a refused connection to network', async () => {
    const port = await closedPort();

    const { error } = await failureOf(createOpenAIProvider(), {
      apiKey: 'k',
      baseURL: `http://127.0.0.1:${port}/v1`,
    });

    expect(error.kind).toBe('network');
    expect(error.retryable).toBe(true);
  });

  it('maps a server that sends no headers within the request timeout to timeout', async () => {
    fake.script({ replies: [{ error: { status: 500 }, firstChunkDelayMs: 1_000 }] });

    const { error } = await failureOf(createOpenAIProvider({ requestTimeoutMs: 100 }));

    expect(error.kind).toBe('timeout');
  });

  it('maps a stream that goes silent for the idle timeout to timeout, after the deltas that arrived', async () => {
    fake.script({ replies: [{ chunks: ['one', 'two', 'three'], stallAfterChunks: 2 }] });

    // Long enough that the fake's first deltas arrive within it on a loaded machine; the stall outlasts it.
    const { error, texts } = await failureOf(createOpenAIProvider({ idleTimeoutMs: 2_000 }));

    expect(texts).toEqual(['one', 'two']);
    expect(error.kind).toBe('timeout');
  });

  it('maps listModels failures the same way', async () => {
    fake.script({ apiKey: 'sk-right' });

    const failure = await createOpenAIProvider()
      .listModels({ credentials: { apiKey: 'sk-wrong', baseURL: fake.baseURL } })
      .catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ProviderError);
    expect((failure as ProviderError).kind).toBe('invalid_key');
  });
});
