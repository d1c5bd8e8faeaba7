import {
  PATH_PAGE_DEFAULT,
  type MessagePath,
  type MessagePathQuery,
} from '@parley/shared/schemas/message-path';
import type { Db } from '../db/client';
import { AppError, notFound } from '../lib/errors';
import {
  messageExists,
  selectAncestorIds,
  selectCurrentLeafId,
  selectMessagesByIds,
  selectNewestDescendantIds,
  selectNewestMessageId,
  selectReplyIds,
} from './path-repo';
import { presentMessage } from './present-message';
import { isUuidLike } from '../conversations/uuid-like';

/** Levels one statement walks when a walk may be long (down to a leaf, or up to check `before`). */
const WALK_CHUNK = 10_000;
/** Statements such a walk may take: 200,000 levels, then it stops where it is (damaged data may loop). */
const WALK_CHUNKS = 20;
/** Reply ids listed per parent: the pager of a message with more replies counts the oldest this many. */
const REPLIES_PER_PARENT = 1_000;

const EMPTY_PATH: MessagePath = { messages: [], siblings: {}, hasMore: false, before: null };

/** The first occurrence of each id, in order: a cycle in imported data ends the walk where it closes. */
function untilRepeat(ids: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const id of ids) {
    if (seen.has(id)) break;
    seen.add(id);
    out.push(id);
  }
  return out;
}

/**
 * From `startId` down its newest replies to a leaf, or as far as the walk's bound goes; a cycle in damaged
 * data ends the walk before it closes.
 */
async function newestLeafBelow(db: Db, conversationId: string, startId: string): Promise<string> {
  const seen = new Set<string>();
  let current = startId;
  for (let chunk = 0; chunk < WALK_CHUNKS; chunk += 1) {
    const ids = await selectNewestDescendantIds(db, conversationId, current, WALK_CHUNK);
    for (const id of ids.slice(chunk === 0 ? 0 : 1)) {
      if (seen.has(id)) return current;
      seen.add(id);
      current = id;
    }
    if (ids.length <= WALK_CHUNK) break;
  }
  return current;
}

/** Whether `ancestorId` is `messageId` or one of its ancestors. */
async function isOnPathTo(
  db: Db,
  conversationId: string,
  ancestorId: string,
  messageId: string,
): Promise<boolean> {
  const seen = new Set<string>();
  let current = messageId;
  for (let chunk = 0; chunk < WALK_CHUNKS; chunk += 1) {
    const ids = await selectAncestorIds(db, conversationId, current, WALK_CHUNK);
    for (const id of ids.slice(chunk === 0 ? 0 : 1)) {
      if (id === ancestorId) return true;
      if (seen.has(id)) return false;
      seen.add(id);
    }
    const last = ids.at(-1);
    if (!last || ids.length < WALK_CHUNK) return false;
    current = last;
  }
  return false;
}

/** Where the path ends: the asked leaf or the kept one (else the newest message), then down its newest replies. */
async function resolveEnd(
  db: Db,
  conversationId: string,
  leaf: string | undefined,
  kept: string | null,
): Promise<string | null> {
  if (leaf !== undefined) {
    if (!(await messageExists(db, conversationId, leaf))) throw notFound('Message not found');
    return newestLeafBelow(db, conversationId, leaf);
  }
  const start =
    kept !== null && (await messageExists(db, conversationId, kept))
      ? kept
      : await selectNewestMessageId(db, conversationId);
  return start === null ? null : newestLeafBelow(db, conversationId, start);
}

/**
 * `GET /api/messages/:conversationId?leaf=&limit=&before=` (API.md "Long conversations"): one page of the
 * path from the root to a leaf, oldest first, with the reply ids of each parent on the page. `leaf` (default:
 * the conversation's kept leaf, else its newest message) is followed down its newest replies, so a sibling's
 * id opens its whole branch. `before` names the path itself: the page is the messages above it. With both,
 * `before` must be on the path of `leaf` (400 otherwise). Unknown, not owned: 404.
 */
export async function messagePath(
  db: Db,
  userId: string,
  conversationId: string,
  query: MessagePathQuery,
): Promise<MessagePath> {
  if (conversationId === 'new') return EMPTY_PATH;
  if (!isUuidLike(conversationId)) throw notFound('Conversation not found');
  const kept = await selectCurrentLeafId(db, userId, conversationId);
  if (kept === undefined) throw notFound('Conversation not found');
  const limit = query.limit ?? PATH_PAGE_DEFAULT;

  let walkFrom: string;
  let skip: number;
  if (query.before !== undefined) {
    if (!(await messageExists(db, conversationId, query.before))) throw notFound('Message not found');
    if (query.leaf !== undefined) {
      const end = await resolveEnd(db, conversationId, query.leaf, kept);
      if (end === null || !(await isOnPathTo(db, conversationId, query.before, end))) {
        throw new AppError(400, 'before is not on the path to leaf', {
          fields: { before: 'is not on the path to leaf' },
        });
      }
    }
    walkFrom = query.before;
    skip = 1;
  } else {
    const end = await resolveEnd(db, conversationId, query.leaf, kept);
    if (end === null) return EMPTY_PATH;
    walkFrom = end;
    skip = 0;
  }

  const walked = untilRepeat(await selectAncestorIds(db, conversationId, walkFrom, skip + limit + 1));
  const above = walked.slice(skip);
  const hasMore = above.length > limit;
  const pageIds = above.slice(0, limit).reverse();
  const rows = await selectMessagesByIds(db, conversationId, pageIds);
  const byId = new Map(rows.map((row) => [row.messageId, row]));
  const page = pageIds.flatMap((id) => {
    const row = byId.get(id);
    return row && row.userId === userId ? [presentMessage(row)] : [];
  });

  const parents = [...new Set(page.map((message) => message.parentMessageId))];
  const replies = await selectReplyIds(db, conversationId, parents, REPLIES_PER_PARENT);
  const siblings: Record<string, string[]> = {};
  for (const message of page) {
    const list = replies.get(message.parentMessageId) ?? [];
    if (!list.includes(message.messageId)) list.push(message.messageId);
    siblings[message.parentMessageId] = list;
  }
  return { messages: page, siblings, hasMore, before: hasMore ? (page[0]?.messageId ?? null) : null };
}
