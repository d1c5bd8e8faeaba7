import type { SharedMessage } from '@parley/shared/schemas/share';
import type { Db } from '../db/client';
import { conversations, messages, type JsonObject } from '../db/schema';

const asJson = (items: readonly object[] | undefined): JsonObject[] | null =>
  items ? items.map((item): JsonObject => ({ ...item })) : null;

export async function insertCopiedConversation(
  db: Db,
  userId: string,
  values: {
    conversationId: string;
    title: string;
    endpoint: string;
    endpointType: string | null;
    model: string | null;
  },
): Promise<void> {
  await db.insert(conversations).values({ ...values, userId });
}

/** One batch of a copy's messages (new ids, the caller's). */
export async function insertCopiedMessages(
  db: Db,
  userId: string,
  batch: readonly SharedMessage[],
): Promise<void> {
  if (batch.length === 0) return;
  await db.insert(messages).values(
    batch.map((message) => ({
      messageId: message.messageId,
      conversationId: message.conversationId,
      userId,
      parentMessageId: message.parentMessageId,
      sender: message.sender,
      text: message.text,
      content: asJson(message.content),
      isCreatedByUser: message.isCreatedByUser,
      model: message.model ?? null,
      endpoint: message.endpoint ?? null,
      error: message.error,
      unfinished: message.unfinished,
      finishReason: message.finish_reason ?? null,
      isEdited: message.isEdited,
      files: asJson(message.files),
      sources: asJson(message.sources),
      createdAt: new Date(message.createdAt),
      updatedAt: new Date(message.updatedAt),
    })),
  );
}
