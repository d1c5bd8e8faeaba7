import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachEngine } from '../../test/describe-each-engine';
import type { Db } from './client';
import { balances, conversations, messages, presets, ROOT_PARENT_MESSAGE_ID, users } from './schema';

async function insertUser(db: Db, email = `${randomUUID()}@example.com`) {
  const [user] = await db.insert(users).values({ email, name: 'Ada' }).returning();
  if (!user) throw new Error('no user inserted');
  return user;
}

async function insertConversation(db: Db, userId: string, title = 'New Chat') {
  const [conversation] = await db
    .insert(conversations)
    .values({ userId, title, endpoint: 'openAI', model: 'gpt-4o', options: { temperature: 0.5 } })
    .returning();
  if (!conversation) throw new Error('no conversation inserted');
  return conversation;
}

/** Ids of the user's messages matching a web-search style query, best first. */
async function searchMessages(db: Db, userId: string, query: string): Promise<string[]> {
  const tsquery = sql`websearch_to_tsquery('simple', ${query})`;
  const found = await db
    .select({ messageId: messages.messageId })
    .from(messages)
    .where(and(eq(messages.userId, userId), sql`${messages.searchVector} @@ ${tsquery}`))
    .orderBy(sql`ts_rank(${messages.searchVector}, ${tsquery}) desc`);
  return found.map((row) => row.messageId);
}

describeEachEngine('schema', (getDb) => {
  it('fills the message search vector on insert and refreshes it when the text changes', async () => {
    const db = getDb();
    const user = await insertUser(db);
    const conversation = await insertConversation(db, user.id);
    const [message] = await db
      .insert(messages)
      .values({
        conversationId: conversation.conversationId,
        userId: user.id,
        text: 'The quick brown fox jumps over the lazy dog',
        isCreatedByUser: true,
      })
      .returning();
    if (!message) throw new Error('no message inserted');
    expect(message.parentMessageId).toBe(ROOT_PARENT_MESSAGE_ID);
    expect(message.searchVector).toContain("'fox'");

    expect(await searchMessages(db, user.id, 'quick fox')).toEqual([message.messageId]);
    expect(await searchMessages(db, user.id, '"brown fox" -cat')).toEqual([message.messageId]);
    expect(await searchMessages(db, user.id, 'zebra')).toEqual([]);

    await db
      .update(messages)
      .set({ text: 'A zebra crossing', isEdited: true })
      .where(eq(messages.messageId, message.messageId));
    expect(await searchMessages(db, user.id, 'zebra')).toEqual([message.messageId]);
    expect(await searchMessages(db, user.id, 'fox')).toEqual([]);
  });

  it('searches conversation titles through their generated vector', async () => {
    const db = getDb();
    const user = await insertUser(db);
    const conversation = await insertConversation(db, user.id, 'Trip to Lisbon');
    const found = await db
      .select({ id: conversations.conversationId })
      .from(conversations)
      .where(sql`${conversations.searchVector} @@ websearch_to_tsquery('simple', ${'lisbon'})`);
    expect(found).toEqual([{ id: conversation.conversationId }]);
  });

  it("deleting a user removes their conversations and messages, and nobody else's", async () => {
    const db = getDb();
    const [gone, kept] = [await insertUser(db), await insertUser(db)];
    for (const user of [gone, kept]) {
      const conversation = await insertConversation(db, user.id);
      await db.insert(messages).values([
        { conversationId: conversation.conversationId, userId: user.id, text: 'hi', isCreatedByUser: true },
        { conversationId: conversation.conversationId, userId: user.id, text: 'hello', sender: 'GPT-4' },
      ]);
    }

    await db.delete(users).where(eq(users.id, gone.id));

    const countOf = async (userId: string) => ({
      conversations: await db.$count(conversations, eq(conversations.userId, userId)),
      messages: await db.$count(messages, eq(messages.userId, userId)),
    });
    expect(await countOf(gone.id)).toEqual({ conversations: 0, messages: 0 });
    expect(await countOf(kept.id)).toEqual({ conversations: 1, messages: 2 });
  });

  it('round-trips arrays, jsonb, numeric credits and timestamps with the same JS types', async () => {
    const db = getDb();
    const user = await insertUser(db);
    await db
      .update(users)
      .set({ plugins: ['calculator', 'web-search'] })
      .where(eq(users.id, user.id));
    await db.insert(balances).values({ userId: user.id, tokenCredits: 1500.25 });
    await db
      .update(balances)
      .set({ tokenCredits: sql`${balances.tokenCredits} - 0.75` })
      .where(eq(balances.userId, user.id));

    const reread = await db.query.users.findFirst({ where: eq(users.id, user.id) });
    const balance = await db.query.balances.findFirst({ where: eq(balances.userId, user.id) });
    const { conversationId } = await insertConversation(db, user.id);
    const conversation = await db.query.conversations.findFirst({
      where: eq(conversations.conversationId, conversationId),
    });
    expect(reread?.plugins).toEqual(['calculator', 'web-search']);
    expect(reread?.updatedAt).toBeInstanceOf(Date);
    expect(reread?.role).toBe('USER');
    expect(balance?.tokenCredits).toBe(1499.5);
    expect(conversation?.options).toEqual({ temperature: 0.5 });
    expect(conversation?.createdAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('refuses a non-lower-case email and a second default preset for the same user', async () => {
    const db = getDb();
    await expect(insertUser(db, 'Ada@Example.com')).rejects.toThrow();
    const user = await insertUser(db);
    await db.insert(presets).values({ userId: user.id, title: 'A', defaultPreset: true });
    await db.insert(presets).values({ userId: user.id, title: 'B' });
    await expect(
      db.insert(presets).values({ userId: user.id, title: 'C', defaultPreset: true }),
    ).rejects.toThrow();
  });
});
