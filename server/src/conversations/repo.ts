import { and, count, desc, eq, isNotNull, isNull, not, sql, type SQL } from 'drizzle-orm';
import type { TurnContext } from '@parley/shared/schemas/turn-context';
import type { Db } from '../db/client';
import { driverValue, rawPlaceholder } from '../db/prepared';
import { conversationColumns, conversations, messages, type JsonObject } from '../db/schema';

const columns = conversationColumns;

export interface ConversationRecord {
  conversationId: string;
  userId: string;
  title: string;
  endpoint: string;
  endpointType: string | null;
  model: string | null;
  options: JsonObject;
  isArchived: boolean;
  pinnedAt: Date | null;
  tags: string[];
  isTemporary: boolean;
  expiredAt: Date | null;
  currentLeafId: string | null;
  turnContext: TurnContext | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Microsecond wall clock that advances inside a transaction too, so "newest first" is a strict order. */
const clockNow = sql`clock_timestamp()`;

const owned = (userId: string, conversationId: string) =>
  and(eq(conversations.userId, userId), eq(conversations.conversationId, conversationId));

/** Not a temporary chat past its expiry (the sweeper deletes those; until then they are already gone). */
const notExpired = sql`(${conversations.expiredAt} is null or ${conversations.expiredAt} > now())`;

export async function selectConversation(
  db: Db,
  userId: string,
  conversationId: string,
): Promise<ConversationRecord | null> {
  const rows = await db
    .select(columns)
    .from(conversations)
    .where(and(owned(userId, conversationId), notExpired))
    .limit(1);
  return rows[0] ?? null;
}

/** Which conversations a list shows: never temporary ones; archived ones only when asked for. */
export interface ListFilter {
  isArchived: boolean;
  /** true: only pinned ones; false: only unpinned ones; undefined: both, pinned first. */
  pinned?: boolean;
  /** Any of these tags (none: no tag condition). */
  tags?: string[];
}

const listed = (userId: string, filter: ListFilter): SQL | undefined =>
  and(
    eq(conversations.userId, userId),
    eq(conversations.isArchived, filter.isArchived),
    not(conversations.isTemporary),
    filter.tags && filter.tags.length > 0
      ? sql`${conversations.tags} && array[${sql.join(
          filter.tags.map((tag) => sql`${tag}`),
          sql`, `,
        )}]::text[]`
      : undefined,
  );

export async function selectConversationPage(
  db: Db,
  userId: string,
  filter: ListFilter,
  page: { limit: number; offset: number },
): Promise<ConversationRecord[]> {
  return db
    .select(columns)
    .from(conversations)
    .where(and(listed(userId, filter), pinnedCondition(filter.pinned)))
    .orderBy(
      sql`${conversations.pinnedAt} desc nulls last`,
      desc(conversations.updatedAt),
      desc(conversations.conversationId),
    )
    .limit(page.limit)
    .offset(page.offset);
}

const pinnedCondition = (pinned: boolean | undefined): SQL | undefined =>
  pinned === undefined
    ? undefined
    : pinned
      ? isNotNull(conversations.pinnedAt)
      : isNull(conversations.pinnedAt);

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

/** `pinned_at` to the microsecond, in UTC (as `exactUpdatedAt`). */
const exactPinnedAt = sql<string>`to_char(${conversations.pinnedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Up to `limit` of the user's unpinned listed conversations after `after` (from the top without it), newest
 * `updatedAt` first, ties by id: one range scan of `conversations_user_id_is_archived_updated_at_id_idx`
 * however deep the page (a tag filter reads on along it until enough rows carry a tag).
 */
export async function selectConversationsAfter(
  db: Db,
  userId: string,
  filter: ListFilter,
  after: ListKey | null,
  limit: number,
): Promise<KeyedConversationRecord[]> {
  const rows = await db
    .select({ ...columns, exactUpdatedAt })
    .from(conversations)
    .where(
      and(
        listed(userId, filter),
        isNull(conversations.pinnedAt),
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

/**
 * Up to `limit` of the user's pinned listed conversations after `after` (a `pinnedAt` to the microsecond
 * and an id), newest pin first: a range scan of `conversations_user_id_pinned_at_id_idx`.
 */
export async function selectPinnedAfter(
  db: Db,
  userId: string,
  filter: ListFilter,
  after: ListKey | null,
  limit: number,
): Promise<KeyedConversationRecord[]> {
  const rows = await db
    .select({ ...columns, exactPinnedAt })
    .from(conversations)
    .where(
      and(
        listed(userId, filter),
        isNotNull(conversations.pinnedAt),
        after
          ? sql`(${conversations.pinnedAt}, ${conversations.conversationId}) < (${after.updatedAt}::timestamptz, ${after.conversationId}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(conversations.pinnedAt), desc(conversations.conversationId))
    .limit(limit);
  return rows.map(({ exactPinnedAt: pinnedAt, ...row }) => ({
    ...row,
    key: { updatedAt: pinnedAt, conversationId: row.conversationId },
  }));
}

