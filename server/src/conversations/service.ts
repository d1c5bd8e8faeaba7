import { setTimeout as sleep } from 'node:timers/promises';
import type { SQLWrapper } from 'drizzle-orm';
import type { z } from 'zod';
import { DEFAULT_TITLE } from '@parley/shared/constants';
import {
  CONVERSATIONS_PAGE_SIZE,
  PINS_PER_USER,
  type Conversation,
  type ConversationCursorPage,
  type ConversationList,
  type conversationClearBodySchema,
  type conversationUpdateBodySchema,
} from '@parley/shared/schemas/conversation';
import type { EndpointOptions } from '@parley/shared/schemas/endpoint-options';
import type { TurnContext } from '@parley/shared/schemas/turn-context';
import type { Db } from '../db/client';
import type { JsonObject } from '../db/schema';
import { AppError, badRequest, notFound } from '../lib/errors';
import { resolveTagNames } from '../tags/service';
import { withTagsLock } from '../tags/service';
import { toStorableText } from '../lib/storable-text';
import { updateCurrentLeafId } from '../messages/path-repo';
import { decodeListCursor, encodeListCursor } from './list-cursor';
import { presentConversation } from './present-conversation';
import {
  archiveAllRows,
  countConversations,
  deleteConversations,
  replaceTitleIf,
  selectConversation,
  selectConversationPage,
  selectConversationsAfter,
  turnConversationParams,
  turnConversationTemplate,
  upsertTurnConversation,
  type ConversationPatch,
  type ConversationRecord,
  type KeyedConversationRecord,
  type ListFilter,
  type TurnConversationValues,
  updateConversationRow,
  selectPinnedAfter,
  selectFirstUserText,
  titleReplacement,
  TITLE_REPLACEMENT_RETURNS,
  withPinsLock,
} from './repo';
import { titleFromMessage } from './message-title';

export type { Db } from '../db/client';

export type ConversationUpdateArg = z.output<typeof conversationUpdateBodySchema>['arg'];
export type ConversationClearArg = z.output<typeof conversationClearBodySchema>['arg'];

const CONVERSATION_NOT_FOUND = 'Conversation not found';
const TITLE_MAX_LENGTH = 256;

import { isUuidLike } from './uuid-like';

export { isUuidLike };

/** The caller's conversation, or null when it is missing, someone else's or not an id at all. */
export async function findConversation(
  db: Db,
  userId: string,
  conversationId: string,
): Promise<Conversation | null> {
  if (!isUuidLike(conversationId)) return null;
  const row = await selectConversation(db, userId, conversationId);
  return row ? presentConversation(row) : null;
}

/** The stored record of the caller's conversation (by a well-formed id), or null when it is missing or foreign. */
export async function findConversationRecord(
  db: Db,
  userId: string,
  conversationId: string,
): Promise<ConversationRecord | null> {
  return selectConversation(db, userId, conversationId);
}

/** Like `findConversation`, but a missing or foreign conversation is a 404. */
export async function getConversation(db: Db, userId: string, conversationId: string): Promise<Conversation> {
  const conversation = await findConversation(db, userId, conversationId);
  if (!conversation) throw notFound(CONVERSATION_NOT_FOUND);
  return conversation;
}

/** The list's query: archived or not, pinned or not, tags. */
export interface ListQuery {
  isArchived?: boolean;
  pinned?: boolean;
  tags?: string[];
}

const filterOf = (query: ListQuery): ListFilter => ({
  isArchived: query.isArchived ?? false,
  pinned: query.pinned,
  tags: query.tags,
});

/**
 * One page (25) of the caller's listed conversations after `cursor` (from the top without one): the pinned
 * ones first, newest pin first, then the others, most recently updated first, ties by id. Temporary chats
 * are never listed, archived ones only with `isArchived`. No count of all rows: one more row than a page is
 * read to know whether one follows; each half is a range scan of its own partial index.
 */
