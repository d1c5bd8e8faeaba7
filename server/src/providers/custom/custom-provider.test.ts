import { startFakeOpenAI } from '@parley/fakes/openai-server';
import type { FakeOpenAI } from '@parley/fakes/openai-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collectEvents } from '../conformance/collect-events';
import { describeConformance } from '../conformance/conformance-suite';
import { helloRequest, openAIConformanceTarget } from '../openai/openai-conformance-target';
import { ProviderError } from '../types';
import { createCustomProvider } from './custom-provider';

describeConformance('custom', async () => {
  const fake = await startFakeOpenAI();
  const target = openAIConformanceTarget(fake, createCustomProvider(), () =>
    helloRequest({ baseURL: fake.baseURL }, 'llama3'),
  );
  return { target, close: () => fake.close() };
});

describe('custom endpoint requests', () => {
  let fake: FakeOpenAI;
  const provider = createCustomProvider();

  beforeAll(async () => {
    fake = await startFakeOpenAI();
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(() => {
    fake.reset();
  });

  it("sends the endpoint's headers and applies its addParams and dropParams", async () => {
    const { error } = await collectEvents(
      provider,
      {
        ...helloRequest(
          {
            apiKey: 'or-key',
            baseURL: fake.baseURL,
            headers: { 'X-Title': 'Parley', 'HTTP-Referer': 'https://parley.example' },
          },
          'mistral-large',
        ),
        params: { temperature: 0.4, presencePenalty: 0.5, frequencyPenalty: 0.5, user: 'u-1' },
        extraBody: { safe_prompt: true },
        dropParams: ['presence_penalty', 'frequency_penalty', 'user', 'stream_options'],
      },
      new AbortController().signal,
    );

    expect(error).toBeUndefined();
    const request = fake.requests[0];
    expect(request?.headers).toMatchObject({
      authorization: 'Bearer or-key',
      'x-title': 'Parley',
      'http-referer': 'https://parley.example',
    });
    expect(request?.body).toEqual({
      model: 'mistral-large',
      messages: [{ role: 'user', content: 'Hello?' }],
      stream: true,
      temperature: 0.4,
      safe_prompt: true,
    });
  });

  it('fails the stream with bad_request when the endpoint has no base URL', async () => {
    const { error } = await collectEvents(
      provider,
      helloRequest({ apiKey: 'k' }),
      new AbortController().signal,
    );

    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).kind).toBe('bad_request');
  });

  it("lists the server's models without a key", async () => {
    fake.script({ models: ['llama3', 'mistral'] });

    expect(await provider.listModels({ credentials: { baseURL: fake.baseURL } })).toEqual([
      'llama3',
      'mistral',
    ]);
    expect(fake.requests[0]?.headers.authorization).toBeUndefined();
  });
});
