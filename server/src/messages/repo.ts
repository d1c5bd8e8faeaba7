import { and, asc, eq, getTableColumns, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { driverValue, preparedOn, rawPlaceholder } from '../db/prepared';
import { conversations, messageColumns, messages, type ConversationRow, type MessageRow } from '../db/schema';

export type MessageRecord = Omit<MessageRow, 'searchVector'>;
export type MessageValues = Omit<MessageRecord, 'userId' | 'createdAt' | 'updatedAt'>;
export type TurnConversationRecord = Omit<ConversationRow, 'searchVector'>;

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

/** Where a page of messages ended: the exact `created_at` as PostgreSQL prints it, and the id. */
export interface MessageCursor {
  createdAt: string;
  messageId: string;
}

/**
 * Up to `limit` of the conversation's messages after the cursor, oldest first, each with its cursor: a range
 * scan of the `(conversation_id, created_at, message_id)` index that stops at the limit, so a page costs the
 * same however deep it is. Without statistics that know the conversation is huge (there are none right after an import,
 * and PGlite never gathers any by itself) the planner would rather fetch every remaining row and sort them
 * for each page, so sorting is ruled out for this one statement (`set local enable_sort = off`), and
 * `user_id` is left out of the condition (a second index to combine); the caller checks first that the
 * conversation is the user's, and rows of anyone else are dropped here.
 */
export async function selectMessagesPage(
  db: Db,
  userId: string,
  conversationId: string,
  after: MessageCursor | null,
  limit: number,
): Promise<Array<MessageRecord & { cursor: string }>> {
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_sort = off`);
    return tx
      .select({ ...messageColumns, cursor: sql<string>`${messages.createdAt}::text` })
      .from(messages)
      .where(
        and(
          eq(messages.conversationId, conversationId),
          after
            ? sql`(${messages.createdAt}, ${messages.messageId}) > (${after.createdAt}::timestamptz, ${after.messageId}::uuid)`
            : undefined,
        ),
      )
      .orderBy(asc(messages.createdAt), asc(messages.messageId))
      .limit(limit);
  });
  return rows.filter((row) => row.userId === userId);
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
  sources: 'sources',
  plugin: 'plugin',
  plugins: 'plugins',
  threadId: 'thread_id',
  iconUrl: 'icon_url',
} as const satisfies Partial<Record<keyof MessageValues, string>>;

const fromExcluded = Object.fromEntries(
  Object.entries(UPDATED_ON_SAVE).map(([key, column]) => [key, sql.raw(`excluded.${column}`)]),
) as Record<keyof typeof UPDATED_ON_SAVE, SQL>;

/** The columns an insert lists, in drizzle's order; the two timestamps come from the clock. */
const INSERTABLE = Object.entries(getTableColumns(messages)).filter(
  ([, column]) => column.generated === undefined,
) as Array<[string, PgColumn]>;
const isClockColumn = (key: string) => key === 'createdAt' || key === 'updatedAt';

/**
 * The message's values as the select list of `insert … select`, in the order drizzle lists the table's
 * insertable columns, each cast to its column type (a bare parameter in a select list would be text).
 * `valueOf` gives each column's parameter: the value itself, or a placeholder of a prepared statement.
 */
function selectedValues(valueOf: (key: string, column: PgColumn) => SQL): SQL {
  const parts = INSERTABLE.map(([key, column]) =>
    isClockColumn(key) ? clockNow : sql`${valueOf(key, column)}::${sql.raw(column.getSQLType())}`,
  );
  return sql.join(parts, sql`, `);
}

/**
 * Inserts the message, one row per row of `owner` (a query over `conversations` yielding the caller's
 * conversation, or nothing), or replaces its content. The update branch only touches a row of the same user
 * and conversation, so a known id of someone else's message changes nothing.
 */
function insertMessageFrom(db: Db, selected: SQL, owner: SQL) {
  return db
    .insert(messages)
    .select(sql`select ${selected} from ${owner}`)
    .onConflictDoUpdate({
      target: messages.messageId,
      set: { ...fromExcluded, updatedAt: clockNow },
      setWhere: and(
        eq(messages.userId, sql`excluded.user_id`),
        eq(messages.conversationId, sql`excluded.conversation_id`),
      ),
    })
    .returning(messageColumns);
}

/** `upsertMessage`'s statement with a placeholder per column, built once per database handle. */
const preparedUpsert = (db: Db) =>
  preparedOn(db, 'parley_upsert_message', (on) => {
    const owner = sql`${conversations} where ${and(
      eq(conversations.userId, sql.placeholder('userId')),
      eq(conversations.conversationId, sql.placeholder('conversationId')),
    )}`;
    const selected = selectedValues((key) => rawPlaceholder(key));
    return insertMessageFrom(on, selected, owner).prepare('parley_upsert_message');
  });

/** The placeholders' values of the prepared upsert, encoded as drizzle encodes inline values. */
function upsertParams(userId: string, values: MessageValues, prefix = ''): Record<string, unknown> {
  const row: Record<string, unknown> = { ...values, userId };
  const params: Record<string, unknown> = {};
  for (const [key, column] of INSERTABLE) {
    if (!isClockColumn(key)) params[`${prefix}${key}`] = driverValue(column, row[key]);
  }
  return params;
}

/**
 * Inserts the message or replaces its content, in one statement that also checks the conversation is the
 * caller's: null (and nothing changed) when it is not, or when the id is a message of another user or
 * conversation.
 */
export async function upsertMessage(
  db: Db,
  userId: string,
  values: MessageValues,
): Promise<MessageRecord | null> {
  const rows = await preparedUpsert(db).execute(upsertParams(userId, values));
  return rows[0] ?? null;
}

const TURN_CONVERSATION = 'turn_conversation';
const TURN_MESSAGE = 'turn_message';
/** Placeholder names of the turn statement: the conversation's columns, then the message's. */
export const TURN_CONVERSATION_PREFIX = 'c_';
const TURN_MESSAGE_PREFIX = 'm_';

/**
 * A turn's conversation upsert and its new user message, as one statement: the message is inserted only from
 * the row the upsert returns, so a conversation that is not the caller's saves neither, and a failure saves
 * neither. `conversationUpsert` is the upsert with placeholders named `c_<column>` (returning every column but
 * the search vector), `conversationParams` their values; the statement is prepared once per handle. Null when
 * the conversation is not the caller's; `message` null when its id is taken by someone else's message.
 */
export async function upsertTurnRows(
  db: Db,
  userId: string,
  conversationUpsert: (db: Db, prefix: string) => SQLWrapper,
  conversationParams: Record<string, unknown>,
  message: MessageValues,
): Promise<{ conversation: TurnConversationRecord; message: MessageRecord | null } | null> {
  const prepared = preparedOn(db, 'parley_turn_rows', (on) => {
    const { searchVector: _vector, ...conversationColumns } = getTableColumns(conversations);
    const turnConversation = on
      .$with(TURN_CONVERSATION, conversationColumns)
      .as(conversationUpsert(on, TURN_CONVERSATION_PREFIX).getSQL());
    const owner = sql`${sql.identifier(TURN_CONVERSATION)}`;
    const selected = selectedValues((key) => rawPlaceholder(`${TURN_MESSAGE_PREFIX}${key}`));
    const turnMessage = on
      .$with(TURN_MESSAGE, messageColumns)
      .as(insertMessageFrom(on, selected, owner).getSQL());
    return on
      .with(turnConversation, turnMessage)
      .select()
      .from(turnConversation)
      .leftJoin(turnMessage, sql`true`)
      .prepare('parley_turn_rows');
  });
  const rows = await prepared.execute({
    ...conversationParams,
    ...upsertParams(userId, message, TURN_MESSAGE_PREFIX),
  });
  const row = rows[0];
  return row ? { conversation: row[TURN_CONVERSATION], message: row[TURN_MESSAGE] } : null;
}

/** The summary of the path up to and including the message, stored on it; false when it is not the user's. */
export async function updateMessageSummary(
  db: Db,
  userId: string,
  conversationId: string,
  messageId: string,
  summary: { text: string; tokenCount: number },
): Promise<boolean> {
  const rows = await db
    .update(messages)
    .set({ summary: summary.text, summaryTokenCount: summary.tokenCount })
    .where(and(inConversation(userId, conversationId), eq(messages.messageId, messageId)))
    .returning({ messageId: messages.messageId });
  return rows.length > 0;
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
