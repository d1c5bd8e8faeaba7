import type { Conversation } from '@parley/shared/schemas/conversation';
import { endpointOptionsSchema, type EndpointOptions } from '@parley/shared/schemas/endpoint-options';
import type { JsonObject } from '../db/schema';
import type { ConversationRecord } from './repo';

const optionShape = endpointOptionsSchema.shape;
type OptionKey = keyof typeof optionShape;
const isOptionKey = (key: string): key is OptionKey => Object.hasOwn(optionShape, key);

/**
 * Stored options → endpoint option fields. Each key is checked on its own, so one stale or unknown value
 * is dropped instead of failing the whole response.
 */
export function readOptions(options: JsonObject): EndpointOptions {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(options)) {
    if (!isOptionKey(key) || key === 'model') continue;
    const parsed = optionShape[key].safeParse(value);
    if (parsed.success && parsed.data !== undefined) result[key] = parsed.data;
  }
  return result as EndpointOptions;
}

/** A row as the API shows it: options spread into top-level fields, `user` = owner id, ISO timestamps. */
export function presentConversation(row: ConversationRecord): Conversation {
  return {
    ...readOptions(row.options),
    conversationId: row.conversationId,
    title: row.title,
    user: row.userId,
    endpoint: row.endpoint,
    endpointType: row.endpointType,
    model: row.model,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    isArchived: row.isArchived,
    pinned: row.pinnedAt !== null,
    pinnedAt: row.pinnedAt?.toISOString() ?? null,
    tags: row.tags,
    isTemporary: row.isTemporary,
    expiredAt: row.expiredAt?.toISOString() ?? null,
    ...(row.turnContext ? { turnContext: row.turnContext } : {}),
  };
}
