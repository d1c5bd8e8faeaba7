import { describe, expect, it } from 'vitest';
import { NO_PARENT } from '@parley/shared/constants';
import type { Conversation } from '@parley/shared/schemas/conversation';
import type { Message } from '@parley/shared/schemas/message';
import type { ChatEvent } from '@parley/shared/stream/events';
import {
  applyChatEvent,
  applyChatEvents,
  placeholderReply,
  spliceText,
  type StreamState,
} from './apply-chat-event';

const now = '2026-05-20T10:00:00.000Z';

const message = (id: string, parent: string, extra: Partial<Message> = {}): Message => ({
  messageId: id,
  conversationId: 'c1',
  parentMessageId: parent,
  sender: 'User',
  text: `text of ${id}`,
  isCreatedByUser: true,
  error: false,
  unfinished: false,
  isEdited: false,
  createdAt: now,
  updatedAt: now,
  ...extra,
});

const conversation: Conversation = {
  conversationId: 'c1',
  title: 'Hello',
  user: 'u',
  endpoint: 'openAI',
  createdAt: now,
  updatedAt: now,
};

/** A new conversation right after submit: optimistic user message and an empty placeholder reply. */
function newSubmission(): StreamState {
  const user = message('tmp-user', NO_PARENT, { conversationId: 'new', text: 'Hi' });
  const reply = placeholderReply({
    messageId: 'tmp-reply',
    parentMessageId: 'tmp-user',
    conversationId: 'new',
    sender: 'GPT-4',
    now,
  });
  return {
    messages: [user, reply],
    target: { conversationId: null, userMessageId: 'tmp-user', responseMessageId: 'tmp-reply' },
  };
}

const created: ChatEvent = {
  type: 'created',
  created: true,
  message: message('u1', NO_PARENT, { text: 'Hi' }),
  responseMessageId: 'r1',
  conversationId: 'c1',
};

const text = (delta: string, offset: number): ChatEvent => ({
  type: 'text',
  messageId: 'r1',
  conversationId: 'c1',
  text: delta,
  offset,
});

