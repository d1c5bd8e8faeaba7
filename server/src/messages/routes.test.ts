import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { NO_PARENT } from '@parley/shared/constants';
import { messageSchema } from '@parley/shared/schemas/message';
import { describeEachEngine } from '../../test/describe-each-engine';
import { testConfig } from '../../test/test-app';
import { buildApp } from '../app';
import type { AppConfig } from '../config/app-config';
import { saveConversationForTurn } from '../conversations/service';
import { createTestUser, type TestUser } from '../../test/test-users';
import { messages } from '../db/schema';
import { getMessage, saveMessage } from './service';

describeEachEngine('message routes', (getDb, { getDatabase }) => {
  let app: FastifyInstance;
  let config: AppConfig;
  beforeAll(async () => {
    config = testConfig();
    app = await buildApp({ config, database: getDatabase() });
  });
  afterAll(() => app.close());

  const user = (name: string) =>
    createTestUser({ database: getDatabase(), config }, { name, password: null });
  async function conversationOf(owner: TestUser): Promise<string> {
    const conversationId = randomUUID();
    await saveConversationForTurn(getDb(), owner.user.id, {
      conversationId,
      endpoint: 'openAI',
      options: {},
    });
    return conversationId;
  }
  const say = (owner: TestUser, conversationId: string, parentMessageId: string, text: string) =>
    saveMessage(getDb(), owner.user.id, {
      messageId: randomUUID(),
      conversationId,
      parentMessageId,
      sender: parentMessageId === NO_PARENT ? 'User' : 'GPT-4',
      text,
      isCreatedByUser: parentMessageId === NO_PARENT,
      model: 'gpt-4o',
    });
  const put = (owner: TestUser, conversationId: string, messageId: string, payload: object) =>
    app.inject({
      method: 'PUT',
      url: `/api/messages/${conversationId}/${messageId}`,
      headers: owner.headers,
      payload,
    });

  it('lists every message of the conversation, all branches, oldest first', async () => {
    const alice = await user('alice');
    const conversationId = await conversationOf(alice);
    const question = await say(alice, conversationId, NO_PARENT, 'Question');
    const first = await say(alice, conversationId, question.messageId, 'First answer');
    const regenerated = await say(alice, conversationId, question.messageId, 'Second answer');
    const followUp = await say(alice, conversationId, first.messageId, 'Follow-up');

    const response = await app.inject({ url: `/api/messages/${conversationId}`, headers: alice.headers });
    expect(response.statusCode).toBe(200);
    const body = z.array(messageSchema).parse(response.json());
    expect(body.map((m) => m.messageId)).toEqual(
      [question, first, regenerated, followUp].map((m) => m.messageId),
    );
    expect(body[1]).toMatchObject({
      parentMessageId: question.messageId,
      text: 'First answer',
      isEdited: false,
    });
  });

  it('answers [] for "new" and 404 for an unknown or malformed conversation id', async () => {
    const alice = await user('alice');
    const fresh = await app.inject({ url: '/api/messages/new', headers: alice.headers });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toEqual([]);
    for (const id of [randomUUID(), 'nope']) {
      expect((await app.inject({ url: `/api/messages/${id}`, headers: alice.headers })).statusCode).toBe(404);
    }
    expect((await app.inject({ url: '/api/messages/new' })).statusCode).toBe(401);
  });

  it('edits a message: new text, isEdited, recounted tokens, and a search index that follows', async () => {
    const alice = await user('alice');
    const conversationId = await conversationOf(alice);
    const message = await say(alice, conversationId, NO_PARENT, 'the quick brown fox');

    const response = await put(alice, conversationId, message.messageId, { text: 'a zebra crossing' });
    expect(response.statusCode).toBe(200);
    const body = messageSchema.parse(response.json());
    expect(body).toMatchObject({
      messageId: message.messageId,
      text: 'a zebra crossing',
      isEdited: true,
      tokenCount: 3,
    });

    const matching = (words: string) =>
      getDb()
        .select({ messageId: messages.messageId })
        .from(messages)
        .where(
          and(
            eq(messages.userId, alice.user.id),
            sql`${messages.searchVector} @@ websearch_to_tsquery('simple', ${words})`,
          ),
        );
    expect(await matching('zebra')).toEqual([{ messageId: message.messageId }]);
    expect(await matching('fox')).toEqual([]);
  });

  it('refuses an edit without text with 400 "text is required"', async () => {
    const alice = await user('alice');
    const conversationId = await conversationOf(alice);
    const message = await say(alice, conversationId, NO_PARENT, 'original');
    for (const payload of [{}, { text: '' }, { text: '   ' }]) {
      const response = await put(alice, conversationId, message.messageId, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: 'text is required' });
    }
    expect((await getMessage(getDb(), alice.user.id, conversationId, message.messageId))?.text).toBe(
      'original',
    );
  });

  it('answers 404 when editing a message that is not in that conversation', async () => {
    const alice = await user('alice');
    const one = await conversationOf(alice);
    const other = await conversationOf(alice);
    const message = await say(alice, one, NO_PARENT, 'original');
    expect((await put(alice, other, message.messageId, { text: 'moved?' })).statusCode).toBe(404);
    expect((await put(alice, one, randomUUID(), { text: 'x' })).statusCode).toBe(404);
    expect((await put(alice, one, 'not-an-id', { text: 'x' })).statusCode).toBe(404);
  });

  it('isolates users: another user’s messages are 404 to read and to edit', async () => {
    const alice = await user('alice');
    const bob = await user('bob');
    const conversationId = await conversationOf(alice);
    const message = await say(alice, conversationId, NO_PARENT, 'private');

    expect(
      (await app.inject({ url: `/api/messages/${conversationId}`, headers: bob.headers })).statusCode,
    ).toBe(404);
    expect((await put(bob, conversationId, message.messageId, { text: 'defaced' })).statusCode).toBe(404);
    const bobs = await conversationOf(bob);
    expect((await put(bob, bobs, message.messageId, { text: 'defaced' })).statusCode).toBe(404);
    expect((await getMessage(getDb(), alice.user.id, conversationId, message.messageId))?.text).toBe(
      'private',
    );
  });
});
