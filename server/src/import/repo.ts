import type { Db } from '../db/client';
import { conversations, messages, type JsonObject } from '../db/schema';
import type { NewConversation } from './assign-ids';

/** Rows per insert statement: well under PostgreSQL's 65,535 bound parameters (22 a message). */
const MESSAGES_PER_INSERT = 1_000;

const asJson = (items: readonly object[] | undefined): JsonObject[] | null =>
  items ? items.map((item): JsonObject => ({ ...item })) : null;

/**
 * Inserts one imported conversation with all its messages for the user, in one transaction: it is there
 * whole or not at all. Ids are new (see `assignIds`), so nothing of anyone else's can be touched.
 */
export async function insertImportedConversation(
  db: Db,
  userId: string,
  conversation: NewConversation,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(conversations).values({
      conversationId: conversation.conversationId,
      userId,
      title: conversation.title,
      endpoint: conversation.endpoint,
      endpointType: conversation.endpointType,
      model: conversation.model,
      options: conversation.options,
      createdAt: conversation.createdAt,
      updatedAt: conversation.updatedAt,
    });
    for (let at = 0; at < conversation.messages.length; at += MESSAGES_PER_INSERT) {
      const chunk = conversation.messages.slice(at, at + MESSAGES_PER_INSERT);
      await tx.insert(messages).values(
        chunk.map((message) => ({
          messageId: message.messageId,
          conversationId: conversation.conversationId,
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
      );
    }
  });
}