describe('applyChatEvent', () => {
  it('created swaps the placeholders for the saved user message and the reply id', () => {
    const state = applyChatEvent(newSubmission(), created, now);
    expect(state.messages.map((m) => [m.messageId, m.parentMessageId, m.conversationId])).toEqual([
      ['u1', NO_PARENT, 'c1'],
      ['r1', 'u1', 'c1'],
    ]);
    expect(state.messages[1]?.sender).toBe('GPT-4');
    expect(state.target).toEqual({ conversationId: 'c1', userMessageId: 'u1', responseMessageId: 'r1' });
  });

  it("created names the reply with the server's label, the one the saved reply keeps", () => {
    const state = applyChatEvent(newSubmission(), { ...created, sender: 'Mistral' }, now);
    expect(state.messages[1]?.sender).toBe('Mistral');
    const resumed = applyChatEvent(
      { messages: [], target: { conversationId: 'c1', userMessageId: 'u1', responseMessageId: 'r1' } },
      { ...created, sender: 'Mistral' },
      now,
    );
    expect(resumed.messages[1]?.sender).toBe('Mistral');
  });

  it('text deltas append at their offset', () => {
    const state = applyChatEvents(
      applyChatEvent(newSubmission(), created, now),
      [text('Hel', 0), text('lo', 3)],
      now,
    );
    expect(state.messages[1]?.text).toBe('Hello');
  });

  it('a repeated delta (resume after a reload) replaces rather than doubles', () => {
    let state = applyChatEvents(
      applyChatEvent(newSubmission(), created, now),
      [text('Hel', 0), text('lo', 3)],
      now,
    );
    state = applyChatEvent(state, text('Hello, wor', 0), now);
    expect(state.messages[1]?.text).toBe('Hello, wor');
  });

  it('keeps the identity of every message it does not touch', () => {
    const start = applyChatEvent(newSubmission(), created, now);
    const next = applyChatEvent(start, text('x', 0), now);
    expect(next.messages[0]).toBe(start.messages[0]);
    expect(next.messages[1]).not.toBe(start.messages[1]);
  });

  it('resume without placeholders: created adds an empty reply under the saved user message', () => {
    const saved = message('u1', NO_PARENT, { text: 'Hi' });
    const state = applyChatEvent(
      { messages: [saved], target: { conversationId: 'c1', userMessageId: 'u1', responseMessageId: '' } },
      created,
      now,
    );
    expect(state.messages).toHaveLength(2);
    expect(state.messages[1]).toMatchObject({
      messageId: 'r1',
      parentMessageId: 'u1',
      text: '',
      isCreatedByUser: false,
    });
  });

  it('regenerate: created reuses the existing user message instead of adding a copy', () => {
    const user = message('u1', NO_PARENT);
    const oldReply = message('r0', 'u1', { isCreatedByUser: false });
    const placeholder = placeholderReply({
      messageId: 'tmp',
      parentMessageId: 'u1',
      conversationId: 'c1',
      sender: 'AI',
      now,
    });
    const state = applyChatEvent(
      {
        messages: [user, oldReply, placeholder],
        target: { conversationId: 'c1', userMessageId: 'u1', responseMessageId: 'tmp' },
      },
      created,
      now,
    );
    expect(state.messages.map((m) => m.messageId)).toEqual(['u1', 'r0', 'r1']);
  });

  it('an error before any text turns the reply into the error; after text it marks it unfinished', () => {
    const started = applyChatEvent(newSubmission(), created, now);
    const error: ChatEvent = {
      type: 'error',
      kind: 'invalid_api_key',
      message: 'bad key',
      text: '{"type":"invalid_api_key"}',
    };
    expect(applyChatEvent(started, error, now).messages[1]).toMatchObject({
      error: true,
      text: '{"type":"invalid_api_key"}',
    });
    const partial = applyChatEvent(started, text('Some', 0), now);
    expect(applyChatEvent(partial, error, now).messages[1]).toMatchObject({
      error: false,
      unfinished: true,
      text: 'Some',
    });
  });

  it('content events set the part at their index', () => {
    const started = applyChatEvent(newSubmission(), created, now);
    const state = applyChatEvent(
      started,
      { type: 'content', messageId: 'r1', index: 0, part: { type: 'text', text: 'part' } },
      now,
    );
    expect(state.messages[1]?.content).toEqual([{ type: 'text', text: 'part' }]);
  });

  it('tool-call parts and indexed text deltas build the reply in order; its text joins the text parts', () => {
    const started = applyChatEvent(newSubmission(), created, now);
    const call = (progress: number, output?: string): ChatEvent => ({
      type: 'content',
      messageId: 'r1',
      index: 1,
      part: {
        type: 'tool_call',
        tool_call: {
          id: 'c',
          type: 'function',
          name: 'calculator',
          arguments: '{"input":"2+2"}',
          output,
          progress,
        },
      },
    });
    const indexed = (delta: string, offset: number, index: number): ChatEvent => ({
      ...(text(delta, offset) as Extract<ChatEvent, { type: 'text' }>),
      index,
    });
    const state = applyChatEvents(
      started,
      [indexed('Let me', 0, 0), indexed(' check.', 6, 0), call(0.5), call(1, '4'), indexed('It is 4.', 0, 2)],
      now,
    );
    const reply = state.messages[1];
    expect(reply?.content).toEqual([
      { type: 'text', text: 'Let me check.' },
      {
        type: 'tool_call',
        tool_call: {
          id: 'c',
          type: 'function',
          name: 'calculator',
          arguments: '{"input":"2+2"}',
          output: '4',
          progress: 1,
        },
      },
      { type: 'text', text: 'It is 4.' },
    ]);
    expect(reply?.text).toBe('Let me check.\n\nIt is 4.');
  });

  it('a part that arrives before the parts under it keeps its index', () => {
    const started = applyChatEvent(newSubmission(), created, now);
    const state = applyChatEvent(
      started,
      {
        type: 'content',
        messageId: 'r1',
        index: 1,
        part: { type: 'image_file', image_file: { file_id: 'f1' } },
      },
      now,
    );
    expect(state.messages[1]?.content).toEqual([
      { type: 'text', text: '' },
      { type: 'image_file', image_file: { file_id: 'f1' } },
    ]);
  });

  it('final replaces both messages with the saved ones, even before created was seen', () => {
    const final: ChatEvent = {
      type: 'final',
      final: true,
      conversation,
      title: 'Hello',
      requestMessage: message('u1', NO_PARENT, { text: 'Hi' }),
      responseMessage: message('r1', 'u1', { isCreatedByUser: false, text: 'Hello!', finish_reason: 'stop' }),
    };
    const state = applyChatEvent(newSubmission(), final, now);
    expect(state.messages.map((m) => m.messageId)).toEqual(['u1', 'r1']);
    expect(state.messages[1]?.text).toBe('Hello!');
  });
});

describe('spliceText', () => {
  it('appends on a gap rather than losing the delta', () => {
    expect(spliceText('ab', 'z', 5)).toBe('abz');
  });
});
