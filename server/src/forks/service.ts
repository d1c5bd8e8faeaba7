import { randomUUID } from 'node:crypto';
import { setImmediate as yieldToOthers } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { NO_PARENT } from '@parley/shared/constants';
import type { ForkBody, ForkResponse } from '@parley/shared/schemas/fork';
import { presentConversation } from '../conversations/present-conversation';
import { findConversationRecord } from '../conversations/service';
import { isUuidLike } from '../conversations/uuid-like';
import type { Db } from '../db/client';
import {
  conversationColumns,
  conversations,
  messageColumns,
  messages,
  type NewMessageRow,
} from '../db/schema';
import { AppError, notFound } from '../lib/errors';
import { presentMessage } from '../messages/present-message';
import { listMessageRecords, type MessageRecord } from '../messages/service';
import { selectForFork, type ForkSelection } from './select';

export type { Db } from '../db/client';

const CONVERSATION_NOT_FOUND = 'Conversation not found';

const temporaryRefused = () =>
  new AppError(400, 'A temporary chat cannot be forked or duplicated; keep it first', {
    code: 'temporary_chat',
  });

/** The caller's conversation to copy: 404 when it is not theirs, 400 when it is a temporary chat. */
async function sourceOf(db: Db, userId: string, conversationId: string) {
  const source = isUuidLike(conversationId) ? await findConversationRecord(db, userId, conversationId) : null;
  if (!source) throw notFound(CONVERSATION_NOT_FOUND);
  if (source.isTemporary) throw temporaryRefused();
  return source;
}

/**
 * A new conversation of the caller's with copies of `selection`'s messages: new ids, parent links remapped
 * (the new root's parent becomes the root), original times kept. The messages are written `batchSize` at a
 * time, letting other requests in between; a copy that fails is deleted (its messages go with it).
 */
async function copyInto(
  db: Db,
  userId: string,
  source: Awaited<ReturnType<typeof sourceOf>>,
  all: MessageRecord[],
  selection: ForkSelection,
  batchSize: number,
): Promise<ForkResponse> {
  const ids = new Map<string, string>();
  for (const message of all)
    if (selection.ids.has(message.messageId)) ids.set(message.messageId, randomUUID());
  const [created] = await db
    .insert(conversations)
    .values({
      userId,
      title: source.title,
      endpoint: source.endpoint,
      endpointType: source.endpointType,
      model: source.model,
      options: source.options,
      tags: source.tags,
      currentLeafId: ids.get(selection.leaf) ?? null,
    })
    .returning(conversationColumns);
  if (!created) throw new Error('insert returned no row');
  const copies: MessageRecord[] = [];
  try {
    const rows: NewMessageRow[] = all
      .filter((message) => ids.has(message.messageId))
      .map(({ messageId, parentMessageId, conversationId: _from, updatedAt: _updated, ...rest }) => ({
        ...rest,
        messageId: ids.get(messageId) ?? randomUUID(),
        conversationId: created.conversationId,
        parentMessageId:
          messageId === selection.newRoot ? NO_PARENT : (ids.get(parentMessageId) ?? NO_PARENT),
      }));
    for (let start = 0; start < rows.length; start += batchSize) {
      if (start > 0) await yieldToOthers();
      copies.push(
        ...(await db
          .insert(messages)
          .values(rows.slice(start, start + batchSize))
          .returning(messageColumns)),
      );
    }
  } catch (error) {
    await db.delete(conversations).where(eq(conversations.conversationId, created.conversationId));
    throw error;
  }
  return { conversation: presentConversation(created), messages: copies.map(presentMessage) };
}

/**
 * `POST /api/convos/fork`: a new conversation with the messages `option` picks around `messageId` (see
 * `selectForFork`). 404 when the conversation or the message is not the caller's.
 */
export async function forkConversation(
  db: Db,
  userId: string,
  body: ForkBody,
  batchSize: number,
): Promise<ForkResponse> {
  const source = await sourceOf(db, userId, body.conversationId);
  const all = await listMessageRecords(db, userId, source.conversationId);
  const selection = selectForFork(all, body.messageId, body.option, body.splitAtTarget === true);
  if (!selection) throw notFound('Message not found');
  return copyInto(db, userId, source, all, selection, batchSize);
}

/** `POST /api/convos/duplicate`: a copy of the whole conversation, every branch. */
export async function duplicateConversation(
  db: Db,
  userId: string,
  conversationId: string,
  batchSize: number,
): Promise<ForkResponse> {
  const source = await sourceOf(db, userId, conversationId);
  const all = await listMessageRecords(db, userId, source.conversationId);
  // The copy opens at its newest message.
  const leaf = all.at(-1)?.messageId ?? '';
  return copyInto(db, userId, source, all, { ids: new Set(all.map((m) => m.messageId)), leaf }, batchSize);
}
