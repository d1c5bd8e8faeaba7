import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { messageColumns, messages, type MessageRow } from '../db/schema';

export type MessageRecord = Omit<MessageRow, 'searchVector'>;
export type MessageValues = Omit<MessageRecord, 'userId' | 'createdAt' | 'updatedAt'>;

/** Microsecond wall clock that advances inside a transaction too, so "oldest first" is a strict order. */
const clockNow = sql`clock_timestamp()`;

const inConversation = (userId: string, conversationId: string): SQL | undefined =>
  and(eq(messages.userId, userId), eq(messages.conversationId, conversationId));

/** All of the conversation's messages (every branch), oldest first. */
export async function selectMessages(
  db: Db,
  userId: string,
  conversationId: string,
): Promise<MessageRecord[]> {
  return db
    .select(messageColumns)
    .from(messages)
    .where(inConversation(userId, conversationId))
    .orderBy(asc(messages.createdAt), asc(messages.messageId));
}

export async function selectMessage(
  db: Db,
  userId: string,
  conversationId: string,
  messageId: string,
): Promise<MessageRecord | null> {
  const rows = await db
    .select(messageColumns)
    .from(messages)
    .where(and(inConversation(userId, conversationId), eq(messages.messageId, messageId)))
    .limit(1);
  return rows[0] ?? null;
}

/** The columns a later save of the same message replaces (its place in the tree never changes). */
const UPDATED_ON_SAVE = {
  sender: 'sender',
  text: 'text',
  content: 'content',
  model: 'model',
  endpoint: 'endpoint',
  error: 'error',
  unfinished: 'unfinished',
  finishReason: 'finish_reason',
  isEdited: 'is_edited',
  tokenCount: 'token_count',
  files: 'files',
  plugin: 'plugin',
  plugins: 'plugins',
  threadId: 'thread_id',
  iconUrl: 'icon_url',
} as const satisfies Partial<Record<keyof MessageValues, string>>;

const fromExcluded = Object.fromEntries(
  Object.entries(UPDATED_ON_SAVE).map(([key, column]) => [key, sql.raw(`excluded.${column}`)]),
) as Record<keyof typeof UPDATED_ON_SAVE, SQL>;

/**
 * Inserts the message or replaces its content. The update branch only touches a row of the same user and
 * conversation, so a known id of someone else's message returns null and changes nothing.
 */
export async function upsertMessage(
  db: Db,
  userId: string,
  values: MessageValues,
): Promise<MessageRecord | null> {
  const rows = await db
    .insert(messages)
    .values({ ...values, userId, createdAt: clockNow, updatedAt: clockNow })
    .onConflictDoUpdate({
      target: messages.messageId,
      set: { ...fromExcluded, updatedAt: clockNow },
      setWhere: and(
        eq(messages.userId, sql`excluded.user_id`),
        eq(messages.conversationId, sql`excluded.conversation_id`),
      ),
    })
    .returning(messageColumns);
  return rows[0] ?? null;
}

/** A plain edit: new text and token count, marked edited. */
export async function updateMessageText(
  db: Db,
  userId: string,
  conversationId: string,
  messageId: string,
  change: { text: string; tokenCount: number },
): Promise<MessageRecord | null> {
  const rows = await db
    .update(messages)
    .set({ text: change.text, tokenCount: change.tokenCount, isEdited: true, updatedAt: clockNow })
    .where(and(inConversation(userId, conversationId), eq(messages.messageId, messageId)))
    .returning(messageColumns);
  return rows[0] ?? null;
}

/**
 * The message and all its ancestors, in one query: a recursive CTE walks `parent_message_id` upwards
 * within the user's conversation. `union` (not `union all`) drops a row seen before, so even a damaged
 * tree with a cycle terminates. Rows come back unordered.
 */
export async function selectAncestry(
  db: Db,
  userId: string,
  conversationId: string,
  messageId: string,
): Promise<MessageRecord[]> {
  const chain = sql`(
    with recursive chain (message_id, parent_message_id) as (
      select message_id, parent_message_id from ${messages}
       where message_id = ${messageId} and user_id = ${userId} and conversation_id = ${conversationId}
      union
      select m.message_id, m.parent_message_id from ${messages} m
        join chain on m.message_id = chain.parent_message_id
       where m.user_id = ${userId} and m.conversation_id = ${conversationId}
    )
    select message_id from chain
  )`;
  return db
    .select(messageColumns)
    .from(messages)
    .where(and(inConversation(userId, conversationId), inArray(messages.messageId, chain)));
}
