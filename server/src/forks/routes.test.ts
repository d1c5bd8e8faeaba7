import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { NO_PARENT } from '@parley/shared/constants';
import { forkResponseSchema, type ForkResponse } from '@parley/shared/schemas/fork';
import type { Message } from '@parley/shared/schemas/message';
import { describeEachEngine } from '../../test/describe-each-engine';
import { testConfig } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { buildApp } from '../app';
import type { AppConfig } from '../config/app-config';
import { saveConversationForTurn } from '../conversations/service';
import { saveMessage } from '../messages/service';

describeEachEngine('fork and duplicate routes', (getDb, { getDatabase }) => {
  let app: FastifyInstance;
  let config: AppConfig;
  beforeAll(async () => {
    config = testConfig();
    app = await buildApp({ config, database: getDatabase() });
  });
  afterAll(() => app.close());

  const user = (name: string): Promise<TestUser> =>
    createTestUser({ database: getDatabase(), config }, { name, password: null });
  const newConversation = async (owner: TestUser, extra: object = {}) =>
    (
      await saveConversationForTurn(getDb(), owner.user.id, {
        conversationId: randomUUID(),
        endpoint: 'openAI',
        model: 'gpt-4o',
        options: { promptPrefix: 'Be brief.' },
        ...extra,
      })
    ).conversationId;
  const message = async (owner: TestUser, conversationId: string, text: string, parent = NO_PARENT) => {
    const saved = await saveMessage(getDb(), owner.user.id, {
      messageId: randomUUID(),
      conversationId,
      parentMessageId: parent,
      sender: text.startsWith('u') ? 'User' : 'GPT-4',
      text,
      isCreatedByUser: text.startsWith('u'),
    });
    return saved.messageId;
  };
  /**
   * u1 → a1 → u2 → a2, with a1b a second answer to u1 (regenerated). Returns the ids by text.
   */
  const tree = async (owner: TestUser) => {
    const conversationId = await newConversation(owner);
    const u1 = await message(owner, conversationId, 'u1');
    const a1 = await message(owner, conversationId, 'a1', u1);
    const a1b = await message(owner, conversationId, 'a1b', u1);
    const u2 = await message(owner, conversationId, 'u2', a1);
    const a2 = await message(owner, conversationId, 'a2', u2);
    return { conversationId, ids: { u1, a1, a1b, u2, a2 } };
  };
  const post = (owner: TestUser, url: string, payload: object) =>
    app.inject({ method: 'POST', url, headers: owner.headers, payload });
  const fork = async (owner: TestUser, payload: object): Promise<ForkResponse> => {
    const response = await post(owner, '/api/convos/fork', payload);
    expect(response.statusCode, response.body).toBe(200);
    return forkResponseSchema.parse(response.json());
  };
  /**
   * The copy as `text <- parent text` lines (root: `-`), sorted, checking every id is new and every parent copied.
   * Sorted because the order of messages saved in the same millisecond is not theirs to keep: PGlite's clock
   * counts milliseconds, so such messages tie on `createdAt` and list by id.
   */
  const shape = (copy: ForkResponse, originals: Record<string, string>) => {
    const byId = new Map(copy.messages.map((m: Message) => [m.messageId, m]));
    const originalIds = new Set(Object.values(originals));
    return copy.messages
      .map((m) => {
        expect(originalIds.has(m.messageId)).toBe(false);
        expect(m.conversationId).toBe(copy.conversation.conversationId);
        const parent = m.parentMessageId === NO_PARENT ? '-' : byId.get(m.parentMessageId)?.text;
        expect(parent, `parent of ${m.text}`).toBeDefined();
        return `${m.text} <- ${parent}`;
      })
      .sort();
  };
  const sorted = (lines: string[]) => [...lines].sort();

  it('forks the visible path, with branches, or down to the target level, as a new conversation', async () => {
    const alice = await user('alice');
    const { conversationId, ids } = await tree(alice);
    const direct = await fork(alice, { conversationId, messageId: ids.u2, option: 'directPath' });
    expect(direct.conversation).toMatchObject({
      title: 'New Chat',
      promptPrefix: 'Be brief.',
      model: 'gpt-4o',
    });
    expect(direct.conversation.conversationId).not.toBe(conversationId);
    expect(shape(direct, ids)).toEqual(sorted(['u1 <- -', 'a1 <- u1', 'u2 <- a1']));

    const branches = await fork(alice, { conversationId, messageId: ids.u2, option: 'includeBranches' });
    expect(shape(branches, ids)).toEqual(sorted(['u1 <- -', 'a1 <- u1', 'a1b <- u1', 'u2 <- a1']));
    const level = await fork(alice, { conversationId, messageId: ids.a1, option: 'target' });
    expect(shape(level, ids)).toEqual(sorted(['u1 <- -', 'a1 <- u1', 'a1b <- u1']));

    const split = await fork(alice, {
      conversationId,
      messageId: ids.a1,
      option: 'directPath',
      splitAtTarget: true,
    });
    expect(shape(split, ids)).toEqual(sorted(['a1 <- -', 'u2 <- a1', 'a2 <- u2']));

    // The copies are listed, and the original is unchanged.
    const messages = await app.inject({ url: `/api/messages/${conversationId}`, headers: alice.headers });
    expect(sorted(messages.json<Message[]>().map((m) => m.text))).toEqual(
      sorted(['u1', 'a1', 'a1b', 'u2', 'a2']),
    );
    const copied = await app.inject({
      url: `/api/messages/${direct.conversation.conversationId}`,
      headers: alice.headers,
    });
    expect(sorted(copied.json<Message[]>().map((m) => m.text))).toEqual(sorted(['u1', 'a1', 'u2']));
  });

  it('duplicates every branch, and copies a long conversation in batches with its links remapped', async () => {
    const alice = await user('alice');
    const { conversationId, ids } = await tree(alice);
    const response = await post(alice, '/api/convos/duplicate', { conversationId });
    expect(response.statusCode, response.body).toBe(200);
    const copy = forkResponseSchema.parse(response.json());
    expect(shape(copy, ids)).toEqual(sorted(['u1 <- -', 'a1 <- u1', 'a1b <- u1', 'u2 <- a1', 'a2 <- u2']));

    const long = await newConversation(alice);
    const name = (i: number) => `${i % 2 === 0 ? 'u' : 'a'}${i}`;
    let parent = NO_PARENT;
    const chain: Record<string, string> = {};
    for (let i = 0; i < 130; i++) {
      parent = await message(alice, long, name(i), parent);
      chain[`m${i}`] = parent;
    }
    const last = await fork(alice, { conversationId: long, messageId: parent });
    const links = Array.from({ length: 130 }, (_, i) => `${name(i)} <- ${i === 0 ? '-' : name(i - 1)}`);
    expect(shape(last, chain)).toEqual(sorted(links));
  });

  it('refuses a temporary chat (400), another user’s conversation or message (404) and bad input (400)', async () => {
    const alice = await user('alice');
    const bob = await user('bob');
    const { conversationId, ids } = await tree(alice);
    const temporary = await newConversation(alice, {
      isTemporary: true,
      expiredAt: new Date(Date.now() + 3_600_000),
    });
    const temporaryMessage = await message(alice, temporary, 'u1');
    for (const [url, body] of [
      ['/api/convos/fork', { conversationId: temporary, messageId: temporaryMessage }],
      ['/api/convos/duplicate', { conversationId: temporary }],
    ] as const) {
      const refused = await post(alice, url, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'temporary_chat',
        message: expect.stringMatching(/temporary chat/),
      });
    }
    expect((await post(bob, '/api/convos/fork', { conversationId, messageId: ids.u2 })).statusCode).toBe(404);
    expect((await post(bob, '/api/convos/duplicate', { conversationId })).statusCode).toBe(404);
    const other = await newConversation(alice);
    const foreign = await post(alice, '/api/convos/fork', { conversationId: other, messageId: ids.u2 });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Message not found');
    for (const body of [
      { conversationId, messageId: 'x' },
      { conversationId, messageId: ids.u2, option: 'everything' },
      { conversationId: 'nope' },
    ]) {
      expect((await post(alice, '/api/convos/fork', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const bobsList = await app.inject({ url: '/api/convos', headers: bob.headers });
    expect(bobsList.json().conversations).toEqual([]);
  });
});
