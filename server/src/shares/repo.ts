import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  conversations,
  messageColumns,
  messages,
  shareFiles,
  shareMessages,
  shares,
  type JsonObject,
  type MessageRow,
} from '../db/schema';
import type { ShareFileRow, ShareRow } from '../db/schema';

export type { ShareFileRow, ShareRow };

const owned = (userId: string, shareId: string) =>
  and(eq(shares.userId, userId), eq(shares.shareId, shareId));

export async function countUserShares(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(shares).where(eq(shares.userId, userId));
  return row?.n ?? 0;
}

export interface NewShare {
  shareId: string;
  userId: string;
  conversationId: string;
  targetMessageId: string | null;
  title: string;
  endpoint: string | null;
  endpointType: string | null;
  model: string | null;
  visibility: ShareRow['visibility'];
  expiresAt: Date | null;
}

/**
 * A new link with an empty snapshot, unless the user already has `limit` links: null then. Its first copy
 * goes to positions [0, messageCount), reserved here.
 */
export async function insertShare(
  db: Db,
  share: NewShare,
  messageCount: number,
  limit: number,
): Promise<ShareRow | null> {
  return db.transaction(async (tx) => {
    // One link at a time per user, so two requests at the limit cannot both pass the count.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`parley:shares:${share.userId}`}))`);
    const [row] = await tx.select({ n: count() }).from(shares).where(eq(shares.userId, share.userId));
    if ((row?.n ?? 0) >= limit) return null;
    const [inserted] = await tx
      .insert(shares)
      .values({ ...share, firstPosition: 0, messageCount: 0, nextPosition: messageCount })
      .returning();
    return inserted ?? null;
  });
}

/** Reserves `n` positions for a new copy of the user's share: their first, or null when it is not theirs. */
export async function reservePositions(
  db: Db,
  userId: string,
  shareId: string,
  n: number,
): Promise<number | null> {
  const [row] = await db
    .update(shares)
    .set({ nextPosition: sql`${shares.nextPosition} + ${n}` })
    .where(owned(userId, shareId))
    .returning({ next: shares.nextPosition });
  return row ? row.next - n : null;
}

/** One batch of a copy's messages, from position `first` on. */
export async function insertShareMessages(
  db: Db,
  shareId: string,
  first: number,
  batch: readonly JsonObject[],
): Promise<void> {
  if (batch.length === 0) return;
  await db
    .insert(shareMessages)
    .values(batch.map((message, index) => ({ shareId, position: first + index, message })));
}

export interface PublishedCopy {
  firstPosition: number;
  messageCount: number;
  title: string;
  targetMessageId: string | null;
}

/** Makes the copy at `firstPosition` the share's snapshot (one update) and drops the rows of the one before. */
export async function publishCopy(
  db: Db,
  userId: string,
  shareId: string,
  copy: PublishedCopy,
  now: Date,
): Promise<ShareRow | null> {
  const [row] = await db
    .update(shares)
    .set({ ...copy, updatedAt: now })
    .where(owned(userId, shareId))
    .returning();
  if (!row) return null;
  await db
    .delete(shareMessages)
    .where(
      and(
        eq(shareMessages.shareId, shareId),
        or(
          lt(shareMessages.position, copy.firstPosition),
          gte(shareMessages.position, copy.firstPosition + copy.messageCount),
        ),
      ),
    );
  return row;
}

/** Drops the rows of a copy that was never published (it failed half way). */
export async function deleteShareMessagesFrom(
  db: Db,
  shareId: string,
  first: number,
  n: number,
): Promise<void> {
  await db
    .delete(shareMessages)
    .where(
      and(
        eq(shareMessages.shareId, shareId),
        gte(shareMessages.position, first),
        lt(shareMessages.position, first + n),
      ),
    );
}

export async function selectOwnShare(db: Db, userId: string, shareId: string): Promise<ShareRow | null> {
  const [row] = await db.select().from(shares).where(owned(userId, shareId)).limit(1);
  return row ?? null;
}