export async function listConversationsAfter(
  db: Db,
  userId: string,
  cursor: string | undefined,
  query: ListQuery = {},
): Promise<ConversationCursorPage> {
  const after = cursor ? decodeListCursor(cursor) : null;
  if (cursor && !after)
    throw badRequest('cursor: is not a valid cursor', { cursor: 'is not a valid cursor' });
  const filter = filterOf(query);
  const size = CONVERSATIONS_PAGE_SIZE;
  const rows: { pinned: boolean; row: KeyedConversationRecord }[] = [];
  const inPinned = !after || after.pinned;
  if (inPinned && filter.pinned !== false) {
    const pinned = await selectPinnedAfter(db, userId, filter, after?.key ?? null, size + 1);
    rows.push(...pinned.map((row) => ({ pinned: true, row })));
  }
  if (rows.length <= size && filter.pinned !== true) {
    const from = after && !after.pinned ? after.key : null;
    const recent = await selectConversationsAfter(db, userId, filter, from, size + 1 - rows.length);
    rows.push(...recent.map((row) => ({ pinned: false, row })));
  }
  const page = rows.slice(0, size);
  const last = page.at(-1);
  return {
    conversations: page.map(({ row }) => presentConversation(row)),
    nextCursor:
      rows.length > page.length && last ? encodeListCursor({ pinned: last.pinned, key: last.row.key }) : null,
  };
}

/**
 * `?pageNumber=N`, kept for compatibility: one page (1-based, 25 a page) with the number of pages, in the
 * same order and with the same filters as the cursor pages. It counts the listed conversations and skips
 * with OFFSET; the web uses `listConversationsAfter`.
 */
export async function listConversations(
  db: Db,
  userId: string,
  pageNumber: number,
  query: ListQuery = {},
): Promise<ConversationList> {
  const filter = filterOf(query);
  const total = await countConversations(db, userId, filter);
  const rows = await selectConversationPage(db, userId, filter, {
    limit: CONVERSATIONS_PAGE_SIZE,
    offset: (pageNumber - 1) * CONVERSATIONS_PAGE_SIZE,
  });
  return {
    conversations: rows.map(presentConversation),
    pages: Math.ceil(Math.max(total, 1) / CONVERSATIONS_PAGE_SIZE),
    pageNumber,
    pageSize: CONVERSATIONS_PAGE_SIZE,
  };
}

/** Endpoint option fields as stored in the `options` column (`model` has its own column). */
function toStoredOptions(options: Partial<EndpointOptions>): JsonObject {
  const stored: JsonObject = {};
  for (const [key, value] of Object.entries(options)) {
    if (key !== 'model' && value !== undefined) stored[key] = value;
  }
  return stored;
}

const pinLimit = () =>
  new AppError(409, `You can pin at most ${PINS_PER_USER} conversations; unpin one to pin another`, {
    code: 'pin_limit',
  });

/**
 * Rename and/or change option fields (the conversation moves to the top of the list); archive, pin, tag or
 * keep a temporary chat (it stays where it is). Tags are resolved to the user's tags (missing ones are
 * created) in the same transaction as the update, so a refusal changes nothing.
 */
export async function updateConversation(
  db: Db,
  userId: string,
  arg: ConversationUpdateArg,
): Promise<Conversation> {
  const { conversationId, title, model, isArchived, pinned, tags, isTemporary, currentLeafId, ...options } =
    arg;
  if (isArchived === true && pinned === true) {
    throw badRequest('A conversation cannot be archived and pinned at once', {
      pinned: 'conflicts with isArchived',
    });
  }
  if (
    currentLeafId !== undefined &&
    !(await updateCurrentLeafId(db, userId, conversationId, currentLeafId))
  ) {
    if (await findConversation(db, userId, conversationId)) throw notFound('Message not found');
    throw notFound(CONVERSATION_NOT_FOUND);
  }
  const patch: ConversationPatch = {
    title,
    model,
    options: toStoredOptions(options),
    isArchived,
    pinned,
    keep: isTemporary === false,
  };
  const apply = (on: Db) =>
    tags === undefined
      ? updateConversationRow(on, userId, conversationId, patch, PINS_PER_USER)
      : withTagsLock(on, userId, async (tx) =>
          updateConversationRow(
            tx,
            userId,
            conversationId,
            { ...patch, tags: await resolveTagNames(tx, userId, tags) },
            PINS_PER_USER,
          ),
        );
  // Pins of one user are taken one at a time (the pins lock, before the tags lock): concurrent pins near the
  // limit would otherwise each count the others' uncommitted pins as absent and pass 50 together.
  const row = pinned === true ? await withPinsLock(db, userId, apply) : await apply(db);
  if (row && isTemporary === false && row.title === DEFAULT_TITLE) {
    return presentConversation((await titleKeptChat(db, userId, row)) ?? row);
  }
  if (row) return presentConversation(row);
  if (pinned === true && (await findConversation(db, userId, conversationId))) throw pinLimit();
  throw notFound(CONVERSATION_NOT_FOUND);
}

