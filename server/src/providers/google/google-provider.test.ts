import { startFakeGoogle } from '@parley/fakes/google-server';
import type { FakeGoogle } from '@parley/fakes/google-server';
import type { GoogleReply } from '@parley/fakes/google-script';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collectEvents } from '../conformance/collect-events';
import { describeConformance } from '../conformance/conformance-suite';
import { ProviderError } from '../types';
import type { ProviderEvent } from '../types';
import { createGoogleProvider } from './google-provider';
import { googleConformanceTarget, helloGemini } from './google-conformance-target';

const KEY = 'goog-test';

describeConformance('google', async () => {
  const fake = await startFakeGoogle();
  fake.script({ apiKey: KEY });
  const target = googleConformanceTarget(fake, createGoogleProvider(), () =>
    helloGemini({ apiKey: KEY, baseURL: fake.url }),
  );
  return { target, close: () => fake.close() };
});

let fake: FakeGoogle;
beforeAll(async () => {
  fake = await startFakeGoogle();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.reset();
  fake.script({ apiKey: KEY });
});

const provider = createGoogleProvider();

async function run(reply: GoogleReply): Promise<{ events: ProviderEvent[]; error: unknown }> {
  fake.script({ replies: [reply] });
  const { events, error } = await collectEvents(
    provider,
    helloGemini({ apiKey: KEY, baseURL: fake.url }),
    new AbortController().signal,
  );
  return { events: events.map(({ event }) => event), error };
}

describe('google stream events', () => {
  it('reports prompt and candidate tokens from usageMetadata on the finish', async () => {
    const { events } = await run({
      chunks: ['Hi', ' there'],
      usage: { promptTokenCount: 9, candidatesTokenCount: 3 },
    });

    expect(events).toEqual([
      { type: 'text-delta', delta: 'Hi' },
      { type: 'text-delta', delta: ' there' },
      { type: 'finish', reason: 'stop', rawReason: 'STOP', usage: { inputTokens: 9, outputTokens: 3 } },
    ]);
  });

  it.each([
    ['STOP', 'stop'],
    ['MAX_TOKENS', 'length'],
    ['SAFETY', 'content-filter'],
    ['RECITATION', 'content-filter'],
    ['BLOCKLIST', 'content-filter'],
    ['PROHIBITED_CONTENT', 'content-filter'],
    ['OTHER', 'other'],
  ] as const)('maps finishReason %s to finish %s', async (finishReason, reason) => {
    const { events } = await run({ text: 'x', finishReason });

    expect(events.at(-1)).toMatchObject({ type: 'finish', reason, rawReason: finishReason });
  });

  it('keeps the text that came before a safety stop and finishes with content-filter', async () => {
    const { events, error } = await run({ chunks: ['Once upon', ' a time'], finishReason: 'SAFETY' });

    expect(error).toBeUndefined();
    expect(events.filter((e) => e.type === 'text-delta')).toHaveLength(2);
    expect(events.at(-1)).toMatchObject({ type: 'finish', reason: 'content-filter' });
  });

  it('fails with a moderation error, and no finish, when the prompt itself is blocked', async () => {
    const { events, error } = await run({ blockReason: 'SAFETY' });

    expect(events).toEqual([]);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ kind: 'moderation', retryable: false });
  });

  it('emits function calls as a tool-call delta and call, and finishes with tool-calls', async () => {
    const { events } = await run({ functionCalls: [{ name: 'weather', args: { city: 'Paris' } }] });

    expect(events).toEqual([
      {
        type: 'tool-call-delta',
        index: 0,
        id: 'call_0',
        name: 'weather',
        argumentsDelta: '{"city":"Paris"}',
      },
      { type: 'tool-call', id: 'call_0', name: 'weather', arguments: '{"city":"Paris"}' },
      expect.objectContaining({ type: 'finish', reason: 'tool-calls', rawReason: 'STOP' }),
    ]);
  });
});

describe('google error mapping', () => {
  it.each([
    [400, 'INVALID_ARGUMENT', 'Invalid value at generation_config.top_k', 'bad_request'],
    [
      400,
      'INVALID_ARGUMENT',
      'The input token count (2000000) exceeds the maximum number of tokens allowed (1048576).',
      'context_length',
    ],
    [403, 'PERMISSION_DENIED', 'The caller does not have permission', 'invalid_key'],
    [404, 'NOT_FOUND', 'models/gemini-9 is not found for API version v1beta', 'model_not_found'],
    [
      429,
      'RESOURCE_EXHAUSTED',
      'You exceeded your current quota, please check your plan and billing details.',
      'quota',
    ],
    [503, 'UNAVAILABLE', 'The model is overloaded. Please try again later.', 'upstream'],
  ] as const)('maps %i %s "%s" to %s', async (status, type, message, kind) => {
    const { error } = await run({ error: { status, type, message } });

    expect(error).toMatchObject({ kind, status, message });
  });

  it('maps the 400 API_KEY_INVALID the Gemini API sends for a wrong key to invalid_key', async () => {
    const { error } = await collectEvents(
      provider,
      helloGemini({ apiKey: 'wrong', baseURL: fake.url }),
      new AbortController().signal,
    );

    expect(error).toMatchObject({
      kind: 'invalid_key',
      status: 400,
      message: 'API key not valid. Please pass a valid API key.',
    });
  });

  it('maps a refused connection to network', async () => {
    const { error } = await collectEvents(
      provider,
      helloGemini({ apiKey: KEY, baseURL: 'http://127.0.0.1:9' }),
      new AbortController().signal,
    );

    expect(error).toMatchObject({ kind: 'network' });
  });
});

describe('google listModels', () => {
  it('lists model ids without the models/ prefix', async () => {
    fake.script({ models: ['gemini-a', 'gemini-b'] });

    const models = await provider.listModels({ credentials: { apiKey: KEY, baseURL: fake.url } });

    expect(models).toEqual(['gemini-a', 'gemini-b']);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v1beta/models' });
  });

  it('throws invalid_key for a wrong key, so the caller can fall back to its configured list', async () => {
    await expect(
      provider.listModels({ credentials: { apiKey: 'wrong', baseURL: fake.url } }),
    ).rejects.toMatchObject({
      kind: 'invalid_key',
    });
  });
});
