import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { driverValue, rawPlaceholder } from '../db/prepared';
import { conversations, type JsonObject } from '../db/schema';

/** Every column except the generated `search_vector`. */
const columns = {
  conversationId: conversations.conversationId,
  userId: conversations.userId,
  title: conversations.title,
  endpoint: conversations.endpoint,
  endpointType: conversations.endpointType,
  model: conversations.model,
  options: conversations.options,
  createdAt: conversations.createdAt,
  updatedAt: conversations.updatedAt,
};

export interface ConversationRecord {
  conversationId: string;
  userId: string;
  title: string;
  endpoint: string;
  endpointType: string | null;
  model: string | null;
  options: JsonObject;
  createdAt: Date;
  updatedAt: Date;
}

/** Microsecond wall clock that advances inside a transaction too, so "newest first" is a strict order. */
const clockNow = sql`clock_timestamp()`;

const owned = (userId: string, conversationId: string) =>
  and(eq(conversations.userId, userId), eq(conversations.conversationId, conversationId));

export async function selectConversation(
  db: Db,
  userId: string,
  conversationId: string,
): Promise<ConversationRecord | null> {
  const rows = await db.select(columns).from(conversations).where(owned(userId, conversationId)).limit(1);
  return rows[0] ?? null;
}

export async function selectConversationPage(
  db: Db,
  userId: string,
  page: { limit: number; offset: number },
): Promise<ConversationRecord[]> {
  return db
    .select(columns)
    .from(conversations)
    .where(eq(conversations.userId, userId))
    .orderBy(desc(conversations.updatedAt), desc(conversations.conversationId))
    .limit(page.limit)
    .offset(page.offset);
}

/**
 * Where a keyset page starts: after the row with this `updatedAt` (ISO 8601 with microseconds, as the
 * database holds it: a JavaScript Date would round it to milliseconds) and id, in list order.
 */
export interface ListKey {
  updatedAt: string;
  conversationId: string;
}

export interface KeyedConversationRecord extends ConversationRecord {
  key: ListKey;
}

/** `updated_at` to the microsecond, in UTC, whatever the session's time zone and date style. */
const exactUpdatedAt = sql<string>`to_char(${conversations.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Up to `limit` of the user's conversations after `after` (from the top without it), newest `updatedAt`
 * first, ties by id: one range scan of `conversations_user_id_updated_at_id_idx` however deep the page.
 */
export async function selectConversationsAfter(
  db: Db,
  userId: string,
  after: ListKey | null,
  limit: number,
): Promise<KeyedConversationRecord[]> {
  const rows = await db
    .select({ ...columns, exactUpdatedAt })
    .from(conversations)
    .where(
      and(
        eq(conversations.userId, userId),
        after
          ? sql`(${conversations.updatedAt}, ${conversations.conversationId}) < (${after.updatedAt}::timestamptz, ${after.conversationId}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(conversations.updatedAt), desc(conversations.conversationId))
    .limit(limit);
  return rows.map(({ exactUpdatedAt: updatedAt, ...row }) => ({
    ...row,
    key: { updatedAt, conversationId: row.conversationId },
  }));
}

export async function countConversations(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(conversations).where(eq(conversations.userId, userId));
  return row?.n ?? 0;
}

export interface TurnConversationValues {
  conversationId: string;
  title: string;
  endpoint: string;
  endpointType: string | null;
  model: string | null;
  options: JsonObject;
}

/**
 * Creates the conversation, or refreshes its endpoint, model and options and moves it to the top; returns
 * every column but the search vector. The update branch only applies to the caller's own row, so another
 * user's id returns no row. Not run yet: the chat engine runs it together with the turn's user message.
 */
export function turnConversationUpsert(db: Db, userId: string, values: TurnConversationValues) {
  return upsertFromValues(db, { ...values, userId });
}

type TurnConversationRow = TurnConversationValues & { userId: string };
const TURN_KEYS = [
  'conversationId',
  'title',
  'endpoint',
  'endpointType',
  'model',
  'options',
  'userId',
] as const;

