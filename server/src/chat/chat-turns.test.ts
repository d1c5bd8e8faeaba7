import { startFakeOpenAI, type FakeOpenAI } from '@parley/fakes/openai-server';
import { NO_PARENT } from '@parley/shared/constants';
import type { Message } from '@parley/shared/schemas/message';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import {
  askToEnd,
  chatEnv,
  chatUser,
  CHAT_MODEL,
  completionBodies,
  postJson,
  startChatServer,
  type ChatServer,
} from '../../test/chat-harness';
import { describeEachEngine } from '../../test/describe-each-engine';
import type { TestUser } from '../../test/test-users';

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());

const sent = (index = -1) => completionBodies(fake).at(index)?.messages;

describeEachEngine('chat turns in the message tree', (_getDb, { getDatabase }) => {
  let server: ChatServer;
  let user: TestUser;
  beforeAll(async () => {
    server = await startChatServer(getDatabase(), chatEnv(fake));
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    fake.reset();
    user = await chatUser(server);
  });
  afterEach(() => fake.reset());

  const rows = async (conversationId: string): Promise<Message[]> => {
    const response = await server.app.inject({
      url: `/api/messages/${conversationId}`,
      headers: user.headers,
    });
    expect(response.statusCode).toBe(200);
    return response.json<Message[]>();
  };
  const reply = (text: string) => fake.script({ replies: [{ text, chunkSize: 4 }] });
  const firstExchange = async () => {
    reply('Hello there, friend');
    const reader = await askToEnd(server, user, { text: 'Hi', parentMessageId: NO_PARENT });
    const { requestMessage, responseMessage, conversation } = reader.final();
    return {
      reader,
      user1: requestMessage,
      reply1: responseMessage,
      conversationId: conversation.conversationId,
    };
  };
  const shape = (m: Message) => [m.isCreatedByUser ? 'user' : 'reply', m.text, m.parentMessageId];

  it('a new conversation streams created, text deltas and final, and saves both messages', async () => {
    const { reader, user1, reply1, conversationId } = await firstExchange();
    expect(reader.types()[0]).toBe('created');
    expect(reader.types().at(-1)).toBe('final');
    expect(reader.events.map((e) => e.id)).toEqual(reader.events.map((_, i) => i + 1));
    const deltas = reader.events.filter((e) => e.data.type === 'text');
    expect(deltas.length).toBeGreaterThan(3);
    expect(reader.text()).toBe('Hello there, friend');
    const created = reader.events[0]?.data;
    expect(created?.type === 'created' && created.message.parentMessageId).toBe(NO_PARENT);
    expect(created?.type === 'created' && created.responseMessageId).toBe(reply1.messageId);
    expect(reply1).toMatchObject({
      text: 'Hello there, friend',
      unfinished: false,
      error: false,
      finish_reason: 'stop',
    });
    expect((await rows(conversationId)).map(shape)).toEqual([
      ['user', 'Hi', NO_PARENT],
      ['reply', 'Hello there, friend', user1.messageId],
    ]);
    expect(completionBodies(fake)[0]).toMatchObject({ model: CHAT_MODEL, stream: true });
    expect(sent()).toEqual([{ role: 'user', content: 'Hi' }]);
  });

  it('a follow-up goes under the last reply and sends the path to the root', async () => {
    const { reply1, user1, conversationId } = await firstExchange();
    reply('Second answer');
    const reader = await askToEnd(server, user, {
      text: 'More?',
      conversationId,
      parentMessageId: reply1.messageId,
    });
    const { requestMessage, responseMessage } = reader.final();
    expect((await rows(conversationId)).map(shape)).toEqual([
      ['user', 'Hi', NO_PARENT],
      ['reply', 'Hello there, friend', user1.messageId],
      ['user', 'More?', reply1.messageId],
      ['reply', 'Second answer', requestMessage.messageId],
    ]);
    expect(responseMessage.parentMessageId).toBe(requestMessage.messageId);
    expect(sent()).toEqual([
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello there, friend' },
      { role: 'user', content: 'More?' },
    ]);
  });

  it('regenerate adds a sibling reply under the same user message', async () => {
    const { user1, conversationId } = await firstExchange();
    reply('Another take');
    const reader = await askToEnd(server, user, {
      text: 'Hi',
      conversationId,
      parentMessageId: NO_PARENT,
      overrideParentMessageId: user1.messageId,
      isRegenerate: true,
    });
    expect(reader.final().requestMessage.messageId).toBe(user1.messageId);
    expect((await rows(conversationId)).map(shape)).toEqual([
      ['user', 'Hi', NO_PARENT],
      ['reply', 'Hello there, friend', user1.messageId],
      ['reply', 'Another take', user1.messageId],
    ]);
    expect(sent()).toEqual([{ role: 'user', content: 'Hi' }]);
  });

  it('editing a user message and resubmitting adds a sibling user message with its own reply', async () => {
    const { user1, conversationId } = await firstExchange();
    reply('Answer to the edit');
    const reader = await askToEnd(server, user, {
      text: 'Hi, edited',
      conversationId,
      parentMessageId: NO_PARENT,
      overrideParentMessageId: user1.messageId,
      isEdited: true,
    });
    const edited = reader.final().requestMessage;
    expect(edited.messageId).not.toBe(user1.messageId);
    expect((await rows(conversationId)).map(shape)).toEqual([
      ['user', 'Hi', NO_PARENT],
      ['reply', 'Hello there, friend', user1.messageId],
      ['user', 'Hi, edited', NO_PARENT],
      ['reply', 'Answer to the edit', edited.messageId],
    ]);
    expect(sent()).toEqual([{ role: 'user', content: 'Hi, edited' }]);
  });

  it('editing a reply and saving-and-submitting adds a sibling reply that starts from the edited text', async () => {
    const { user1, reply1, conversationId } = await firstExchange();
    reply('and more.');
    const reader = await askToEnd(
      server,
      user,
      {
        text: 'Hi',
        conversationId,
        parentMessageId: user1.messageId,
        overrideParentMessageId: user1.messageId,
        responseMessageId: reply1.messageId,
        generation: 'Edited start',
        isEdited: true,
      },
      { path: '/api/edit/openAI' },
    );
    const { responseMessage } = reader.final();
    expect(responseMessage.messageId).not.toBe(reply1.messageId);
    expect(responseMessage).toMatchObject({ text: 'Edited start and more.', isEdited: true });
    expect(reader.text('Edited start')).toBe('Edited start and more.');
    expect((await rows(conversationId)).map(shape)).toEqual([
      ['user', 'Hi', NO_PARENT],
      ['reply', 'Hello there, friend', user1.messageId],
      ['reply', 'Edited start and more.', user1.messageId],
    ]);
    expect(sent()).toEqual([
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Edited start' },
    ]);
  });

  it('continue grows the same reply, sending its text as the assistant turn', async () => {
    const { user1, reply1, conversationId } = await firstExchange();
    reply('How are you?');
    const reader = await askToEnd(
      server,
      user,
      {
        text: 'Hi',
        conversationId,
        parentMessageId: user1.messageId,
        responseMessageId: reply1.messageId,
        generation: reply1.text,
        isContinued: true,
        isEdited: true,
      },
      { path: '/api/edit/openAI' },
    );
    const { responseMessage } = reader.final();
    expect(responseMessage.messageId).toBe(reply1.messageId);
    expect(reader.text('Hello there, friend')).toBe('Hello there, friend How are you?');
    expect((await rows(conversationId)).map(shape)).toEqual([
      ['user', 'Hi', NO_PARENT],
      ['reply', 'Hello there, friend How are you?', user1.messageId],
    ]);
    expect(sent()).toEqual([
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello there, friend' },
    ]);
  });

  it('refuses what cannot start before streaming, with the SPEC kind as code', async () => {
    const post = (body: Record<string, unknown>, path = '/api/ask/openAI') =>
      postJson(server, path, user, { endpoint: 'openAI', model: CHAT_MODEL, text: 'Hi', ...body });
    const cases: Array<[Record<string, unknown>, string, number, string | undefined]> = [
      [{ text: '  ' }, '/api/ask/openAI', 400, undefined],
      [{ conversationId: 'search' }, '/api/ask/openAI', 400, undefined],
      [{ endpoint: undefined }, '/api/ask/openAI', 400, undefined],
      [{ endpoint: 'google' }, '/api/ask/openAI', 400, undefined],
      [{ endpoint: 'anthropic' }, '/api/ask/anthropic', 400, 'unknown_endpoint'],
      [{ model: 'gpt-9-ultra' }, '/api/ask/openAI', 400, 'illegal_model_request'],
    ];
    for (const [body, path, status, code] of cases) {
      const response = await post(body, path);
      expect(response.status, JSON.stringify(body)).toBe(status);
      const json = (await response.json()) as { code?: string; message: string };
      expect(json.code).toBe(code);
    }
    expect(completionBodies(fake)).toEqual([]);
  });

  it("never lets a user continue, regenerate or follow up in another user's conversation", async () => {
    const { user1, reply1, conversationId } = await firstExchange();
    const intruder = await chatUser(server);
    const attempts: Array<[string, Record<string, unknown>]> = [
      ['/api/ask/openAI', { conversationId, parentMessageId: reply1.messageId }],
      ['/api/ask/openAI', { conversationId, overrideParentMessageId: user1.messageId, isRegenerate: true }],
      ['/api/edit/openAI', { conversationId, responseMessageId: reply1.messageId, isContinued: true }],
      ['/api/ask/openAI', { conversationId, parentMessageId: NO_PARENT }],
    ];
    for (const [path, body] of attempts) {
      const response = await postJson(server, path, intruder, {
        endpoint: 'openAI',
        model: CHAT_MODEL,
        text: 'x',
        ...body,
      });
      expect(response.status, JSON.stringify(body)).toBe(404);
    }
    expect((await rows(conversationId)).length).toBe(2);
  });
});
