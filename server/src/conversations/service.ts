import { setTimeout as sleep } from 'node:timers/promises';
import type { SQLWrapper } from 'drizzle-orm';
import type { z } from 'zod';
import { DEFAULT_TITLE } from '@parley/shared/constants';
import {
  CONVERSATIONS_PAGE_SIZE,
  type Conversation,
  type ConversationCursorPage,
  type ConversationList,
  type conversationClearBodySchema,
  type conversationUpdateBodySchema,
} from '@parley/shared/schemas/conversation';
import type { EndpointOptions } from '@parley/shared/schemas/endpoint-options';
import type { Db } from '../db/client';
import type { JsonObject } from '../db/schema';
import { badRequest, notFound } from '../lib/errors';
import { toStorableText } from '../lib/storable-text';
import { decodeListCursor, encodeListCursor } from './list-cursor';
import { presentConversation } from './present-conversation';
import {
  countConversations,
  deleteConversations,
  replaceTitleIf,
  selectConversation,
  selectConversationPage,
  selectConversationsAfter,
  turnConversationParams,
  turnConversationTemplate,
  upsertTurnConversation,
  type TurnConversationValues,
  updateConversationRow,
} from './repo';

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

/** Like `findConversation`, but a missing or foreign conversation is a 404. */
export async function getConversation(db: Db, userId: string, conversationId: string): Promise<Conversation> {
  const conversation = await findConversation(db, userId, conversationId);
  if (!conversation) throw notFound(CONVERSATION_NOT_FOUND);
  return conversation;
}

/**
 * One page (25) of the caller's conversations, most recently updated first, ties by id, after `cursor` (from
 * the top without one). No count of all rows: one more row than a page is read to know whether one follows.
 */
export async function listConversationsAfter(
  db: Db,
  userId: string,
  cursor: string | undefined,
): Promise<ConversationCursorPage> {
  const after = cursor ? decodeListCursor(cursor) : null;
  if (cursor && !after)
    throw badRequest('cursor: is not a valid cursor', { cursor: 'is not a valid cursor' });
  const rows = await selectConversationsAfter(db, userId, after, CONVERSATIONS_PAGE_SIZE + 1);
  const page = rows.slice(0, CONVERSATIONS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    conversations: page.map(presentConversation),
    nextCursor: rows.length > page.length && last ? encodeListCursor(last.key) : null,
  };
}

/**
 * `?pageNumber=N`, kept for compatibility: one page (1-based, 25 a page) with the number of pages. It counts
 * the caller's conversations (an index-only scan) and skips with OFFSET; the web uses `listConversationsAfter`.
 */
export async function listConversations(
  db: Db,
  userId: string,
  pageNumber: number,
): Promise<ConversationList> {
  const total = await countConversations(db, userId);
  const rows = await selectConversationPage(db, userId, {
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

/** Rename and/or change option fields; the conversation moves to the top of the list. */
export async function updateConversation(
  db: Db,
  userId: string,
  arg: ConversationUpdateArg,
): Promise<Conversation> {
  const { conversationId, title, model, ...options } = arg;
  const row = await updateConversationRow(db, userId, conversationId, {
    title,
    model,
    options: toStoredOptions(options),
  });
  if (!row) throw notFound(CONVERSATION_NOT_FOUND);
  return presentConversation(row);
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
  };
}

/**
 * For the chat engine, once per turn: creates the conversation, or replaces its endpoint, model and options
 * and moves it to the top. A conversation id owned by another user is a 404 and nothing changes.
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
  const cleaned = toStorableText(title).trim().slice(0, TITLE_MAX_LENGTH);
  if (cleaned && cleaned !== DEFAULT_TITLE && isUuidLike(conversationId)) {
    const row = await replaceTitleIf(db, userId, conversationId, cleaned, DEFAULT_TITLE);
    if (row) return presentConversation(row);
  }
  return getConversation(db, userId, conversationId);
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