function upsertFromValues(db: Db, row: { [K in keyof TurnConversationRow]: TurnConversationRow[K] | SQL }) {
  return db
    .insert(conversations)
    .values({ ...row, createdAt: clockNow, updatedAt: clockNow })
    .onConflictDoUpdate({
      target: conversations.conversationId,
      set: {
        endpoint: sql`excluded.endpoint`,
        endpointType: sql`excluded.endpoint_type`,
        model: sql`excluded.model`,
        options: sql`excluded.options`,
        updatedAt: clockNow,
      },
      setWhere: eq(conversations.userId, sql`excluded.user_id`),
    })
    .returning(columns);
}

/**
 * `turnConversationUpsert` with a placeholder per value (`<prefix><key>`), for a statement prepared once;
 * {@link turnConversationParams} gives the placeholders' values.
 */
export function turnConversationTemplate(db: Db, prefix: string) {
  const placeholders = Object.fromEntries(TURN_KEYS.map((key) => [key, rawPlaceholder(`${prefix}${key}`)]));
  return upsertFromValues(db, placeholders as Record<(typeof TURN_KEYS)[number], SQL>);
}

/** The values of {@link turnConversationTemplate}'s placeholders, encoded as drizzle encodes inline values. */
export function turnConversationParams(
  prefix: string,
  userId: string,
  values: TurnConversationValues,
): Record<string, unknown> {
  const row: TurnConversationRow = { ...values, userId };
  return Object.fromEntries(
    TURN_KEYS.map((key) => [`${prefix}${key}`, driverValue(conversations[key], row[key])]),
  );
}

/** Runs `turnConversationUpsert`: the row, or null when the id is another user's. */
export async function upsertTurnConversation(
  db: Db,
  userId: string,
  values: TurnConversationValues,
): Promise<ConversationRecord | null> {
  const rows = await turnConversationUpsert(db, userId, values);
  return rows[0] ?? null;
}

export interface ConversationPatch {
  title?: string;
  model?: string | null;
  /** Merged into the stored options (keys given replace keys stored). */
  options?: JsonObject;
}

/**
 * Applies the patch. A change of model or options bumps `updatedAt` (the conversation moves to the top of
 * the list); a rename alone does not, so a renamed row stays where the reader found it.
 */
export async function updateConversationRow(
  db: Db,
  userId: string,
  conversationId: string,
  patch: ConversationPatch,
): Promise<ConversationRecord | null> {
  const rows = await db
    .update(conversations)
    .set({
      ...(patch.title !== undefined ? { title: patch.title } : {}),
      ...(patch.model !== undefined ? { model: patch.model } : {}),
      ...(patch.options && Object.keys(patch.options).length > 0
        ? { options: sql`${conversations.options} || ${JSON.stringify(patch.options)}::jsonb` }
        : {}),
      // The column's $onUpdate would bump it on every update: a rename keeps it explicitly.
      updatedAt:
        patch.model !== undefined || (patch.options && Object.keys(patch.options).length > 0)
          ? clockNow
          : sql`${conversations.updatedAt}`,
    })
    .where(owned(userId, conversationId))
    .returning(columns);
  return rows[0] ?? null;
}

/** Sets the title only while it is still `whileTitle` (a generated title never replaces a rename). */
export async function replaceTitleIf(
  db: Db,
  userId: string,
  conversationId: string,
  title: string,
  whileTitle: string,
): Promise<ConversationRecord | null> {
  const rows = await db
    .update(conversations)
    .set({ title, updatedAt: clockNow })
    .where(and(owned(userId, conversationId), eq(conversations.title, whileTitle)))
    .returning(columns);
  return rows[0] ?? null;
}

/** Deletes one conversation, or all of the user's when no id is given; messages go with them (cascade). */
export async function deleteConversations(db: Db, userId: string, conversationId?: string): Promise<number> {
  const where = conversationId ? owned(userId, conversationId) : eq(conversations.userId, userId);
  const rows = await db
    .delete(conversations)
    .where(where)
    .returning({ conversationId: conversations.conversationId });
  return rows.length;
}
