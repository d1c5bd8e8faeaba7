import { startFakeChatGPTBrowser } from '@parley/fakes/chatgpt-browser-server';
import type { FakeChatGPTBrowser } from '@parley/fakes/chatgpt-browser-server';
import type { ChatGPTBrowserReply } from '@parley/fakes/chatgpt-browser-script';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collectEvents } from '../conformance/collect-events';
import { describeConformance } from '../conformance/conformance-suite';
import { ProviderError } from '../types';
import type { ChatRequest, ProviderEvent } from '../types';
import { chatGPTBrowserConformanceTarget, helloChatGPT } from './chatgpt-browser-conformance-target';
import { createChatGPTBrowserProvider } from './chatgpt-browser-provider';

const TOKEN = 'eyJ-access-token';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describeConformance('chatGPTBrowser', async () => {
  const fake = await startFakeChatGPTBrowser();
  fake.script({ apiKey: TOKEN });
  const target = chatGPTBrowserConformanceTarget(fake, createChatGPTBrowserProvider(), () =>
    helloChatGPT({ apiKey: TOKEN, baseURL: fake.conversationUrl }),
  );
  return { target, close: () => fake.close() };
});

let fake: FakeChatGPTBrowser;
beforeAll(async () => {
  fake = await startFakeChatGPTBrowser();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.reset();
  fake.script({ apiKey: TOKEN });
});

const provider = createChatGPTBrowserProvider();

function request(overrides: Partial<ChatRequest> = {}): ChatRequest {
  return { ...helloChatGPT({ apiKey: TOKEN, baseURL: fake.conversationUrl }), ...overrides };
}

async function run(
  reply: ChatGPTBrowserReply,
  req: ChatRequest = request(),
): Promise<{ events: ProviderEvent[]; error: unknown }> {
  fake.script({ replies: [reply] });
  const { events, error } = await collectEvents(provider, req, new AbortController().signal);
  return { events: events.map(({ event }) => event), error };
}

function stateOf(events: ProviderEvent[]): Record<string, unknown> {
  const event = events.find((e) => e.type === 'provider-state');
  if (event?.type !== 'provider-state') throw new Error('no provider-state event');
  return event.state;
}

async function errorOf(reply: ChatGPTBrowserReply, req?: ChatRequest): Promise<ProviderError> {
  const { error } = await run(reply, req);
  if (!(error instanceof ProviderError)) throw new Error(`expected a ProviderError, got ${String(error)}`);
  return error;
}

describe('chatGPTBrowser request', () => {
  it('posts action next with the user message, a fresh parent id, the model and the bearer token', async () => {
    await run({ text: 'Hi' });

    const [received] = fake.requests;
    expect(received).toMatchObject({ method: 'POST', path: '/backend-api/conversation' });
    expect(received?.headers).toMatchObject({
      authorization: `Bearer ${TOKEN}`,
      accept: 'text/event-stream',
      'content-type': 'application/json',
    });
    expect(received?.body).toEqual({
      action: 'next',
      messages: [
        {
          id: expect.stringMatching(UUID),
          author: { role: 'user' },
          role: 'user',
          content: { content_type: 'text', parts: ['Hello?'] },
        },
      ],
      parent_message_id: expect.stringMatching(UUID),
      model: 'text-davinci-002-render-sha',
    });
  });

  it('defaults the model to text-davinci-002-render-sha', async () => {
    await run({ text: 'Hi' }, request({ model: '' }));

    expect(fake.requests[0]?.body).toMatchObject({ model: 'text-davinci-002-render-sha' });
  });

  it('continues the upstream conversation with the ids handed back by the previous turn', async () => {
    const first = await run({ text: 'First answer' });
    const state = stateOf(first.events);
    const userMessageId = (fake.requests[0]?.body as { messages: Array<{ id: string }> }).messages[0]?.id;
    expect(state).toEqual({
      conversationId: expect.stringMatching(UUID),
      parentMessageId: expect.stringMatching(UUID),
      messageId: state.parentMessageId,
      userMessageId,
    });

    const second = await run({ text: 'Second answer' }, request({ params: { providerState: state } }));

    expect(second.error).toBeUndefined();
    expect(second.events.map((e) => (e.type === 'text-delta' ? e.delta : '')).join('')).toBe('Second answer');
    expect(fake.requests[1]?.body).toMatchObject({
      conversation_id: state.conversationId,
      parent_message_id: state.parentMessageId,
    });
    expect(stateOf(second.events).conversationId).toBe(state.conversationId);
  });

  it('starts a new conversation when only one of the two ids is known', async () => {
    await run({ text: 'Hi' }, request({ params: { providerState: { conversationId: 'c-1' } } }));

    const body = fake.requests[0]?.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('conversation_id');
    expect(body.parent_message_id).toMatch(UUID);
  });

  it('sends only the latest user message, with the system prompt prepended on a new conversation', async () => {
    const history: ChatRequest['messages'] = [
      { role: 'user', parts: [{ type: 'text', text: 'Old question' }] },
      { role: 'assistant', parts: [{ type: 'text', text: 'Old answer' }] },
      { role: 'user', parts: [{ type: 'text', text: 'New question' }] },
    ];
    await run({ text: 'Hi' }, request({ system: 'Be brief.', messages: history }));

    expect(fake.requests[0]?.body).toMatchObject({
      messages: [{ content: { parts: ['Be brief.\n\nNew question'] } }],
    });
  });

  it('fails with bad_request when there is no user text to send', async () => {
    const error = await errorOf({ text: 'unused' }, request({ messages: [] }));

    expect(error.kind).toBe('bad_request');
    expect(fake.requests).toHaveLength(0);
  });
});

