import { describe, expect, it } from 'vitest';
import { NO_PARENT } from '@parley/shared/constants';
import type { Message } from '@parley/shared/schemas/message';
import { abortPath, buildChatCall, chatPath, type ConversationSetup } from './build-request';

const setup: ConversationSetup = {
  endpoint: 'openAI',
  model: 'gpt-4o',
  temperature: 0.5,
  promptPrefix: '',
  chatGptLabel: null,
};

const msg = (id: string, parent: string, extra: Partial<Message> = {}): Message => ({
  messageId: id,
  conversationId: 'c1',
  parentMessageId: parent,
  sender: 'User',
  text: `text ${id}`,
  isCreatedByUser: true,
  error: false,
  unfinished: false,
  isEdited: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});

const user = msg('u1', 'r0');
const reply = msg('r1', 'u1', { isCreatedByUser: false, text: 'partial answer' });

describe('buildChatCall', () => {
  it('a first message has no conversation and the root parent', () => {
    const call = buildChatCall({ kind: 'new', text: '  Hi  ', parent: null }, setup, null);
    expect(call.path).toBe('/api/ask/openAI');
    expect(call.body).toMatchObject({
      text: 'Hi',
      conversationId: null,
      parentMessageId: NO_PARENT,
      model: 'gpt-4o',
      temperature: 0.5,
    });
    expect(call.body).not.toHaveProperty('promptPrefix');
    expect(call.body).not.toHaveProperty('chatGptLabel');
  });

  it('a follow-up hangs under the latest message', () => {
    expect(buildChatCall({ kind: 'new', text: 'More', parent: reply }, setup, 'c1').body).toMatchObject({
      conversationId: 'c1',
      parentMessageId: 'r1',
    });
  });

  it('regenerate re-sends the user message under its own id', () => {
    expect(buildChatCall({ kind: 'regenerate', userMessage: user }, setup, 'c1').body).toMatchObject({
      text: 'text u1',
      parentMessageId: 'r0',
      overrideParentMessageId: 'u1',
      isRegenerate: true,
    });
  });

  it('editing a user message asks again beside it', () => {
    const call = buildChatCall({ kind: 'edit-user', userMessage: user, text: 'changed' }, setup, 'c1');
    expect(call.path).toBe('/api/ask/openAI');
    expect(call.body).toMatchObject({
      text: 'changed',
      parentMessageId: 'r0',
      overrideParentMessageId: 'u1',
      isEdited: true,
    });
    expect(call.body).not.toHaveProperty('isRegenerate');
  });

  it('editing a reply goes to /api/edit with the edited text as generation', () => {
    const call = buildChatCall(
      { kind: 'edit-reply', userMessage: user, reply, text: 'better start' },
      setup,
      'c1',
    );
    expect(call.path).toBe('/api/edit/openAI');
    expect(call.body).toMatchObject({
      responseMessageId: 'r1',
      overrideParentMessageId: 'u1',
      generation: 'better start',
      isEdited: true,
      isContinued: false,
    });
  });

  it('continue keeps the reply id and sends the continued, regenerate and edited flags', () => {
    expect(buildChatCall({ kind: 'continue', userMessage: user, reply }, setup, 'c1').body).toMatchObject({
      responseMessageId: 'r1',
      generation: 'partial answer',
      isContinued: true,
      isEdited: true,
      isRegenerate: true,
    });
  });
});

describe('files in the chat request', () => {
  const file = {
    file_id: 'f1',
    filename: 'cat.png',
    filepath: '/api/files/content/f1?sig=x',
    type: 'image/png',
  };

  it('a new message carries its uploaded files; none means no files key', () => {
    const withFiles = buildChatCall({ kind: 'new', text: 'Look', parent: null, files: [file] }, setup, null);
    expect(withFiles.body.files).toEqual([file]);
    const without = buildChatCall({ kind: 'new', text: 'Look', parent: null, files: [] }, setup, null);
    expect('files' in without.body).toBe(false);
  });

  it('regenerate and a user edit resubmit the user message files; continue does not', () => {
    const withFile = msg('u2', 'r0', { files: [file] });
    expect(buildChatCall({ kind: 'regenerate', userMessage: withFile }, setup, 'c1').body.files).toEqual([
      file,
    ]);
    expect(
      buildChatCall({ kind: 'edit-user', userMessage: withFile, text: 'again' }, setup, 'c1').body.files,
    ).toEqual([file]);
    const reply2 = msg('r2', 'u2', { isCreatedByUser: false });
    expect(
      buildChatCall({ kind: 'continue', userMessage: withFile, reply: reply2 }, setup, 'c1').body.files,
    ).toBe(undefined);
  });
});

describe('paths', () => {
  it('a custom endpoint uses the custom path and keeps its name in the body', () => {
    const custom = { ...setup, endpoint: 'Mistral', endpointType: 'custom' };
    expect(chatPath('ask', custom)).toBe('/api/ask/custom');
    expect(abortPath(custom)).toBe('/api/ask/custom/abort');
    expect(buildChatCall({ kind: 'new', text: 'x', parent: null }, custom, null).body.endpoint).toBe(
      'Mistral',
    );
  });
});

describe('assistants routes', () => {
  it('asks, regenerates and stops on /api/assistants/chat ', () => {
    const setup = { endpoint: 'assistants', model: 'gpt-4o', assistant_id: 'asst_1' };
    expect(chatPath('ask', setup)).toBe('/api/assistants/chat');
    expect(chatPath('edit', setup)).toBe('/api/assistants/chat');
    expect(abortPath(setup)).toBe('/api/assistants/chat/abort');
  });
});
