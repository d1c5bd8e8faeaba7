import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { NO_PARENT } from '@parley/shared/constants';
import { messageSchema } from '@parley/shared/schemas/message';
import { messagePathSchema, type MessagePath } from '@parley/shared/schemas/message-path';
import { describeEachEngine } from '../../test/describe-each-engine';
import { testConfig } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { buildApp } from '../app';
import type { AppConfig } from '../config/app-config';
import { saveConversationForTurn } from '../conversations/service';
import { messages, type NewMessageRow } from '../db/schema';
import { updateCurrentLeafId } from './path-repo';

describeEachEngine('message paths', (getDb, { getDatabase }) => {
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

  /** Rows a second apart (in the order given), inserted in one statement. */
  let clock = Date.parse('2026-01-01T00:00:00Z');
  async function insert(
    owner: TestUser,
    conversationId: string,
    rows: Array<{ id: string; parent: string }>,
  ) {
    const values: NewMessageRow[] = rows.map(({ id, parent }) => {
      clock += 1_000;
      return {
        messageId: id,
        conversationId,
        userId: owner.user.id,
        parentMessageId: parent,
        sender: 'User',
        text: `text of ${id}`,
        isCreatedByUser: true,
        createdAt: new Date(clock),
        updatedAt: new Date(clock),
      };
    });
    for (let i = 0; i < values.length; i += 500)
      await getDb()
        .insert(messages)
        .values(values.slice(i, i + 500));
  }
  /** A chain of `count` messages under `parent`; their ids, oldest first. */
  async function chain(owner: TestUser, conversationId: string, count: number, parent = NO_PARENT) {
    const ids: string[] = [];
    const rows = [];
    let previous = parent;
    for (let i = 0; i < count; i += 1) {
      const id = randomUUID();
      rows.push({ id, parent: previous });
      ids.push(id);
      previous = id;
    }
    await insert(owner, conversationId, rows);
    return ids;
  }

  const get = (owner: TestUser, conversationId: string, query: string) =>
    app.inject({ url: `/api/messages/${conversationId}?${query}`, headers: owner.headers });
  async function page(owner: TestUser, conversationId: string, query: string): Promise<MessagePath> {
    const response = await get(owner, conversationId, query);
    expect(response.statusCode, response.body).toBe(200);
    return messagePathSchema.parse(response.json());
  }
  const idsOf = (path: MessagePath) => path.messages.map((m) => m.messageId);

  it('answers the newest page of the path, then older pages by `before`, with hasMore', async () => {
    const alice = await user('alice');
    const conversationId = await conversationOf(alice);
    const ids = await chain(alice, conversationId, 250);

    const first = await page(alice, conversationId, 'limit=100');
    expect(idsOf(first)).toEqual(ids.slice(150));
    expect(first).toMatchObject({ hasMore: true, before: ids[150] });
    expect(first.siblings[ids[149]!]).toEqual([ids[150]]);

    const second = await page(alice, conversationId, `before=${first.before}&limit=100`);
    expect(idsOf(second)).toEqual(ids.slice(50, 150));
    const third = await page(alice, conversationId, `before=${second.before}&limit=100`);
    expect(idsOf(third)).toEqual(ids.slice(0, 50));
    expect(third).toMatchObject({ hasMore: false, before: null });
    expect(third.siblings[NO_PARENT]).toEqual([ids[0]]);

    // The default page is 100 messages; the old form still answers every message, oldest first.
    expect(idsOf(await page(alice, conversationId, 'leaf=' + ids[249]))).toEqual(ids.slice(150));
    const all = await app.inject({ url: `/api/messages/${conversationId}`, headers: alice.headers });
    expect(
      z
        .array(messageSchema)
        .parse(all.json())
        .map((m) => m.messageId),
    ).toEqual(ids);
  });

  it('follows the kept leaf, else the newest message; a sibling opens its branch down to its newest leaf', async () => {
    const alice = await user('alice');
    const conversationId = await conversationOf(alice);
    const [question] = await chain(alice, conversationId, 1);
    const firstBranch = await chain(alice, conversationId, 3, question);
    const secondBranch = await chain(alice, conversationId, 2, question);
    const replies = [firstBranch[0]!, secondBranch[0]!];

    // Newest message: the second branch.
    const newest = await page(alice, conversationId, 'limit=10');
    expect(idsOf(newest)).toEqual([question, ...secondBranch]);
    expect(newest.siblings[question!]).toEqual(replies);
    expect(newest.siblings[NO_PARENT]).toEqual([question]);

    // A sibling's id: the path goes through it and down its newest replies.
    expect(idsOf(await page(alice, conversationId, `leaf=${replies[0]}`))).toEqual([
      question,
      ...firstBranch,
    ]);

    // The kept leaf wins over the newest message (an interior one is followed down too).
    expect(await updateCurrentLeafId(getDb(), alice.user.id, conversationId, firstBranch[1]!)).toBe(true);
    expect(idsOf(await page(alice, conversationId, 'limit=10'))).toEqual([question, ...firstBranch]);
    // A kept leaf that is gone falls back to the newest message.
    await getDb().delete(messages).where(eq(messages.messageId, firstBranch[2]!));
    await getDb().delete(messages).where(eq(messages.messageId, firstBranch[1]!));
    expect(idsOf(await page(alice, conversationId, 'limit=10'))).toEqual([question, ...secondBranch]);
  });

  it('refuses a bad limit, a leaf or before of another conversation or user, and a before off the path', async () => {
    const alice = await user('alice');
    const bob = await user('bob');
    const conversationId = await conversationOf(alice);
    const [question] = await chain(alice, conversationId, 1);
    const left = await chain(alice, conversationId, 2, question);
    const right = await chain(alice, conversationId, 2, question);
    const other = await conversationOf(alice);
    const [elsewhere] = await chain(alice, other, 1);

    for (const limit of ['0', '100000', '501', '-1', '2.5', 'ten']) {
      const response = await get(alice, conversationId, `limit=${limit}`);
      expect(response.statusCode, limit).toBe(400);
      expect(response.json().message).toMatch(/limit/);
    }
    expect((await get(alice, conversationId, 'leaf=not-an-id')).statusCode).toBe(400);
    expect((await get(alice, conversationId, `leaf=${elsewhere}`)).statusCode).toBe(404);
    expect((await get(alice, conversationId, `leaf=${randomUUID()}`)).statusCode).toBe(404);
    expect((await get(alice, conversationId, `before=${elsewhere}`)).statusCode).toBe(404);
    expect((await get(bob, conversationId, `leaf=${left[1]}`)).statusCode).toBe(404);
    const bobs = await conversationOf(bob);
    expect((await get(bob, bobs, `leaf=${left[1]}`)).statusCode).toBe(404);

    const offPath = await get(alice, conversationId, `leaf=${right[1]}&before=${left[1]}`);
    expect(offPath.statusCode).toBe(400);
    expect(offPath.json()).toMatchObject({ message: 'before is not on the path to leaf' });
    expect(idsOf(await page(alice, conversationId, `leaf=${right[1]}&before=${right[1]}`))).toEqual([
      question,
      right[0],
    ]);
    expect(await page(alice, 'new', 'limit=5')).toEqual({
      messages: [],
      siblings: {},
      hasMore: false,
      before: null,
    });
  });

  it('stops at a cycle or an orphan in imported messages', async () => {
    const alice = await user('alice');
    const conversationId = await conversationOf(alice);
    const a = randomUUID();
    const b = randomUUID();
    const c = randomUUID();
    // a → b → c → a: no root at all.
    await insert(alice, conversationId, [
      { id: a, parent: c },
      { id: b, parent: a },
      { id: c, parent: b },
    ]);
    const looped = await page(alice, conversationId, `leaf=${c}&limit=50`);
    expect(new Set(idsOf(looped)).size).toBe(looped.messages.length);
    expect(looped.messages.length).toBeLessThanOrEqual(3);
    expect(looped.hasMore).toBe(false);

    const orphanConversation = await conversationOf(alice);
    const orphaned = await chain(alice, orphanConversation, 3, randomUUID());
    const orphanPage = await page(alice, orphanConversation, 'limit=50');
    expect(idsOf(orphanPage)).toEqual(orphaned);
    expect(orphanPage.hasMore).toBe(false);
  });
});
