import { startFakeAnthropic } from '@parley/fakes/anthropic-server';
import type { FakeAnthropic } from '@parley/fakes/anthropic-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collectEvents } from '../conformance/collect-events';
import type { ChatRequest, PromptMessage } from '../types';
import { createAnthropicProvider } from './anthropic-provider';

let fake: FakeAnthropic;
beforeAll(async () => {
  fake = await startFakeAnthropic();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.reset();
});

const provider = createAnthropicProvider();
const user = (text: string): PromptMessage => ({ role: 'user', parts: [{ type: 'text', text }] });
const assistant = (text: string): PromptMessage => ({ role: 'assistant', parts: [{ type: 'text', text }] });

/** Sends the request through the adapter and returns the JSON body the fake received. */
async function sentBody(overrides: Partial<ChatRequest>): Promise<Record<string, unknown>> {
  const request: ChatRequest = {
    model: 'claude-3-haiku-20240307',
    messages: [user('Hi')],
    params: {},
    credentials: { apiKey: 'k', baseURL: fake.url },
    ...overrides,
  };
  const { error } = await collectEvents(provider, request, new AbortController().signal);
  expect(error).toBeUndefined();
  const body = fake.requests.at(-1)?.body;
  if (typeof body !== 'object' || body === null) throw new Error('the fake received no JSON body');
  return body as Record<string, unknown>;
}

describe('anthropic request body', () => {
  it('sends the system prompt apart, the parameters by their API names and max_tokens 4000 by default', async () => {
    const body = await sentBody({
      system: 'Be brief.',
      params: { temperature: 0.5, topP: 0.7, topK: 5, stop: ['a', 'b', 'c', 'd', 'e'], user: 'user-1' },
    });

    expect(body).toEqual({
      model: 'claude-3-haiku-20240307',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
      max_tokens: 4000,
      stream: true,
      system: 'Be brief.',
      temperature: 0.5,
      top_p: 0.7,
      top_k: 5,
      stop_sequences: ['b', 'c', 'd', 'e'],
      metadata: { user_id: 'user-1' },
    });
    expect(fake.requests.at(-1)?.headers.authorization).toBe('Bearer k');
  });

  it.each([
    ['claude-3-haiku-20240307', 10_000, 4096],
    ['claude-3-5-sonnet-20240620', 10_000, 8192],
    ['claude-3-5-sonnet-20240620', 2000, 2000],
    ['claude-2.1', 0, 1],
  ])('clamps max_tokens for %s: asked %i, sent %i', async (model, asked, sent) => {
    const body = await sentBody({ model, params: { maxOutputTokens: asked } });

    expect(body.max_tokens).toBe(sent);
  });

  it('drops a leading greeting and empty turns, and merges neighbours so roles alternate from the user', async () => {
    const body = await sentBody({
      messages: [
        assistant('Welcome!'),
        user('a'),
        user('b'),
        assistant('   '),
        assistant('answer'),
        user('c'),
      ],
    });

    expect(body.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'a' },
          { type: 'text', text: 'b' },
        ],
      },
      { role: 'assistant', content: [{ type: 'text', text: 'answer' }] },
      { role: 'user', content: [{ type: 'text', text: 'c' }] },
    ]);
  });

  it('sends a base64 data URL as a base64 image block and an https URL as a url image block', async () => {
    const body = await sentBody({
      messages: [
        {
          role: 'user',
          parts: [
            { type: 'image', url: 'data:image/png;base64,iVBORw0KGgo=' },
            { type: 'image', url: 'https://example.com/cat.jpg', detail: 'high' },
            { type: 'text', text: 'What are these?' },
          ],
        },
      ],
    });

    expect(body.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
          { type: 'image', source: { type: 'url', url: 'https://example.com/cat.jpg' } },
          { type: 'text', text: 'What are these?' },
        ],
      },
    ]);
  });

  it('sends tool calls as tool_use blocks and their results first in the next user turn', async () => {
    const body = await sentBody({
      messages: [
        user('Weather?'),
        {
          role: 'assistant',
          parts: [
            { type: 'text', text: 'Checking.' },
            { type: 'tool-call', id: 'toolu_1', name: 'weather', arguments: '{"city":"Paris"}' },
          ],
        },
        {
          role: 'tool',
          parts: [{ type: 'tool-result', toolCallId: 'toolu_1', name: 'weather', output: '21 C' }],
        },
        user('Thanks, and tomorrow?'),
      ],
      tools: [
        {
          name: 'weather',
          description: 'Gets the weather',
          parameters: { properties: { city: { type: 'string' } } },
        },
      ],
      toolChoice: 'required',
    });

    expect(body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Weather?' }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Checking.' },
          { type: 'tool_use', id: 'toolu_1', name: 'weather', input: { city: 'Paris' } },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_1', content: '21 C' },
          { type: 'text', text: 'Thanks, and tomorrow?' },
        ],
      },
    ]);
    expect(body.tools).toEqual([
      {
        name: 'weather',
        description: 'Gets the weather',
        input_schema: { type: 'object', properties: { city: { type: 'string' } } },
      },
    ]);
    expect(body.tool_choice).toEqual({ type: 'any' });
  });

  it('trims trailing whitespace from a final assistant turn the model continues', async () => {
    const body = await sentBody({ messages: [user('Count to five.'), assistant('One, two, ')] });

    expect(body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Count to five.' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'One, two,' }] },
    ]);
  });

  it('merges addParams into the body and removes dropParams', async () => {
    const body = await sentBody({
      params: { temperature: 0.3, topP: 0.9 },
      extraBody: { service_tier: 'standard_only' },
      dropParams: ['top_p'],
    });

    expect(body).toMatchObject({ temperature: 0.3, service_tier: 'standard_only' });
    expect(body).not.toHaveProperty('top_p');
  });
});