/**
 * A temporary chat is never titled; once kept it is named by its first message (as the chat names one whose
 * title was not generated), unless it was renamed meanwhile. Null when there is nothing to name it by.
 */
async function titleKeptChat(
  db: Db,
  userId: string,
  row: ConversationRecord,
): Promise<ConversationRecord | null> {
  const text = await selectFirstUserText(db, row.conversationId);
  const title = toStorableText(titleFromMessage(text ?? ''))
    .trim()
    .slice(0, TITLE_MAX_LENGTH);
  if (title === '' || title === DEFAULT_TITLE) return null;
  return replaceTitleIf(db, userId, row.conversationId, title, DEFAULT_TITLE);
}

/** Settings → Data controls → "Archive all": every listed conversation of the caller is archived. */
export async function archiveAllConversations(db: Db, userId: string): Promise<{ archivedCount: number }> {
  return { archivedCount: await archiveAllRows(db, userId) };
}

/**
 * Deletes the given conversation with its messages (404 when it is not the caller's), or every conversation
 * of the caller when `arg` has no `conversationId`. As in LibreChat, `source: 'button'` without an id deletes nothing (a stray click on a
 * conversation's delete button must never clear everything). Assistants threads (`thread_id`) are not
 * deleted at the vendor yet.
 */
export async function clearConversations(
  db: Db,
  userId: string,
  arg: ConversationClearArg,
): Promise<{ deletedCount: number }> {
  if (!arg.conversationId && arg.source === 'button') return { deletedCount: 0 };
  const deletedCount = await deleteConversations(db, userId, arg.conversationId);
  if (arg.conversationId && deletedCount === 0) throw notFound(CONVERSATION_NOT_FOUND);
  return { deletedCount };
}

export interface TurnConversationInput {
  conversationId: string;
  endpoint: string;
  endpointType?: string | null;
  model?: string | null;
  options: Partial<EndpointOptions>;
  /** Used only when the conversation is created (default "New Chat"). */
  title?: string;
  /** Used only when the conversation is created: a temporary chat, deleted after `expiredAt`. */
  isTemporary?: boolean;
  expiredAt?: Date | null;
  /** The message it reopens on (a turn's user message); absent keeps the stored leaf. */
  currentLeafId?: string | undefined;
  /** What the turn's prompt held (the context gauge); absent keeps the stored one. */
  turnContext?: TurnContext | undefined;
}

/** The row values of a turn's conversation; an id that cannot be a conversation's is a 404. */
function turnConversationValues(input: TurnConversationInput): TurnConversationValues {
  if (!isUuidLike(input.conversationId)) throw notFound(CONVERSATION_NOT_FOUND);
  return {
    conversationId: input.conversationId,
    title: input.title?.trim().slice(0, TITLE_MAX_LENGTH) || DEFAULT_TITLE,
    endpoint: input.endpoint,
    endpointType: input.endpointType ?? null,
    model: input.model ?? input.options.model ?? null,
    options: toStoredOptions(input.options),
    isTemporary: input.isTemporary === true,
    expiredAt: input.isTemporary === true ? (input.expiredAt ?? null) : null,
    currentLeafId:
      input.currentLeafId !== undefined && isUuidLike(input.currentLeafId) ? input.currentLeafId : null,
    turnContext: input.turnContext ?? null,
  };
}

/**
 * For the chat engine, once per turn: creates the conversation, or replaces its endpoint, model and options
 * and moves it to the top, keeping the turn's leaf and context when given. A conversation id owned by another
 * user is a 404 and nothing changes.
 */
