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
function selectedValues(valueOf: (key: string, column: PgColumn) => SQL, clock: SQL = clockNow): SQL {
  const parts = INSERTABLE.map(([key, column]) =>
    isClockColumn(key) ? clock : sql`${valueOf(key, column)}::${sql.raw(column.getSQLType())}`,
  );
  return sql.join(parts, sql`, `);
}

/**
 * What a save reads back: the columns it does not write (kept from an earlier save of the same id) and the
 * clock's. The rest is what the caller sent, so its texts and JSON do not travel back and are not parsed again.
 */
const keptOnSave = {
  parentMessageId: messages.parentMessageId,
  isCreatedByUser: messages.isCreatedByUser,
  summary: messages.summary,
  summaryTokenCount: messages.summaryTokenCount,
  createdAt: messages.createdAt,
  updatedAt: messages.updatedAt,
};
type KeptOnSave = Pick<MessageRecord, keyof typeof keptOnSave>;

/** The saved row: what was written, with what the save read back. */
const savedRecord = (userId: string, values: MessageValues, kept: KeptOnSave): MessageRecord => ({
  ...values,
  userId,
  ...kept,
});

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
    .returning(keptOnSave);
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
  const kept = rows[0];
  return kept ? savedRecord(userId, values, kept) : null;
}

const TURN_CONVERSATION = 'turn_conversation';
const TURN_MESSAGE = 'turn_message';
const TURN_REPLY = 'turn_reply';
/** Placeholder names of the turn statement: the conversation's columns, then the message's and the reply's. */
export const TURN_CONVERSATION_PREFIX = 'c_';
const TURN_MESSAGE_PREFIX = 'm_';
const TURN_REPLY_PREFIX = 'r_';

type ConversationUpsert = (db: Db, prefix: string) => SQLWrapper;

/** The turn statement's parts: the conversation upsert, the user message and the reply's first save. */
function turnParts(on: Db, conversationUpsert: ConversationUpsert) {
  const { searchVector: _vector, ...conversationColumns } = getTableColumns(conversations);
  const turnConversation = on
    .$with(TURN_CONVERSATION, conversationColumns)
    .as(conversationUpsert(on, TURN_CONVERSATION_PREFIX).getSQL());
  const placeholders = (prefix: string) => (key: string) => rawPlaceholder(`${prefix}${key}`);
  const message = sql.identifier(TURN_MESSAGE);
  // The reply is saved from the user message's row (none without it), and is strictly newer than it.
  const afterMessage = sql`greatest(${clockNow}, ${message}.created_at + interval '1 microsecond')`;
  const turnMessage = insertMessageFrom(
    on,
    selectedValues(placeholders(TURN_MESSAGE_PREFIX)),
    sql`${sql.identifier(TURN_CONVERSATION)}`,
  );
  const turnReply = insertMessageFrom(
    on,
    selectedValues(placeholders(TURN_REPLY_PREFIX), afterMessage),
    sql`${message}`,
  );
  return {
    turnConversation,
    turnMessage: on.$with(TURN_MESSAGE, keptOnSave).as(turnMessage.getSQL()),
    turnReply: on.$with(TURN_REPLY, keptOnSave).as(turnReply.getSQL()),
  };
}

/** The turn statement without a reply, prepared once per handle. */
const preparedTurn = (db: Db, conversationUpsert: ConversationUpsert) =>
  preparedOn(db, 'parley_turn_rows', (on) => {
    const { turnConversation, turnMessage } = turnParts(on, conversationUpsert);
    return on
      .with(turnConversation, turnMessage)
      .select()
      .from(turnConversation)
      .leftJoin(turnMessage, sql`true`)
      .prepare('parley_turn_rows');
  });

/** The turn statement with the reply's first save, prepared once per handle. */
const preparedTurnWithReply = (db: Db, conversationUpsert: ConversationUpsert) =>
  preparedOn(db, 'parley_turn_rows_reply', (on) => {
    const { turnConversation, turnMessage, turnReply } = turnParts(on, conversationUpsert);
    return on
      .with(turnConversation, turnMessage, turnReply)
      .select()
      .from(turnConversation)
      .leftJoin(turnMessage, sql`true`)
      .leftJoin(turnReply, sql`true`)
      .prepare('parley_turn_rows_reply');
  });

/**
 * Builds a chat turn's statements on this handle without running them (the start-up's warm-up), so the first
 * chat does not pay for building them.
 */
export function buildTurnStatements(db: Db, conversationUpsert: ConversationUpsert): void {
  preparedUpsert(db);
  preparedTurn(db, conversationUpsert);
  preparedTurnWithReply(db, conversationUpsert);
}

export interface TurnRows {
  conversation: TurnConversationRecord;
  /** Null when its id is taken by someone else's message. */
  message: MessageRecord | null;
  /** The reply's first save, when one was given; null when it was not saved (an id taken elsewhere). */
  reply: MessageRecord | null;
}

/**
 * A turn's conversation upsert and its new user message (and the first save of its reply, when given), as one
 * statement: the messages are inserted only from the row the upsert returns, so a conversation that is not the
 * caller's saves none of them, and a failure saves none. `conversationUpsert` is the upsert with placeholders
 * named `c_<column>` (returning every column but the search vector), `conversationParams` their values; the
 * statement is prepared once per handle. Null when the conversation is not the caller's.
 */
export async function upsertTurnRows(
  db: Db,
  userId: string,
  conversationUpsert: ConversationUpsert,
  conversationParams: Record<string, unknown>,
  message: MessageValues,
  reply?: MessageValues,
): Promise<TurnRows | null> {
  const params = {
    ...conversationParams,
    ...upsertParams(userId, message, TURN_MESSAGE_PREFIX),
  };
  const saved = (kept: KeptOnSave | null, values: MessageValues) =>
    kept ? savedRecord(userId, values, kept) : null;
  if (!reply) {
    const [row] = await preparedTurn(db, conversationUpsert).execute(params);
    return row
      ? { conversation: row[TURN_CONVERSATION], message: saved(row[TURN_MESSAGE], message), reply: null }
      : null;
  }
  const [row] = await preparedTurnWithReply(db, conversationUpsert).execute({
    ...params,
    ...upsertParams(userId, reply, TURN_REPLY_PREFIX),
  });
  return row
    ? {
        conversation: row[TURN_CONVERSATION],
        message: saved(row[TURN_MESSAGE], message),
        reply: saved(row[TURN_REPLY], reply),
      }
    : null;
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