export async function countConversations(db: Db, userId: string, filter: ListFilter): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(conversations)
    .where(and(listed(userId, filter), pinnedCondition(filter.pinned)));
  return row?.n ?? 0;
}

export interface TurnConversationValues {
  conversationId: string;
  title: string;
  endpoint: string;
  endpointType: string | null;
  model: string | null;
  options: JsonObject;
  /** Used only when the conversation is created: a temporary chat, deleted after `expiredAt`. */
  isTemporary: boolean;
  expiredAt: Date | null;
  /**
   * The message the conversation reopens on (the turn's user message); null keeps the stored one. Kept only
   * when no other user's or conversation's message has that id.
   */
  currentLeafId: string | null;
  /** What the turn's prompt held (the context gauge after a reload); null keeps the stored one. */
  turnContext: TurnContext | null;
}

/**
 * Creates the conversation, or refreshes its endpoint, model and options and moves it to the top, keeping
 * the turn's leaf and context in the same statement; returns every column but the search vector. The update
 * branch only applies to the caller's own row, so another user's id returns no row. Not run yet: the chat
 * engine runs it together with the turn's user message.
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
  'isTemporary',
  'expiredAt',
  'userId',
  'currentLeafId',
  'turnContext',
] as const;

type TurnConversationSql = { [K in keyof TurnConversationRow]: TurnConversationRow[K] | SQL };

/**
 * The leaf to keep: the given message id unless a message of another user or conversation has it (the turn's
 * user message is inserted by the same statement, so "it exists here" cannot be asked yet); null keeps the
 * stored leaf.
 */
const leafIfOurs = (row: TurnConversationSql): SQL => sql`(case when exists (
    select 1 from ${messages} m where m.message_id = ${row.currentLeafId}::uuid
      and (m.user_id <> ${row.userId}::uuid or m.conversation_id <> ${row.conversationId}::uuid)
  ) then null else ${row.currentLeafId}::uuid end)`;

