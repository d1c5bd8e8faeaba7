import { NO_PARENT } from '@parley/shared/constants';
import { pathToRoot as orderRootFirst } from '@parley/shared/messages/tree';
import type { Conversation } from '@parley/shared/schemas/conversation';
import type { Message } from '@parley/shared/schemas/message';
import { presentConversation } from '../conversations/present-conversation';
import {
  findConversation,
  isUuidLike,
  turnConversationParamsOf,
  turnConversationTemplateOf,
  type TurnConversationInput,
} from '../conversations/service';
import type { Db } from '../db/client';
import type { JsonObject } from '../db/schema';
import { badRequest, notFound } from '../lib/errors';
import { toStorableJson, toStorableText } from '../lib/storable-text';
import { countTokens } from '../tokenizer/service';
import { messagesJson } from './messages-json';
import { presentMessage } from './present-message';
import {
  buildTurnStatements,
  selectAncestry,
  selectMessage,
  selectMessages,
  updateMessageSummary,
  updateMessageText,
  upsertMessage,
  upsertTurnRows,
  TURN_CONVERSATION_PREFIX,
  type MessageRecord,
  type MessageValues,
} from './repo';

export type { Db } from '../db/client';
export type { MessageRecord } from './repo';

const CONVERSATION_NOT_FOUND = 'Conversation not found';
const MESSAGE_NOT_FOUND = 'Message not found';

/** What the chat engine saves: a whole message; a later save with the same id replaces its content. */
export type SaveMessageInput = Pick<
  Message,
  'messageId' | 'conversationId' | 'parentMessageId' | 'sender' | 'text' | 'isCreatedByUser'
> &
  Partial<
    Pick<
      Message,
      | 'content'
      | 'model'
      | 'endpoint'
      | 'error'
      | 'unfinished'
      | 'finish_reason'
      | 'isEdited'
      | 'tokenCount'
      | 'files'
      | 'sources'
      | 'thread_id'
      | 'iconURL'
    >
  >;

const asJson = (items: readonly object[] | undefined): JsonObject[] | null =>
  items ? items.map((item): JsonObject => toStorableJson({ ...item })) : null;

function assertSavable(message: SaveMessageInput): void {
  const ids = [message.messageId, message.conversationId, message.parentMessageId];
  if (!ids.every(isUuidLike)) throw badRequest('message ids must be UUIDs');
  if (message.messageId === NO_PARENT || message.messageId === message.parentMessageId) {
    throw badRequest('a message cannot be its own parent or the root id');
  }
}

function messageValues(message: SaveMessageInput): MessageValues {
  return {
    messageId: message.messageId,
    conversationId: message.conversationId,
    parentMessageId: message.parentMessageId,
    sender: message.sender,
    // A model's reply may hold characters PostgreSQL refuses; the reply is saved all the same.
    text: toStorableText(message.text),
    content: asJson(message.content),
    isCreatedByUser: message.isCreatedByUser,
    model: message.model ?? null,
    endpoint: message.endpoint ?? null,
    error: message.error ?? false,
    unfinished: message.unfinished ?? false,
    finishReason: message.finish_reason ?? null,
    isEdited: message.isEdited ?? false,
    tokenCount: message.tokenCount ?? null,
    files: asJson(message.files),
    sources: asJson(message.sources),
    plugin: null,
    plugins: null,
    threadId: message.thread_id ?? null,
    iconUrl: message.iconURL ?? null,
    // A summary is written by the summariser alone, never by a save (a later save keeps it).
    summary: null,
    summaryTokenCount: null,
  };
}

/**
 * Inserts or updates (by `messageId`) a message of the caller's conversation, in one statement. 404 when
 * the conversation is not the caller's, or when the id belongs to a message of another user or
 * conversation — that row is never touched.
 */
export async function saveMessage(db: Db, userId: string, message: SaveMessageInput): Promise<Message> {
  assertSavable(message);
  const row = await upsertMessage(db, userId, messageValues(message));
  if (row) return presentMessage(row);
  // Only a refused save asks which of the two it was.
  if (!(await findConversation(db, userId, message.conversationId))) throw notFound(CONVERSATION_NOT_FOUND);
  throw notFound(MESSAGE_NOT_FOUND);
}

/**
 * A turn's conversation (created, or its endpoint, model and options refreshed) and its new user message,
 * saved together in one statement: both or neither. With `reply`, the reply's first save rides along (under
 * the user message, strictly newer); `reply` in the answer is undefined when it was not saved. 404 when the
 * conversation is not the caller's.
 */
