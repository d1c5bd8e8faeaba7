import { and, desc, eq, sql } from 'drizzle-orm';
import type { TurnContext } from '@parley/shared/schemas/turn-context';
import type { Db } from '../db/client';
import { conversations, messageColumns, messages } from '../db/schema';
import type { MessageRecord } from './repo';

/**
 * Queries of one path of a conversation's tree. Each walks `parent_message_id` one message at a time on the
 * primary key or the `(conversation_id, parent_message_id)` index, for a bounded number of steps, so its cost
 * is the number of steps asked for, never the size of the conversation. The caller checks first that the
 * conversation is the user's; every step stays inside that conversation.
 */

/** The conversation's newest message (its newest leaf, unless replies were imported before their parents). */
export async function selectNewestMessageId(db: Db, conversationId: string): Promise<string | null> {
  const rows = await db
    .select({ messageId: messages.messageId })
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(desc(messages.createdAt), desc(messages.messageId))
    .limit(1);
  return rows[0]?.messageId ?? null;
}

/** Whether the message is one of the conversation's. */
export async function messageExists(db: Db, conversationId: string, messageId: string): Promise<boolean> {
  const rows = await db
    .select({ messageId: messages.messageId })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.messageId, messageId)))
    .limit(1);
  return rows.length > 0;
}

interface ChainRow extends Record<string, unknown> {
  message_id: string;
  depth: number;
}

/**
 * Up to `steps` ids from `startId` upwards (its parent, grandparent, …), nearest first, `startId` itself
 * included at depth 0. The walk ends at the root, at a parent that is missing (an orphan) or after `steps`;
 * a cycle in damaged data repeats ids, which the caller drops.
 */
export async function selectAncestorIds(
  db: Db,
  conversationId: string,
  startId: string,
  steps: number,
): Promise<string[]> {
  const { rows } = await db.execute<ChainRow>(sql`
    with recursive chain (message_id, parent_message_id, depth) as (
      select message_id, parent_message_id, 0 from ${messages}
       where message_id = ${startId} and conversation_id = ${conversationId}
      union all
      select m.message_id, m.parent_message_id, chain.depth + 1
        from chain cross join lateral (
          select p.message_id, p.parent_message_id from ${messages} p
           where p.message_id = chain.parent_message_id and p.conversation_id = ${conversationId}
        ) m
       where chain.depth + 1 < ${steps}
    )
    select message_id, depth from chain order by depth`);
  return rows.map((row) => row.message_id);
}

/**
 * From `startId` down its newest replies (at each message, the reply made last), at most `steps` levels:
 * the ids on the way, `startId` first. A cycle in damaged data repeats ids, which the caller stops at.
 */
export async function selectNewestDescendantIds(
  db: Db,
  conversationId: string,
  startId: string,
  steps: number,
): Promise<string[]> {
  const { rows } = await db.execute<ChainRow>(sql`
    with recursive down (message_id, depth) as (
      select ${startId}::uuid, 0
      union all
      select c.message_id, down.depth + 1
        from down cross join lateral (
          select r.message_id from ${messages} r
           where r.conversation_id = ${conversationId} and r.parent_message_id = down.message_id
           order by r.created_at desc, r.message_id desc
           limit 1
        ) c
       where down.depth < ${steps}
    )
    select message_id, depth from down order by depth`);
  return rows.map((row) => row.message_id);
}

/**
 * The conversation's messages with these ids (in no particular order): primary key lookups only (with the
 * conversation in the condition, a planner without statistics would rather scan the conversation's index).
 */
export async function selectMessagesByIds(
  db: Db,
  conversationId: string,
  ids: readonly string[],
): Promise<MessageRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(messageColumns)
    .from(messages)
    .where(sql`${messages.messageId} = any(${sql.param([...ids])}::uuid[])`);
  return rows.filter((row) => row.conversationId === conversationId);
}

/**
 * The ids of each parent's replies, oldest first, at most `perParent` of each (a parent with thousands of
 * replies is cut at its oldest `perParent`), one index range scan per parent.
 */
export async function selectReplyIds(
  db: Db,
  conversationId: string,
  parentIds: readonly string[],
  perParent: number,
): Promise<Map<string, string[]>> {
  const replies = new Map<string, string[]>();
  if (parentIds.length === 0) return replies;
  const { rows } = await db.execute<{ parent_message_id: string; message_id: string }>(sql`
    select parent.id as parent_message_id, r.message_id
      from unnest(${sql.param([...parentIds])}::uuid[]) as parent(id)
      cross join lateral (
        select message_id, created_at from ${messages}
         where conversation_id = ${conversationId} and parent_message_id = parent.id
         order by created_at, message_id
         limit ${perParent}
      ) r
     order by parent.id, r.created_at, r.message_id`);
  for (const row of rows) {
    const list = replies.get(row.parent_message_id);
    if (list) list.push(row.message_id);
    else replies.set(row.parent_message_id, [row.message_id]);
  }
  return replies;
}

/** The conversation's kept leaf (`undefined`: not the user's conversation, `null`: none kept). */
export async function selectCurrentLeafId(
  db: Db,
  userId: string,
  conversationId: string,
): Promise<string | null | undefined> {
  const rows = await db
    .select({ currentLeafId: conversations.currentLeafId })
    .from(conversations)
    .where(and(eq(conversations.userId, userId), eq(conversations.conversationId, conversationId)))
    .limit(1);
  return rows[0] ? rows[0].currentLeafId : undefined;
}

/**
 * Keeps `leafId` as the conversation's leaf when it is one of the conversation's messages; `updatedAt` is
 * left alone (looking at a branch does not move the conversation up the list). With `turnContext` (a turn's
 * save), what that turn's prompt held is kept too. False when nothing changed.
 */
export async function updateCurrentLeafId(
  db: Db,
  userId: string,
  conversationId: string,
  leafId: string,
  turnContext?: TurnContext,
): Promise<boolean> {
  const rows = await db
    .update(conversations)
    .set({
      currentLeafId: leafId,
      ...(turnContext ? { turnContext } : {}),
      updatedAt: sql`${conversations.updatedAt}`,
    })
    .where(
      and(
        eq(conversations.userId, userId),
        eq(conversations.conversationId, conversationId),
        sql`exists (select 1 from ${messages} m where m.message_id = ${leafId}
                      and m.conversation_id = ${conversationId} and m.user_id = ${userId})`,
      ),
    )
    .returning({ conversationId: conversations.conversationId });
  return rows.length > 0;
}
