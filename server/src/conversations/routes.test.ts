import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_TITLE, NO_PARENT } from '@parley/shared/constants';
import {
  conversationCursorPageSchema,
  conversationListSchema,
  conversationSchema,
} from '@parley/shared/schemas/conversation';
import { describeEachEngine } from '../../test/describe-each-engine';
import { testConfig } from '../../test/test-app';
import { buildApp } from '../app';
import type { AppConfig } from '../config/app-config';
import { conversations } from '../db/schema';
import { listMessages, saveMessage } from '../messages/service';
import { saveConversationForTurn, setGeneratedTitle } from './service';
import { createTestUser, type TestUser } from '../../test/test-users';

describeEachEngine('conversation routes', (getDb, { getDatabase }) => {
  let app: FastifyInstance;
  let config: AppConfig;
  beforeAll(async () => {
    config = testConfig();
    app = await buildApp({ config, database: getDatabase() });
  });
  afterAll(() => app.close());

  const user = (name: string): Promise<TestUser> =>
    createTestUser({ database: getDatabase(), config }, { name, password: null });
  const newConversation = (owner: TestUser, options = {}) =>
    saveConversationForTurn(getDb(), owner.user.id, {
      conversationId: randomUUID(),
      endpoint: 'openAI',
      model: 'gpt-4o',
      options,
    });
  const list = async (owner: TestUser, pageNumber: number | string = 1) => {
    const response = await app.inject({
      url: `/api/convos?pageNumber=${pageNumber}`,
      headers: owner.headers,
    });
    expect(response.statusCode).toBe(200);
    return conversationListSchema.parse(response.json());
  };
  const post = (owner: TestUser, url: string, payload: object) =>
    app.inject({ method: 'POST', url, headers: owner.headers, payload });

  it('pages 26 conversations 25 at a time, most recently updated first', async () => {
    const alice = await user('alice');
    const created = await conversationsInOrder(alice, 26);
    const newestFirst = created.map((c) => c.conversationId).reverse();

    const first = await list(alice, 1);
    expect(first).toMatchObject({ pages: 2, pageNumber: 1, pageSize: 25 });
    expect(first.conversations.map((c) => c.conversationId)).toEqual(newestFirst.slice(0, 25));
    const second = await list(alice, 2);
    expect(second.conversations.map((c) => c.conversationId)).toEqual(newestFirst.slice(25));
    expect((await list(alice, 3)).conversations).toEqual([]);
  });

  it('answers an empty list with one page, and 400 for a page number that is not a positive integer', async () => {
    const alice = await user('alice');
    expect(await list(alice)).toEqual({ conversations: [], pages: 1, pageNumber: 1, pageSize: 25 });
    for (const bad of ['0', '-1', '1.5', 'abc']) {
      const response = await app.inject({ url: `/api/convos?pageNumber=${bad}`, headers: alice.headers });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().message).toMatch(/^pageNumber: /);
    }
  });

  const cursorPage = async (owner: TestUser, cursor?: string | null) => {
    const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
    const response = await app.inject({ url: `/api/convos${query}`, headers: owner.headers });
    expect(response.statusCode).toBe(200);
    return conversationCursorPageSchema.parse(response.json());
  };
  const idsOf = (page: { conversations: { conversationId: string }[] }) =>
    page.conversations.map((c) => c.conversationId);
  /** `count` new conversations of `owner`, oldest first, updated a second apart in the past: two made within
   * the same millisecond on a fast machine would otherwise tie, and ties go by id, not by creation. */
  const conversationsInOrder = async (owner: TestUser, count: number) => {
    const created = [];
    for (let i = 0; i < count; i += 1) created.push(await newConversation(owner));
    for (const [i, conversation] of created.entries()) {
      const at = new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString();
      await getDb()
        .update(conversations)
        .set({ updatedAt: sql`${at}::timestamptz` })
        .where(eq(conversations.conversationId, conversation.conversationId));
    }
    return created;
  };

  it('pages by cursor, newest first, with nextCursor null after the last page', async () => {
    const alice = await user('alice');
    expect(await cursorPage(alice)).toEqual({ conversations: [], nextCursor: null });
    const created = await conversationsInOrder(alice, 26);
    const newestFirst = created.map((c) => c.conversationId).reverse();

    const first = await cursorPage(alice);
    expect(idsOf(first)).toEqual(newestFirst.slice(0, 25));
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await cursorPage(alice, first.nextCursor);
    expect(second).toEqual({ conversations: [expect.any(Object)], nextCursor: null });
    expect(idsOf(second)).toEqual(newestFirst.slice(25));

    await post(alice, '/api/convos/clear', { arg: { conversationId: newestFirst[25] } });
    expect((await cursorPage(alice)).nextCursor).toBeNull();
  });

  it('pages by cursor through conversations with the same updatedAt, ties by id, each exactly once', async () => {
    const alice = await user('alice');
    for (let i = 0; i < 60; i += 1) await newConversation(alice);
    await getDb()
      .update(conversations)
      .set({ updatedAt: sql`'2026-01-02T03:04:05.123456Z'::timestamptz` })
      .where(eq(conversations.userId, alice.user.id));
    const seen: string[] = [];
    let cursor: string | null | undefined;
    do {
      const page = await cursorPage(alice, cursor);
      seen.push(...idsOf(page));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(60);
    expect(seen).toEqual([...seen].sort().reverse());
  });

  it('keeps cursor pages stable while conversations are added and moved between requests', async () => {
    const alice = await user('alice');
    const created = await conversationsInOrder(alice, 50);
    const newestFirst = created.map((c) => c.conversationId).reverse();
    const first = await cursorPage(alice);
    expect(idsOf(first)).toEqual(newestFirst.slice(0, 25));

    // Meanwhile: two new chats, one conversation of the second page renamed (it moves to the top).
    await newConversation(alice);
    await newConversation(alice);
    const moved = newestFirst[30] ?? '';
    // A settings change moves a conversation up (a rename alone would not).
    await post(alice, '/api/convos/update', {
      arg: { conversationId: moved, title: 'Moved up', temperature: 0.5 },
    });

    const second = await cursorPage(alice, first.nextCursor);
    expect(idsOf(second)).toEqual(newestFirst.slice(25).filter((id) => id !== moved));
    expect(second.nextCursor).toBeNull();
  });

  it('answers 400 for a cursor it did not make, whatever it holds', async () => {
    const alice = await user('alice');
    const made = (text: string) => Buffer.from(text).toString('base64url');
    const id = randomUUID();
    for (const bad of [
      'nope',
      made(`2026-02-31T00:00:00.000000Z ${id}`),
      made(`2026-01-01T00:00:00.000Z ${id}`),
      made('2026-01-01T00:00:00.000000Z not-a-uuid'),
      made(`2026-01-01T00:00:00.000000Z ${id} extra`),
      'x'.repeat(500),
    ]) {
      const response = await app.inject({
        url: `/api/convos?cursor=${encodeURIComponent(bad)}`,
        headers: alice.headers,
      });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().message).toMatch(/^cursor: /);
    }
  });

  it('refuses every route without a valid token', async () => {
    const id = randomUUID();
    const calls = [
      app.inject({ url: '/api/convos' }),
      app.inject({ url: `/api/convos/${id}` }),
      app.inject({ method: 'POST', url: '/api/convos/update', payload: { arg: { conversationId: id } } }),
      app.inject({ method: 'POST', url: '/api/convos/clear', payload: { arg: {} } }),
      app.inject({ method: 'POST', url: '/api/convos/gen_title', payload: { conversationId: id } }),
      app.inject({ url: '/api/convos', headers: { authorization: 'Bearer nope' } }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthorized' });
    }
  });

  it('presents a conversation with its options as top-level fields', async () => {
    const alice = await user('alice');
    const saved = await newConversation(alice, { temperature: 0.3, promptPrefix: 'Be brief', stop: ['x'] });
    const response = await app.inject({ url: `/api/convos/${saved.conversationId}`, headers: alice.headers });
    expect(response.statusCode).toBe(200);
    const body = conversationSchema.parse(response.json());
    expect(body).toMatchObject({
      conversationId: saved.conversationId,
      title: DEFAULT_TITLE,
      user: alice.user.id,
      endpoint: 'openAI',
      model: 'gpt-4o',
      temperature: 0.3,
      promptPrefix: 'Be brief',
      stop: ['x'],
    });
    expect(new Date(body.createdAt).toISOString()).toBe(body.createdAt);
    expect(response.json()).not.toHaveProperty('options');
  });

  it('answers 404 for an unknown conversation id and for a malformed one', async () => {
    const alice = await user('alice');
    for (const id of [randomUUID(), 'not-a-uuid', 'new']) {
      const response = await app.inject({ url: `/api/convos/${id}`, headers: alice.headers });
      expect(response.statusCode, id).toBe(404);
    }
  });

  it('renames a conversation in place: a rename alone does not move it in the list', async () => {
    const alice = await user('alice');
    const oldest = await newConversation(alice);
    await newConversation(alice);
    const before = (await list(alice)).conversations;
    const response = await post(alice, '/api/convos/update', {
      arg: { conversationId: oldest.conversationId, title: 'Renamed' },
    });
    expect(response.statusCode).toBe(200);
    const after = (await list(alice)).conversations;
    expect(after.map((c) => c.conversationId)).toEqual(before.map((c) => c.conversationId));
    expect(after.at(-1)).toMatchObject({
      conversationId: oldest.conversationId,
      title: 'Renamed',
      updatedAt: before.at(-1)?.updatedAt,
    });
  });

  it('changing settings with a rename moves the conversation to the top of the list', async () => {
    const alice = await user('alice');
    const oldest = await newConversation(alice);
    await newConversation(alice);
    await newConversation(alice);
    const response = await post(alice, '/api/convos/update', {
      arg: { conversationId: oldest.conversationId, title: 'Renamed', temperature: 1.2 },
    });
    expect(response.statusCode).toBe(200);
    const body = conversationSchema.parse(response.json());
    expect(body).toMatchObject({ title: 'Renamed', temperature: 1.2, model: 'gpt-4o' });
    expect(body.updatedAt > oldest.updatedAt).toBe(true);
    const first = (await list(alice)).conversations[0];
    expect(first?.conversationId).toBe(oldest.conversationId);
    expect(first?.title).toBe('Renamed');
  });

  it('answers 404 when renaming a conversation that does not exist and 400 for a blank title', async () => {
    const alice = await user('alice');
    const missing = await post(alice, '/api/convos/update', {
      arg: { conversationId: randomUUID(), title: 'X' },
    });
    expect(missing.statusCode).toBe(404);
    const saved = await newConversation(alice);
    const blank = await post(alice, '/api/convos/update', {
      arg: { conversationId: saved.conversationId, title: ' ' },
    });
    expect(blank.statusCode).toBe(400);
  });

  it('clears one conversation with its messages', async () => {
    const alice = await user('alice');
    const doomed = await newConversation(alice);
    const kept = await newConversation(alice);
    await saveMessage(getDb(), alice.user.id, {
      messageId: randomUUID(),
      conversationId: doomed.conversationId,
      parentMessageId: NO_PARENT,
      sender: 'User',
      text: 'hi',
      isCreatedByUser: true,
    });
    const response = await post(alice, '/api/convos/clear', {
      arg: { conversationId: doomed.conversationId },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deletedCount: 1 });
    expect((await list(alice)).conversations.map((c) => c.conversationId)).toEqual([kept.conversationId]);
    expect(await listMessages(getDb(), alice.user.id, doomed.conversationId)).toEqual([]);
    const again = await post(alice, '/api/convos/clear', { arg: { conversationId: doomed.conversationId } });
    expect(again.statusCode).toBe(404);
  });

  it('clears all of the caller’s conversations when no id is given, and only theirs', async () => {
    const alice = await user('alice');
    const bob = await user('bob');
    await newConversation(alice);
    await newConversation(alice);
    const bobs = await newConversation(bob);

    const stray = await post(alice, '/api/convos/clear', { arg: { source: 'button' } });
    expect(stray.json()).toEqual({ deletedCount: 0 });
    expect((await list(alice)).conversations).toHaveLength(2);

    const response = await post(alice, '/api/convos/clear', { arg: {} });
    expect(response.json()).toEqual({ deletedCount: 2 });
    expect((await list(alice)).conversations).toEqual([]);
    expect((await list(bob)).conversations.map((c) => c.conversationId)).toEqual([bobs.conversationId]);
  });

  it('gen_title answers 404 until a title is generated, then the title', async () => {
    const alice = await user('alice');
    const saved = await newConversation(alice);
    // Past the first exchange's window, so the route does not wait for a title.
    await getDb()
      .update(conversations)
      .set({ createdAt: sql`now() - interval '1 hour'` })
      .where(eq(conversations.conversationId, saved.conversationId));
    const before = await post(alice, '/api/convos/gen_title', { conversationId: saved.conversationId });
    expect(before.statusCode).toBe(404);

    await setGeneratedTitle(getDb(), alice.user.id, saved.conversationId, 'Weather in Paris');
    const after = await post(alice, '/api/convos/gen_title', { conversationId: saved.conversationId });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ title: 'Weather in Paris' });

    const unknown = await post(alice, '/api/convos/gen_title', { conversationId: randomUUID() });
    expect(unknown.statusCode).toBe(404);
  });

  it('isolates users: another user’s conversation is 404 on every route and never listed', async () => {
    const alice = await user('alice');
    const bob = await user('bob');
    const secret = await newConversation(alice);
    await setGeneratedTitle(getDb(), alice.user.id, secret.conversationId, 'Secret plans');
    const id = secret.conversationId;

    expect((await app.inject({ url: `/api/convos/${id}`, headers: bob.headers })).statusCode).toBe(404);
    expect(
      (await post(bob, '/api/convos/update', { arg: { conversationId: id, title: 'Mine' } })).statusCode,
    ).toBe(404);
    expect((await post(bob, '/api/convos/gen_title', { conversationId: id })).statusCode).toBe(404);
    expect((await post(bob, '/api/convos/clear', { arg: { conversationId: id } })).statusCode).toBe(404);
    await post(bob, '/api/convos/clear', { arg: {} });
    expect((await list(bob)).conversations).toEqual([]);

    const aliceView = await app.inject({ url: `/api/convos/${id}`, headers: alice.headers });
    expect(aliceView.json()).toMatchObject({ title: 'Secret plans' });
  });
});
