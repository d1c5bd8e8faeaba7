import type { z } from 'zod';
import {
  TAGS_PER_USER,
  type Tag,
  type tagCreateBodySchema,
  type tagUpdateBodySchema,
} from '@parley/shared/schemas/tag';
import type { Db } from '../db/client';
import { AppError, notFound } from '../lib/errors';
import { isUniqueViolation } from '../users/is-unique-violation';
import { isUuidLike } from '../conversations/uuid-like';
import {
  countTagged,
  deleteTagRow,
  insertTag,
  removeFromConversations,
  renameInConversations,
  renumberTags,
  selectTagByName,
  selectTags,
  setConversationTagsRow,
  updateTagRow,
  withTagsLock,
  type TagRecord,
  type TagsDb,
} from './repo';

export type { Db } from '../db/client';
/** Runs `work` holding the user's tags lock: what another feature changing a conversation's tags must do. */
export { withTagsLock } from './repo';

export type TagCreate = z.output<typeof tagCreateBodySchema>;
export type TagUpdate = z.output<typeof tagUpdateBodySchema>;

const TAG_NOT_FOUND = 'Tag not found';
const CONVERSATION_NOT_FOUND = 'Conversation not found';

const tagExists = (name: string) =>
  new AppError(409, `A tag named "${name}" already exists`, {
    code: 'tag_exists',
    fields: { tag: 'already exists' },
  });
const tagLimit = () =>
  new AppError(409, `You can have at most ${TAGS_PER_USER} tags; delete one to add another`, {
    code: 'tag_limit',
  });

function present(row: TagRecord, counts: Map<string, number>): Tag {
  return {
    tag: row.tag,
    description: row.description,
    count: counts.get(row.tag) ?? 0,
    position: row.position,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** `GET /api/tags`: the caller's tags in order, with how many conversations carry each. */
export async function listTags(db: Db, userId: string): Promise<Tag[]> {
  const [rows, counts] = await Promise.all([selectTags(db, userId), countTagged(db, userId)]);
  return rows.map((row) => present(row, counts));
}

async function presentOne(db: Db, userId: string, row: TagRecord): Promise<Tag> {
  return present(row, await countTagged(db, userId));
}

/** Creates a tag at the end of the list; 409 when one differing only in case exists or 200 do. */
async function createTagIn(tx: TagsDb, userId: string, name: string, description: string | null) {
  if (await selectTagByName(tx, userId, name)) throw tagExists(name);
  const existing = await selectTags(tx, userId);
  if (existing.length >= TAGS_PER_USER) throw tagLimit();
  const position = existing.reduce((max, row) => Math.max(max, row.position + 1), 0);
  return insertTag(tx, userId, { tag: name, description, position });
}

export async function createTag(db: Db, userId: string, input: TagCreate): Promise<Tag> {
  try {
    const row = await withTagsLock(db, userId, (tx) =>
      createTagIn(tx, userId, input.tag, input.description || null),
    );
    return await presentOne(db, userId, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw tagExists(input.tag);
    throw error;
  }
}

/**
 * Renames (every conversation carrying it follows in the same transaction), describes and/or moves a tag
 * to `position` among the user's tags. 404 when the caller has no such tag; 409 when the new name is
 * another tag's in any case.
 */
export async function updateTag(db: Db, userId: string, name: string, input: TagUpdate): Promise<Tag> {
  const row = await withTagsLock(db, userId, async (tx) => {
    const current = await selectTagByName(tx, userId, name);
    if (!current) throw notFound(TAG_NOT_FOUND);
    let updated = current;
    const rename = input.tag !== undefined && input.tag !== current.tag ? input.tag : undefined;
    if (rename !== undefined) {
      const other = await selectTagByName(tx, userId, rename);
      if (other && other.tagId !== current.tagId) throw tagExists(rename);
      await renameInConversations(tx, userId, current.tag, rename);
    }
    if (rename !== undefined || input.description !== undefined) {
      updated = await updateTagRow(tx, current.tagId, {
        ...(rename !== undefined ? { tag: rename } : {}),
        ...(input.description !== undefined ? { description: input.description || null } : {}),
      });
    }
    if (input.position !== undefined) {
      const ids = (await selectTags(tx, userId)).map((tag) => tag.tagId).filter((id) => id !== current.tagId);
      ids.splice(Math.min(input.position, ids.length), 0, current.tagId);
      await renumberTags(tx, userId, ids);
      updated = { ...updated, position: ids.indexOf(current.tagId) };
    }
    return updated;
  });
  return presentOne(db, userId, row);
}

/** Deletes the tag and takes it off every conversation; 404 when the caller has no such tag. */
export async function deleteTag(db: Db, userId: string, name: string): Promise<{ tag: string }> {
  return withTagsLock(db, userId, async (tx) => {
    const current = await selectTagByName(tx, userId, name);
    if (!current) throw notFound(TAG_NOT_FOUND);
    await removeFromConversations(tx, userId, current.tag);
    await deleteTagRow(tx, current.tagId);
    const rest = (await selectTags(tx, userId)).map((tag) => tag.tagId);
    await renumberTags(tx, userId, rest);
    return { tag: current.tag };
  });
}

/**
 * The names as the user's tags spell them, duplicates (in any case) dropped, first spelling kept; a name
 * with no tag yet creates one (409 past 200).
 */
export async function resolveTagNames(
  tx: TagsDb,
  userId: string,
  names: readonly string[],
): Promise<string[]> {
  const seen = new Set<string>();
  const resolved: string[] = [];
  for (const name of names) {
    if (seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    const existing = await selectTagByName(tx, userId, name);
    resolved.push(existing ? existing.tag : (await createTagIn(tx, userId, name, null)).tag);
  }
  return resolved;
}

/**
 * `PUT /api/tags/convo/{conversationId}`: the conversation's whole tag list (missing tags are created), in
 * one transaction: a 404 or a 409 changes nothing.
 */
export async function setConversationTags(
  db: Db,
  userId: string,
  conversationId: string,
  names: readonly string[],
): Promise<string[]> {
  if (!isUuidLike(conversationId)) throw notFound(CONVERSATION_NOT_FOUND);
  return withTagsLock(db, userId, async (tx) => {
    const resolved = await resolveTagNames(tx, userId, names);
    if (!(await setConversationTagsRow(tx, userId, conversationId, resolved))) {
      throw notFound(CONVERSATION_NOT_FOUND);
    }
    return resolved;
  });
}