export async function saveConversationForTurn(
  db: Db,
  userId: string,
  input: TurnConversationInput,
): Promise<Conversation> {
  const row = await upsertTurnConversation(db, userId, turnConversationValues(input));
  if (!row) throw notFound(CONVERSATION_NOT_FOUND);
  return presentConversation(row);
}

/**
 * `saveConversationForTurn` as a statement not run yet, in two halves, for the messages service to run with
 * the turn's user message as one statement prepared once: the template (placeholders named
 * `<prefix><column>`; its row has every column but the search vector, none when the id is another user's)
 * and this turn's values (404 for an id that cannot be a conversation's).
 */
export const turnConversationTemplateOf = (db: Db, prefix: string): SQLWrapper =>
  turnConversationTemplate(db, prefix);

export function turnConversationParamsOf(
  prefix: string,
  userId: string,
  input: TurnConversationInput,
): Record<string, unknown> {
  return turnConversationParams(prefix, userId, turnConversationValues(input));
}

/**
 * Saves a generated title while the conversation still has the default one (a rename made meanwhile
 * wins). Returns the conversation as it now is; 404 when it is not the caller's.
 */
export async function setGeneratedTitle(
  db: Db,
  userId: string,
  conversationId: string,
  title: string,
): Promise<Conversation> {
  const cleaned = storableTitle(title);
  if (cleaned && isUuidLike(conversationId)) {
    const row = await replaceTitleIf(db, userId, conversationId, cleaned, DEFAULT_TITLE);
    if (row) return presentConversation(row);
  }
  return getConversation(db, userId, conversationId);
}

/** A generated title as it is stored; '' when there is nothing to store (blank, the default title). */
function storableTitle(title: string): string {
  const cleaned = toStorableText(title).trim().slice(0, TITLE_MAX_LENGTH);
  return cleaned === DEFAULT_TITLE ? '' : cleaned;
}

/**
 * `setGeneratedTitle` as a write not run yet, for a statement that bills the title call too (nothing read
 * back but the id); undefined when there is nothing to store.
 */
export function generatedTitleWrite(
  db: Db,
  userId: string,
  conversationId: string,
  title: string,
): { statement: SQLWrapper; returns: typeof TITLE_REPLACEMENT_RETURNS } | undefined {
  const cleaned = storableTitle(title);
  if (!cleaned || !isUuidLike(conversationId)) return undefined;
  return {
    statement: titleReplacement(db, userId, conversationId, cleaned, DEFAULT_TITLE),
    returns: TITLE_REPLACEMENT_RETURNS,
  };
}

export interface TitleWait {
  /** How long to keep asking while a title may still be generated (0: answer at once). */
  waitMs: number;
  intervalMs: number;
  /** A conversation created longer ago than this is past its first exchange: no title is coming. */
  pendingForMs: number;
  now: () => Date;
}

export const DEFAULT_TITLE_WAIT: TitleWait = {
  waitMs: 3_000,
  intervalMs: 250,
  pendingForMs: 120_000,
  now: () => new Date(),
};

/**
 * `POST /api/convos/gen_title`: the title once it has been generated, i.e. once it differs from
 * "New Chat" (no extra column: a title is either the default, generated, or a rename, and each is the
 * title to show). While a young conversation still has the default title, asks again for up to
 * `wait.waitMs`, since the title is generated just after the first reply. 404 when there is none.
 */
export async function getGeneratedTitle(
  db: Db,
  userId: string,
  conversationId: string,
  wait: TitleWait = DEFAULT_TITLE_WAIT,
): Promise<{ title: string }> {
  const deadline = wait.now().getTime() + wait.waitMs;
  for (;;) {
    const conversation = await findConversation(db, userId, conversationId);
    if (!conversation) throw notFound(CONVERSATION_NOT_FOUND);
    if (conversation.title !== DEFAULT_TITLE) return { title: conversation.title };
    const now = wait.now().getTime();
    const pending = now - Date.parse(conversation.createdAt) < wait.pendingForMs;
    if (!pending || now >= deadline) {
      throw notFound("Title not found or method not implemented for the conversation's endpoint");
    }
    await sleep(wait.intervalMs);
  }
}
