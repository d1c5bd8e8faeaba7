// Where a request puts its messages in the conversation tree (SPEC §4; reference §12.7).
import { randomUUID } from 'node:crypto';
import { NO_PARENT } from '@parley/shared/constants';
import type { ChatRequestBody } from '@parley/shared/schemas/chat-request';
import type { Message } from '@parley/shared/schemas/message';
import { AppError, badRequest, notFound } from '../lib/errors';
import type { MessagesPort } from './ports';

export type TurnKind = 'ask' | 'regenerate' | 'edit-user' | 'edit-reply' | 'continue';

/** The user message a reply answers: created by this turn (`isNew`) or already saved. */
export interface TurnUserMessage {
  messageId: string;
  parentMessageId: string;
  text: string;
  /**
   * Ids of the files it carries: the request's for a new message (an edited one keeps the original's
   * unless the request names others), the stored ones for a saved message.
   */
  fileIds: string[];
  isNew: boolean;
  saved?: Message;
}

export interface Turn {
  kind: TurnKind;
  conversationId: string;
  /** The first exchange of a conversation the request did not name: it gets a generated title. */
  isNewConversation: boolean;
  userMessage: TurnUserMessage;
  /** The reply's id: new, except when continuing (the same reply grows). */
  responseMessageId: string;
  /** Reply text there before generation: the edited text (edit-reply) or the text being continued. */
  prefix: string;
  /** Saved messages before the user message, oldest first (the user message itself is not included). */
  history: Message[];
}

/** Which operation the body asks for, by its flags (the client sets them as LibreChat's does). */
export function turnKindOf(body: ChatRequestBody): TurnKind {
  if (body.isContinued) return 'continue';
  if (body.isRegenerate) return 'regenerate';
  if (body.isEdited && body.responseMessageId && typeof body.generation === 'string') return 'edit-reply';
  if (body.overrideParentMessageId) return body.isEdited ? 'edit-user' : 'regenerate';
  return 'ask';
}

const PARENT_NOT_FOUND = 'Parent message not found';

/** Loads what the turn needs (one path query at most) and places it. */
export async function placeTurn(
  messages: MessagesPort,
  userId: string,
  body: ChatRequestBody,
): Promise<Turn> {
  const kind = turnKindOf(body);
  const named = body.conversationId && body.conversationId !== 'new' ? body.conversationId : undefined;
  if (kind === 'ask') return placeAsk(messages, userId, body, named);
  if (!named) throw badRequest('conversationId is required', { conversationId: 'is required' });
  const anchorId =
    kind === 'edit-reply' || kind === 'continue' ? body.responseMessageId : body.overrideParentMessageId;
  if (!anchorId) {
    const field =
      kind === 'edit-reply' || kind === 'continue' ? 'responseMessageId' : 'overrideParentMessageId';
    throw badRequest(`${field} is required`, { [field]: 'is required' });
  }
  const path = await messages.pathToRoot(userId, named, anchorId);
  const anchor = path.at(-1);
  if (!anchor) throw notFound('Message not found');
  const before = path.slice(0, -1);
  switch (kind) {
    case 'regenerate':
      return { ...fromSavedUser(named, anchor, before), kind };
    case 'edit-user':
      return placeEditedUser(named, anchor, before, body);
    case 'edit-reply':
    case 'continue':
      return placeOnReply(kind, named, anchor, before, body.generation ?? '');
  }
}

async function placeAsk(
  messages: MessagesPort,
  userId: string,
  body: ChatRequestBody,
  named: string | undefined,
): Promise<Turn> {
  const parentMessageId = body.parentMessageId ?? NO_PARENT;
  let history: Message[] = [];
  if (parentMessageId !== NO_PARENT) {
    if (!named) throw notFound(PARENT_NOT_FOUND);
    history = await messages.pathToRoot(userId, named, parentMessageId);
    if (history.length === 0) throw notFound(PARENT_NOT_FOUND);
  }
  return {
    kind: 'ask',
    conversationId: named ?? randomUUID(),
    isNewConversation: !named && parentMessageId === NO_PARENT,
    userMessage: {
      messageId: randomUUID(),
      parentMessageId,
      text: body.text,
      fileIds: requestFileIds(body) ?? [],
      isNew: true,
    },
    responseMessageId: randomUUID(),
    prefix: '',
    history,
  };
}

/** The distinct file ids the request names, in order; undefined when it names none. */
function requestFileIds(body: ChatRequestBody): string[] | undefined {
  const ids = [...new Set((body.files ?? []).map((file) => file.file_id))];
  return ids.length > 0 ? ids : undefined;
}

const storedFileIds = (message: Message): string[] => (message.files ?? []).map((file) => file.file_id);

function requireUserMessage(message: Message): void {
  if (!message.isCreatedByUser) throw new AppError(400, 'Only a user message can be regenerated or edited');
}

function fromSavedUser(conversationId: string, user: Message, before: Message[]): Omit<Turn, 'kind'> {
  requireUserMessage(user);
  return {
    conversationId,
    isNewConversation: false,
    userMessage: {
      messageId: user.messageId,
      parentMessageId: user.parentMessageId,
      text: user.text,
      fileIds: storedFileIds(user),
      isNew: false,
      saved: user,
    },
    responseMessageId: randomUUID(),
    prefix: '',
    history: before,
  };
}

/**
 * A sibling of the edited user message (same parent) with the new text and the files the request names,
 * else the original's (SPEC §4 Editing: they are resubmitted); a new reply under it.
 */
function placeEditedUser(
  conversationId: string,
  original: Message,
  before: Message[],
  body: ChatRequestBody,
): Turn {
  requireUserMessage(original);
  return {
    kind: 'edit-user',
    conversationId,
    isNewConversation: false,
    userMessage: {
      messageId: randomUUID(),
      parentMessageId: original.parentMessageId,
      text: body.text,
      fileIds: requestFileIds(body) ?? storedFileIds(original),
      isNew: true,
    },
    responseMessageId: randomUUID(),
    prefix: '',
    history: before,
  };
}

/** Edit-reply: a new sibling reply starting from the edited text. Continue: the same reply grows. */
function placeOnReply(
  kind: 'edit-reply' | 'continue',
  conversationId: string,
  reply: Message,
  before: Message[],
  generation: string,
): Turn {
  if (reply.isCreatedByUser) throw new AppError(400, 'Only a reply can be continued or edited');
  if (kind === 'continue' && reply.error) throw new AppError(400, 'An error reply cannot be continued');
  const user = before.at(-1);
  if (!user?.isCreatedByUser) throw new AppError(400, 'The reply has no user message to answer');
  const placed = fromSavedUser(conversationId, user, before.slice(0, -1));
  return {
    ...placed,
    kind,
    responseMessageId: kind === 'continue' ? reply.messageId : placed.responseMessageId,
    prefix: kind === 'continue' ? reply.text : generation,
  };
}