describe('chatGPTBrowser answer stream', () => {
  it('turns whole-message events into the new suffixes, ignoring an echo of the user message', async () => {
    const { events } = await run({ chunks: ['Hel', 'lo', ', world'], echoUserMessage: true });

    expect(events.filter((e) => e.type === 'text-delta')).toEqual([
      { type: 'text-delta', delta: 'Hel' },
      { type: 'text-delta', delta: 'lo' },
      { type: 'text-delta', delta: ', world' },
    ]);
  });

  it('ends with the provider state, then one stop finish with counted usage', async () => {
    const { events } = await run({ text: 'Counted reply' });

    expect(events.slice(-2).map((e) => e.type)).toEqual(['provider-state', 'finish']);
    expect(events.at(-1)).toEqual({
      type: 'finish',
      reason: 'stop',
      rawReason: 'stop',
      usage: { inputTokens: expect.any(Number), outputTokens: expect.any(Number) },
    });
  });

  it.each([
    ['max_tokens', 'length'],
    ['interrupted', 'other'],
  ] as const)('maps finish_details %s to finish %s', async (finishType, reason) => {
    const { events } = await run({ text: 'Cut', finishType });

    expect(events.at(-1)).toMatchObject({ type: 'finish', reason, rawReason: finishType });
  });

  it('throws an upstream error sent inside the stream, after the deltas before it', async () => {
    const { events, error } = await run({
      chunks: ['a', 'b', 'c'],
      streamError: { afterChunks: 2, message: 'Something went wrong' },
    });

    expect(events).toEqual([
      { type: 'text-delta', delta: 'a' },
      { type: 'text-delta', delta: 'b' },
    ]);
    expect(error).toMatchObject({ kind: 'upstream', message: 'ChatGPT: Something went wrong' });
  });

  it('fails with timeout when the backend stays silent longer than the idle limit', async () => {
    const impatient = createChatGPTBrowserProvider({ idleTimeoutMs: 150 });
    fake.script({ replies: [{ chunks: ['a', 'b'], stallAfterChunks: 1 }] });

    const { error } = await collectEvents(impatient, request(), new AbortController().signal);

    expect(error).toMatchObject({ kind: 'timeout' });
  });
});

describe('chatGPTBrowser errors', () => {
  it('maps a rejected access token to invalid_key with the backend message', async () => {
    const error = await errorOf(
      { text: 'unused' },
      { ...request(), credentials: { ...request().credentials, apiKey: 'old' } },
    );

    expect(error).toMatchObject({
      kind: 'invalid_key',
      status: 401,
      message: 'Your authentication token has expired. Please try signing in again.',
    });
  });

  it('maps an unknown conversation (404) to bad_request', async () => {
    const stale = { providerState: { conversationId: 'gone', parentMessageId: 'gone-too' } };
    const error = await errorOf({ text: 'unused' }, request({ params: stale }));

    expect(error).toMatchObject({ kind: 'bad_request', status: 404, message: 'Conversation not found' });
  });

  it('maps 413 to context_length and 503 to a retryable upstream error', async () => {
    expect(await errorOf({ error: { status: 413 } })).toMatchObject({ kind: 'context_length', status: 413 });
    expect(await errorOf({ error: { status: 503 } })).toMatchObject({
      kind: 'upstream',
      status: 503,
      retryable: true,
    });
  });

  it('maps an unreachable backend to network', async () => {
    const closed = await startFakeChatGPTBrowser();
    const url = closed.conversationUrl;
    await closed.close();

    const { error } = await collectEvents(
      provider,
      request({ credentials: { apiKey: TOKEN, baseURL: url } }),
      new AbortController().signal,
    );

    expect(error).toMatchObject({ kind: 'network' });
  });
});
