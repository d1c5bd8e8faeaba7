import type { z } from 'zod';
import {
  contentPartSchema,
  messageFileSchema,
  messageSourceSchema,
  type ContentPart,
  type Message,
} from '@parley/shared/schemas/message';
import type { JsonObject } from '../db/schema';
import type { MessageRecord } from './repo';

/** Parses each stored item on its own; an item that no longer fits the schema is left out. */
function parseEach<T>(items: JsonObject[] | null, schema: z.ZodType<T>): T[] | undefined {
  if (!items) return undefined;
  const parsed: T[] = [];
  for (const item of items) {
    const result = schema.safeParse(item);
    if (result.success) parsed.push(result.data);
  }
  return parsed;
}

/** A row as the API shows it (SPEC §3 Message names: `finish_reason`, `thread_id`, `iconURL`). */
export function presentMessage(row: MessageRecord): Message {
  const content: ContentPart[] | undefined = parseEach(row.content, contentPartSchema);
  const files = parseEach(row.files, messageFileSchema);
  const sources = parseEach(row.sources, messageSourceSchema);
  return {
    messageId: row.messageId,
    conversationId: row.conversationId,
    parentMessageId: row.parentMessageId,
    sender: row.sender ?? '',
    text: row.text,
    ...(content ? { content } : {}),
    isCreatedByUser: row.isCreatedByUser,
    model: row.model,
    endpoint: row.endpoint,
    error: row.error,
    unfinished: row.unfinished,
    finish_reason: row.finishReason,
    isEdited: row.isEdited,
    tokenCount: row.tokenCount,
    ...(files ? { files } : {}),
    ...(sources ? { sources } : {}),
    thread_id: row.threadId,
    iconURL: row.iconUrl,
    ...(row.summary !== null ? { summary: row.summary, summaryTokenCount: row.summaryTokenCount ?? 0 } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