/** A share that has not expired at `now`, whoever owns it. */
export async function selectLiveShare(db: Db, shareId: string, now: Date): Promise<ShareRow | null> {
  const [row] = await db
    .select()
    .from(shares)
    .where(and(eq(shares.shareId, shareId), or(isNull(shares.expiresAt), gt(shares.expiresAt, now))))
    .limit(1);
  return row ?? null;
}

/** Up to `limit` messages of the snapshot from position `from`, in path order, as stored. */
export async function selectShareMessages(
  db: Db,
  share: Pick<ShareRow, 'shareId' | 'firstPosition' | 'messageCount'>,
  from: number,
  limit: number,
): Promise<JsonObject[]> {
  const end = share.firstPosition + share.messageCount;
  const rows = await db
    .select({ message: shareMessages.message })
    .from(shareMessages)
    .where(
      and(
        eq(shareMessages.shareId, share.shareId),
        gte(shareMessages.position, from),
        lt(shareMessages.position, Math.min(end, from + limit)),
      ),
    )
    .orderBy(asc(shareMessages.position));
  return rows.map((row) => row.message);
}

export interface ShareCursor {
  createdAt: string;
  shareId: string;
}

/** The user's links, newest first, after the cursor; each with its cursor. */
export async function selectSharesPage(db: Db, userId: string, after: ShareCursor | null, limit: number) {
  return db
    .select({
      shareId: shares.shareId,
      conversationId: shares.conversationId,
      title: shares.title,
      visibility: shares.visibility,
      expiresAt: shares.expiresAt,
      createdAt: shares.createdAt,
      updatedAt: shares.updatedAt,
      cursor: sql<string>`${shares.createdAt}::text`,
    })
    .from(shares)
    .where(
      and(
        eq(shares.userId, userId),
        after
          ? sql`(${shares.createdAt}, ${shares.shareId}) < (${after.createdAt}::timestamptz, ${after.shareId})`
          : undefined,
      ),
    )
    .orderBy(desc(shares.createdAt), desc(shares.shareId))
    .limit(limit);
}

/** The user's newest link of the conversation, or null. */
export async function selectShareOfConversation(
  db: Db,
  userId: string,
  conversationId: string,
): Promise<ShareRow | null> {
  const [row] = await db
    .select()
    .from(shares)
    .where(and(eq(shares.userId, userId), eq(shares.conversationId, conversationId)))
    .orderBy(desc(shares.createdAt))
    .limit(1);
  return row ?? null;
}

export async function updateShareSettings(
  db: Db,
  userId: string,
  shareId: string,
  patch: Partial<Pick<ShareRow, 'visibility' | 'expiresAt'>>,
  now: Date,
): Promise<ShareRow | null> {
  const [row] = await db
    .update(shares)
    .set({ ...patch, updatedAt: now })
    .where(owned(userId, shareId))
    .returning();
  return row ?? null;
}

/** Deletes the user's link (its messages go with it; its files' rows stay, unlinked, until their bytes go). */
export async function deleteShareRow(db: Db, userId: string, shareId: string): Promise<boolean> {
  const rows = await db.delete(shares).where(owned(userId, shareId)).returning({ shareId: shares.shareId });
  return rows.length > 0;
}

export async function insertShareFile(db: Db, row: typeof shareFiles.$inferInsert): Promise<void> {
  await db.insert(shareFiles).values(row);
}

export async function selectShareFile(db: Db, shareId: string, fileId: string): Promise<ShareFileRow | null> {
  const [row] = await db
    .select()
    .from(shareFiles)
    .where(and(eq(shareFiles.shareId, shareId), eq(shareFiles.fileId, fileId)))
    .limit(1);
  return row ?? null;
}

/** The share's files: ids and where their bytes are. */
export async function selectShareFileKeys(db: Db, shareId: string): Promise<FileKey[]> {
  return db
    .select({ fileId: shareFiles.fileId, storageKey: shareFiles.storageKey })
    .from(shareFiles)
    .where(eq(shareFiles.shareId, shareId));
}

export interface FileKey {
  fileId: string;
  storageKey: string;
}

/**
 * Up to `limit` files no share shows any more: unlinked (their share revoked, updated or its owner deleted)
 * or of a share expired at `now`.
 */
