import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { conversations, messages, type JsonObject } from '../db/schema';
import type { PreparedMessage } from './derive-ids';
import type { ConversationHeader } from './worker-protocol';

const asJson = (items: readonly object[] | undefined): JsonObject[] | null =>
  items ? items.map((item): JsonObject => ({ ...item })) : null;

/** Inserts the imported conversation for the user unless its id is taken: true when it was created. */
export async function insertConversationIfNew(
  db: Db,
  userId: string,
  conversation: ConversationHeader,
): Promise<boolean> {
  const rows = await db
    .insert(conversations)
    .values({
      conversationId: conversation.conversationId,
      userId,
      title: conversation.title,
      endpoint: conversation.endpoint,
      endpointType: conversation.endpointType,
      model: conversation.model,
      options: conversation.options,
      createdAt: conversation.createdAt,
      updatedAt: conversation.updatedAt,
    })
    .onConflictDoNothing({ target: conversations.conversationId })
    .returning({ conversationId: conversations.conversationId });
  return rows.length > 0;
}

/** Whether the conversation is the user's. */
export async function isOwnConversation(db: Db, userId: string, conversationId: string): Promise<boolean> {
  const rows = await db
    .select({ conversationId: conversations.conversationId })
    .from(conversations)
    .where(and(eq(conversations.userId, userId), eq(conversations.conversationId, conversationId)))
    .limit(1);
  return rows.length > 0;
}

/** Of these ids, the ones that are messages of the user's conversation. */
export async function selectExistingMessageIds(
  db: Db,
  userId: string,
  conversationId: string,
  messageIds: readonly string[],
): Promise<string[]> {
  if (messageIds.length === 0) return [];
  const rows = await db
    .select({ messageId: messages.messageId })
    .from(messages)
    .where(
      and(
        eq(messages.userId, userId),
        eq(messages.conversationId, conversationId),
        inArray(messages.messageId, [...messageIds]),
      ),
    );
  return rows.map((row) => row.messageId);
}

/**
 * Inserts one batch of a conversation's messages, each unless its id is already there (an earlier import of
 * the same file wrote it): how many were new. The ids are derived from the user (see `deriveIds`) or are the
 * user's own, so a conflict is never with someone else's row.
 */
export async function insertMessagesIfNew(
  db: Db,
  userId: string,
  conversationId: string,
  batch: readonly PreparedMessage[],
): Promise<number> {
  if (batch.length === 0) return 0;
  const rows = await db
    .insert(messages)
    .values(
      batch.map((message) => ({
        messageId: message.messageId,
        conversationId,
        userId,
        parentMessageId: message.parentMessageId,
        sender: message.sender,
        text: message.text,
        content: asJson(message.content),
        isCreatedByUser: message.isCreatedByUser,
        model: message.model,
        endpoint: message.endpoint,
        error: message.error,
        unfinished: message.unfinished,
        finishReason: message.finishReason,
        isEdited: message.isEdited,
        tokenCount: message.tokenCount,
        iconUrl: message.iconURL,
        createdAt: message.createdAt,
        updatedAt: message.updatedAt,
      })),
    )
    .onConflictDoNothing({ target: messages.messageId })
    .returning({ messageId: messages.messageId });
  return rows.length;
}

/** An existing conversation that got messages: its `updatedAt` moves to the file's, when that is later. */
export async function touchConversation(
  db: Db,
  userId: string,
  conversationId: string,
  updatedAt: Date,
): Promise<void> {
  await db
    .update(conversations)
    .set({ updatedAt: sql`greatest(${conversations.updatedAt}, ${updatedAt.toISOString()}::timestamptz)` })
    .where(and(eq(conversations.userId, userId), eq(conversations.conversationId, conversationId)));
}

/** Removes a conversation this import created and could not finish (its messages go with it). */
export async function deleteImportedConversation(
  db: Db,
  userId: string,
  conversationId: string,
): Promise<void> {
  await db
    .delete(conversations)
    .where(and(eq(conversations.userId, userId), eq(conversations.conversationId, conversationId)));
}
