import { startFakeOpenAI } from '@parley/fakes/openai-server';
import type { FakeOpenAI } from '@parley/fakes/openai-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collectEvents } from '../conformance/collect-events';
import type { ChatRequest } from '../types';
import { helloRequest } from './openai-conformance-target';
import { createOpenAIProvider } from './openai-provider';

let fake: FakeOpenAI;
const provider = createOpenAIProvider();

beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.reset();
});

async function sentBody(req: ChatRequest): Promise<unknown> {
  const { error } = await collectEvents(provider, req, new AbortController().signal);
  expect(error).toBeUndefined();
  return fake.requests.at(-1)?.body;
}

const conversation: ChatRequest['messages'] = [
  {
    role: 'user',
    parts: [
      { type: 'text', text: 'What is in this picture?' },
      { type: 'image', url: 'data:image/png;base64,AAAA' },
      { type: 'image', url: 'https://example.com/cat.png', detail: 'high' },
    ],
  },
  {
    role: 'assistant',
    parts: [
      { type: 'text', text: 'Let me check the weather first.' },
      { type: 'tool-call', id: 'call_1', name: 'weather', arguments: '{"city":"Oslo"}' },
    ],
  },
  { role: 'tool', parts: [{ type: 'tool-result', toolCallId: 'call_1', name: 'weather', output: 'sunny' }] },
  { role: 'user', parts: [{ type: 'text', text: 'Thanks.' }] },
];

describe('openai request body', () => {
  it('maps system, images, tool calls, tool results, parameters and tools onto the Chat Completions body', async () => {
    const body = await sentBody({
      model: 'gpt-4o',
      system: 'Be brief.',
      messages: conversation,
      params: {
        temperature: 0.5,
        topP: 0.9,
        presencePenalty: 0.1,
        frequencyPenalty: 0.2,
        maxOutputTokens: 256,
        stop: ['s1', 's2', 's3', 's4', 's5', 's6'],
        user: 'user-42',
        imageDetail: 'low',
      },
      tools: [{ name: 'weather', description: 'Weather by city', parameters: { type: 'object' } }],
      toolChoice: { name: 'weather' },
      credentials: { apiKey: 'sk-test', baseURL: fake.baseURL },
    });

    expect(body).toEqual({
      model: 'gpt-4o',
      messages: [
        { role: 'system', content: 'Be brief.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is in this picture?' },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA', detail: 'low' } },
            { type: 'image_url', image_url: { url: 'https://example.com/cat.png', detail: 'high' } },
          ],
        },
        {
          role: 'assistant',
          content: 'Let me check the weather first.',
          tool_calls: [
            { id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{"city":"Oslo"}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'call_1', content: 'sunny' },
        { role: 'user', content: 'Thanks.' },
      ],
      stream: true,
      stream_options: { include_usage: true },
      temperature: 0.5,
      top_p: 0.9,
      presence_penalty: 0.1,
      frequency_penalty: 0.2,
      max_tokens: 256,
      stop: ['s3', 's4', 's5', 's6'],
      user: 'user-42',
      tools: [
        {
          type: 'function',
          function: { name: 'weather', description: 'Weather by city', parameters: { type: 'object' } },
        },
      ],
      tool_choice: { type: 'function', function: { name: 'weather' } },
    });
  });

  it('sends only the model, messages and stream options when no parameter is set', async () => {
    const body = await sentBody(helloRequest({ apiKey: 'sk-test', baseURL: fake.baseURL }));

    expect(body).toEqual({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'Hello?' }],
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it('merges addParams into the body and then removes dropParams, even ones addParams set', async () => {
    const body = await sentBody({
      ...helloRequest({ apiKey: 'sk-test', baseURL: fake.baseURL }),
      params: { temperature: 0.7, user: 'user-1', stop: ['END'] },
      extraBody: { seed: 7, temperature: 0.2, logit_bias: { '50256': -100 } },
      dropParams: ['stop', 'user', 'logit_bias', 'stream_options'],
    });

    expect(body).toEqual({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'Hello?' }],
      stream: true,
      temperature: 0.2,
      seed: 7,
    });
  });

  it('sends the key as a Bearer token with the organization and extra headers', async () => {
    await sentBody(
      helloRequest({
        apiKey: 'sk-org',
        baseURL: fake.baseURL,
        organization: 'org-123',
        headers: { 'X-Title': 'Parley', 'HTTP-Referer': 'https://parley.example' },
      }),
    );

    const request = fake.requests.at(-1);
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.headers).toMatchObject({
      authorization: 'Bearer sk-org',
      'openai-organization': 'org-123',
      'x-title': 'Parley',
      'http-referer': 'https://parley.example',
    });
  });

  it('sends no Authorization header to a keyless OpenAI-compatible server', async () => {
    await sentBody(helloRequest({ baseURL: fake.baseURL }));

    expect(fake.requests.at(-1)?.headers.authorization).toBeUndefined();
  });
});
