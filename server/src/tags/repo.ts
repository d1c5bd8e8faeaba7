import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { conversations, tags } from '../db/schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type TagsDb = Db | Tx;

/** Advisory lock namespace of a user's tags (create, rename, delete, reorder run one at a time per user). */
const TAGS_LOCK_NAMESPACE = 25_001;

export interface TagRecord {
  tagId: string;
  tag: string;
  description: string | null;
  position: number;
  createdAt: Date;
  updatedAt: Date;
}

const tagColumns = {
  tagId: tags.tagId,
  tag: tags.tag,
  description: tags.description,
  position: tags.position,
  createdAt: tags.createdAt,
  updatedAt: tags.updatedAt,
};

/** Runs `work` in a transaction holding the user's tags lock. */
export function withTagsLock<T>(db: Db, userId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${TAGS_LOCK_NAMESPACE}, hashtext(${userId}))`);
    return work(tx);
  });
}

/** The user's tags in their order (position, then oldest first). */
export async function selectTags(db: TagsDb, userId: string): Promise<TagRecord[]> {
  return db
    .select(tagColumns)
    .from(tags)
    .where(eq(tags.userId, userId))
    .orderBy(asc(tags.position), asc(tags.createdAt), asc(tags.tagId));
}

/** How many of the user's conversations (temporary chats aside) carry each tag, in one pass over them. */
export async function countTagged(db: TagsDb, userId: string): Promise<Map<string, number>> {
  const { rows } = await db.execute<{ tag: string; n: number | string }>(sql`
    select t.tag, count(*) as n
      from ${conversations} c, unnest(c.tags) as t(tag)
     where c.user_id = ${userId} and not c.is_temporary
     group by t.tag`);
  return new Map(rows.map((row) => [row.tag, Number(row.n)]));
}

/** The user's tag spelled this way in any case, or null. */
export async function selectTagByName(db: TagsDb, userId: string, name: string): Promise<TagRecord | null> {
  const rows = await db
    .select(tagColumns)
    .from(tags)
    .where(and(eq(tags.userId, userId), sql`lower(${tags.tag}) = lower(${name})`))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertTag(
  db: TagsDb,
  userId: string,
  values: { tag: string; description: string | null; position: number },
): Promise<TagRecord> {
  const [row] = await db
    .insert(tags)
    .values({ userId, ...values })
    .returning(tagColumns);
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateTagRow(
  db: TagsDb,
  tagId: string,
  values: { tag?: string; description?: string | null },
): Promise<TagRecord> {
  const [row] = await db.update(tags).set(values).where(eq(tags.tagId, tagId)).returning(tagColumns);
  if (!row) throw new Error('update returned no row');
  return row;
}

/** Every conversation of the user carrying `from` now carries `to` instead (in the same place). */
export async function renameInConversations(db: TagsDb, userId: string, from: string, to: string) {
  await db
    .update(conversations)
    .set({
      tags: sql`array_replace(${conversations.tags}, ${from}::text, ${to}::text)`,
      updatedAt: sql`${conversations.updatedAt}`,
    })
    .where(and(eq(conversations.userId, userId), sql`${from}::text = any(${conversations.tags})`));
}

/** The tag is taken off every conversation of the user. */
export async function removeFromConversations(db: TagsDb, userId: string, name: string) {
  await db
    .update(conversations)
    .set({
      tags: sql`array_remove(${conversations.tags}, ${name}::text)`,
      updatedAt: sql`${conversations.updatedAt}`,
    })
    .where(and(eq(conversations.userId, userId), sql`${name}::text = any(${conversations.tags})`));
}

export async function deleteTagRow(db: TagsDb, tagId: string): Promise<void> {
  await db.delete(tags).where(eq(tags.tagId, tagId));
}

/** Positions 0…n-1 in the order of `tagIds` (one statement). */
export async function renumberTags(db: TagsDb, userId: string, tagIds: readonly string[]): Promise<void> {
  if (tagIds.length === 0) return;
  const values = sql.join(
    tagIds.map((id, index) => sql`(${id}::uuid, ${index}::int)`),
    sql`, `,
  );
  await db.execute(sql`
    update ${tags} set position = v.position
      from (values ${values}) as v(tag_id, position)
     where ${tags.tagId} = v.tag_id and ${tags.userId} = ${userId}`);
}

/** Sets the conversation's tags; false when it is not the caller's (or a temporary chat past its expiry). */
export async function setConversationTagsRow(
  db: TagsDb,
  userId: string,
  conversationId: string,
  names: string[],
): Promise<boolean> {
  const rows = await db
    .update(conversations)
    .set({ tags: names, updatedAt: sql`${conversations.updatedAt}` })
    .where(
      and(
        eq(conversations.userId, userId),
        eq(conversations.conversationId, conversationId),
        sql`(${conversations.expiredAt} is null or ${conversations.expiredAt} > now())`,
      ),
    )
    .returning({ conversationId: conversations.conversationId });
  return rows.length > 0;
}