export async function saveTurnMessage(
  db: Db,
  userId: string,
  turn: {
    conversation: TurnConversationInput;
    message: SaveMessageInput;
    reply?: SaveMessageInput | undefined;
  },
): Promise<{ conversation: Conversation; message: Message; reply?: Message }> {
  const { conversation, message, reply } = turn;
  for (const saved of reply ? [message, reply] : [message]) {
    assertSavable(saved);
    if (saved.conversationId !== conversation.conversationId) {
      throw badRequest('the message must belong to the conversation of the turn');
    }
  }
  if (reply && reply.parentMessageId !== message.messageId) {
    throw badRequest('the reply must answer the message of the turn');
  }
  const rows = await upsertTurnRows(
    db,
    userId,
    turnConversationTemplateOf,
    turnConversationParamsOf(TURN_CONVERSATION_PREFIX, userId, conversation),
    messageValues(message),
    reply && messageValues(reply),
  );
  if (!rows) throw notFound(CONVERSATION_NOT_FOUND);
  // A new message's id is a fresh UUID; one already taken elsewhere is refused like `saveMessage` does.
  if (!rows.message) throw notFound(MESSAGE_NOT_FOUND);
  return {
    conversation: presentConversation(rows.conversation),
    message: presentMessage(rows.message),
    ...(rows.reply ? { reply: presentMessage(rows.reply) } : {}),
  };
}

/** Builds the statements every chat turn sends (once per handle), without running them: the start-up's warm-up. */
export function prepareTurnStatements(db: Db): void {
  buildTurnStatements(db, turnConversationTemplateOf);
}

/** The caller's message in that conversation, or null. */
export async function getMessage(
  db: Db,
  userId: string,
  conversationId: string,
  messageId: string,
): Promise<Message | null> {
  if (!isUuidLike(conversationId) || !isUuidLike(messageId)) return null;
  const row = await selectMessage(db, userId, conversationId, messageId);
  return row ? presentMessage(row) : null;
}

/** The stored records of every message of the caller's conversation (all branches), oldest first. */
export async function listMessageRecords(
  db: Db,
  userId: string,
  conversationId: string,
): Promise<MessageRecord[]> {
  return selectMessages(db, userId, conversationId);
}

/** Stores the summary of the path up to and including the message on it; false when it is not the user's. */
export async function saveMessageSummary(
  db: Db,
  userId: string,
  conversationId: string,
  messageId: string,
  summary: { text: string; tokenCount: number },
): Promise<boolean> {
  return updateMessageSummary(db, userId, conversationId, messageId, summary);
}

/** Every message of the caller's conversation (all branches), oldest first; [] when there are none. */
export async function listMessages(db: Db, userId: string, conversationId: string): Promise<Message[]> {
  if (!isUuidLike(conversationId)) return [];
  return (await selectMessages(db, userId, conversationId)).map(presentMessage);
}

/**
 * The chain from the root down to `messageId` (inclusive), root first, fetched in one query; [] when the
 * message is not the caller's.
 */
export async function pathToRoot(
  db: Db,
  userId: string,
  conversationId: string,
  messageId: string,
): Promise<Message[]> {
  if (!isUuidLike(conversationId) || !isUuidLike(messageId)) return [];
  const rows = await selectAncestry(db, userId, conversationId, messageId);
  return orderRootFirst(rows.map(presentMessage), messageId);
}

/**
 * `GET /api/messages/:conversationId`: the messages as chunks of JSON text (`messagesJson`, page by page);
 * `[]` for 'new'; 404 when the conversation is not the caller's.
 */
export async function conversationMessagesJson(
  db: Db,
  userId: string,
  conversationId: string,
  pageSize: number,
): Promise<AsyncIterable<string> | Iterable<string>> {
  if (conversationId === 'new') return ['[]'];
  if (!(await findConversation(db, userId, conversationId))) throw notFound(CONVERSATION_NOT_FOUND);
  return messagesJson(db, userId, conversationId, pageSize);
}

export interface MessageEdit {
  text?: string;
  /** Counts tokens for this model instead of the message's own. */
  model?: string;
}

/** `PUT /api/messages/:conversationId/:messageId`: new text, recounted tokens, `isEdited: true`. */
export async function editMessageText(
  db: Db,
  userId: string,
  ids: { conversationId: string; messageId: string },
  edit: MessageEdit,
): Promise<Message> {
  const text = edit.text ?? '';
  if (text.trim() === '') throw badRequest('text is required', { text: 'is required' });
  const message = await getMessage(db, userId, ids.conversationId, ids.messageId);
  if (!message) throw notFound(MESSAGE_NOT_FOUND);
  const tokenCount = await countTokens(text, edit.model ?? message.model);
  const row = await updateMessageText(db, userId, ids.conversationId, ids.messageId, { text, tokenCount });
  if (!row) throw notFound(MESSAGE_NOT_FOUND);
  return presentMessage(row);
}