function upsertFromValues(db: Db, row: TurnConversationSql) {
  return db
    .insert(conversations)
    .values({ ...row, currentLeafId: leafIfOurs(row), createdAt: clockNow, updatedAt: clockNow })
    .onConflictDoUpdate({
      target: conversations.conversationId,
      set: {
        endpoint: sql`excluded.endpoint`,
        endpointType: sql`excluded.endpoint_type`,
        model: sql`excluded.model`,
        options: sql`excluded.options`,
        currentLeafId: sql`coalesce(excluded.current_leaf_id, ${conversations.currentLeafId})`,
        turnContext: sql`coalesce(excluded.turn_context, ${conversations.turnContext})`,
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

/** Advisory lock namespace of a user's pins (next to the tags lock's 25_001). */
const PINS_LOCK_NAMESPACE = 25_002;

/**
 * Runs `work` in a transaction holding the user's pins lock, so pins of one user are taken one at a time on
 * any instance: the check of the limit sees every earlier pin, and each pin's `pinnedAt` comes after theirs.
 */
export function withPinsLock<T>(db: Db, userId: string, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PINS_LOCK_NAMESPACE}, hashtext(${userId}))`);
    return work(tx);
  });
}

export interface ConversationPatch {
  title?: string;
  model?: string | null;
  /** Merged into the stored options (keys given replace keys stored). */
  options?: JsonObject;
  /** Archiving unpins. */
  isArchived?: boolean;
  /** Pinning unarchives; only while fewer than `pinLimit` others are pinned. */
  pinned?: boolean;
  /** The whole tag list, spelled as the user's tags spell them. */
  tags?: string[];
  /** "Keep this chat": a temporary chat becomes a normal one. */
  keep?: boolean;
}

/**
 * Applies the patch. A change of model or options bumps `updatedAt` (the conversation moves to the top of
 * the list); a rename, archive, pin, tags or keep does not, so the row stays where the reader found it.
 * Null when the conversation is not the caller's, or when it would be pinned past `pinLimit`.
 */
export async function updateConversationRow(
  db: Db,
  userId: string,
  conversationId: string,
  patch: ConversationPatch,
  pinLimit = Number.POSITIVE_INFINITY,
): Promise<ConversationRecord | null> {
  const bumps = patch.model !== undefined || (patch.options && Object.keys(patch.options).length > 0);
  const pinning = patch.pinned === true;
  const rows = await db
    .update(conversations)
    .set({
      ...(patch.title !== undefined ? { title: patch.title } : {}),
      ...(patch.model !== undefined ? { model: patch.model } : {}),
      ...(patch.options && Object.keys(patch.options).length > 0
        ? { options: sql`${conversations.options} || ${JSON.stringify(patch.options)}::jsonb` }
        : {}),
      ...(patch.isArchived !== undefined ? { isArchived: patch.isArchived } : {}),
      ...(patch.isArchived === true || patch.pinned === false ? { pinnedAt: null } : {}),
      ...(pinning
        ? { pinnedAt: sql`coalesce(${conversations.pinnedAt}, ${clockNow})`, isArchived: false }
        : {}),
      ...(patch.tags !== undefined ? { tags: patch.tags } : {}),
      ...(patch.keep ? { isTemporary: false, expiredAt: null } : {}),
      // The column's $onUpdate would bump it on every update: the others keep it explicitly.
      updatedAt: bumps ? clockNow : sql`${conversations.updatedAt}`,
    })
    .where(
      and(
        owned(userId, conversationId),
        notExpired,
        pinning && Number.isFinite(pinLimit)
          ? sql`(${conversations.pinnedAt} is not null or (select count(*) from ${conversations} p
                 where p.user_id = ${userId} and p.pinned_at is not null) < ${pinLimit})`
          : undefined,
      ),
    )
    .returning(columns);
  return rows[0] ?? null;
}

/** Archives every listed conversation of the user (temporary chats aside), unpinning them; how many. */
export async function archiveAllRows(db: Db, userId: string): Promise<number> {
  const rows = await db
    .update(conversations)
    .set({ isArchived: true, pinnedAt: null, updatedAt: sql`${conversations.updatedAt}` })
    .where(
      and(eq(conversations.userId, userId), not(conversations.isArchived), not(conversations.isTemporary)),
    )
    .returning({ conversationId: conversations.conversationId });
  return rows.length;
}

/** The text of the conversation's first message written by its user (oldest first), or null. */
export async function selectFirstUserText(db: Db, conversationId: string): Promise<string | null> {
  const rows = await db
    .select({ text: messages.text })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.isCreatedByUser, true)))
    .orderBy(messages.createdAt, messages.messageId)
    .limit(1);
  return rows[0]?.text ?? null;
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

/**
 * `replaceTitleIf` as a statement not run yet that returns only the id, for a statement that writes more
 * (the title call's bill).
 */
export function titleReplacement(
  db: Db,
  userId: string,
  conversationId: string,
  title: string,
  whileTitle: string,
) {
  return db
    .update(conversations)
    .set({ title, updatedAt: clockNow })
    .where(and(owned(userId, conversationId), eq(conversations.title, whileTitle)))
    .returning({ conversationId: conversations.conversationId });
}

/** The columns `titleReplacement` returns. */
export const TITLE_REPLACEMENT_RETURNS = { conversationId: conversations.conversationId };

/** Deletes one conversation, or all of the user's when no id is given; messages go with them (cascade). */
export async function deleteConversations(db: Db, userId: string, conversationId?: string): Promise<number> {
  const where = conversationId ? owned(userId, conversationId) : eq(conversations.userId, userId);
  const rows = await db
    .delete(conversations)
    .where(where)
    .returning({ conversationId: conversations.conversationId });
  return rows.length;
}