export async function selectDeadShareFiles(db: Db, now: Date, limit: number): Promise<ShareFileRow[]> {
  const expired = db.select({ shareId: shares.shareId }).from(shares).where(lte(shares.expiresAt, now));
  return db
    .select()
    .from(shareFiles)
    .where(or(isNull(shareFiles.shareId), inArray(shareFiles.shareId, expired)))
    .limit(limit);
}

export async function deleteShareFileRows(db: Db, fileIds: readonly string[]): Promise<void> {
  if (fileIds.length === 0) return;
  await db.delete(shareFiles).where(inArray(shareFiles.fileId, [...fileIds]));
}

export interface ShareableConversation {
  conversationId: string;
  title: string;
  endpoint: string;
  endpointType: string | null;
  model: string | null;
  isTemporary: boolean;
}

/** The user's conversation (whatever its kind), or null. */
export async function selectConversationToShare(
  db: Db,
  userId: string,
  conversationId: string,
): Promise<ShareableConversation | null> {
  const [row] = await db
    .select({
      conversationId: conversations.conversationId,
      title: conversations.title,
      endpoint: conversations.endpoint,
      endpointType: conversations.endpointType,
      model: conversations.model,
      isTemporary: conversations.isTemporary,
    })
    .from(conversations)
    .where(and(eq(conversations.userId, userId), eq(conversations.conversationId, conversationId)))
    .limit(1);
  return row ?? null;
}

/**
 * The message a default link is copied up to: below the conversation's current leaf (the pager's, or the user
 * message of the last turn) the newest reply at each step, else the newest message; null when the
 * conversation is not the user's or has no messages.
 */
export async function selectDefaultLeaf(
  db: Db,
  userId: string,
  conversationId: string,
  maxSteps: number,
): Promise<string | null> {
  const [conversation] = await db
    .select({ leaf: conversations.currentLeafId })
    .from(conversations)
    .where(and(eq(conversations.userId, userId), eq(conversations.conversationId, conversationId)))
    .limit(1);
  const inConversation = and(eq(messages.userId, userId), eq(messages.conversationId, conversationId));
  const newest = async (parent: string | null) => {
    const [row] = await db
      .select({ messageId: messages.messageId })
      .from(messages)
      .where(and(inConversation, parent === null ? undefined : eq(messages.parentMessageId, parent)))
      .orderBy(desc(messages.createdAt), desc(messages.messageId))
      .limit(1);
    return row?.messageId ?? null;
  };
  const [known] = conversation?.leaf
    ? await db
        .select({ messageId: messages.messageId })
        .from(messages)
        .where(and(inConversation, eq(messages.messageId, conversation.leaf)))
        .limit(1)
    : [];
  let leaf = known?.messageId ?? (conversation ? await newest(null) : null);
  for (let step = 0; leaf !== null && step < maxSteps; step += 1) {
    const child = await newest(leaf);
    if (child === null) break;
    leaf = child;
  }
  return leaf;
}

/**
 * The message and its ancestors (at most `limit` of them, from the message up), in one statement: a recursive
 * walk up `parent_message_id` that looks each parent up by its primary key alone (with the user and
 * conversation in the step too, a planner without statistics of a fresh conversation scans all of its
 * messages at every step: 40 s for a path of 5,000). Only the user's rows of the conversation come back, so a
 * walk that strayed is cut there; rows come back unordered, and a cycle ends at the limit.
 */
export async function selectPathUp(
  db: Db,
  userId: string,
  conversationId: string,
  messageId: string,
  limit: number,
): Promise<Array<Omit<MessageRow, 'searchVector'>>> {
  const chain = sql`(
    with recursive chain (message_id, parent_message_id, depth) as (
      select message_id, parent_message_id, 1 from ${messages}
       where message_id = ${messageId} and user_id = ${userId} and conversation_id = ${conversationId}
      union all
      select m.message_id, m.parent_message_id, chain.depth + 1 from chain
        join ${messages} m on m.message_id = chain.parent_message_id
       where chain.depth < ${limit}
    )
    select message_id from chain
  )`;
  return db
    .select(messageColumns)
    .from(messages)
    .where(
      and(
        eq(messages.userId, userId),
        eq(messages.conversationId, conversationId),
        inArray(messages.messageId, chain),
      ),
    );
}
