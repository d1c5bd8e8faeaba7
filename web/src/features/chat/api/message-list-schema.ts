import { z } from 'zod';
import { messageSchema, type Message } from '@parley/shared/schemas/message';

const REQUIRED_STRINGS = [
  'messageId',
  'conversationId',
  'parentMessageId',
  'sender',
  'text',
  'createdAt',
  'updatedAt',
] as const;
const REQUIRED_BOOLEANS = ['isCreatedByUser', 'error', 'unfinished', 'isEdited'] as const;
const NULLISH_STRINGS = ['model', 'endpoint', 'finish_reason', 'thread_id', 'iconURL'] as const;
const OPTIONAL_BOOLEANS = ['searchResult'] as const;
const NULLISH_INTEGERS = ['tokenCount'] as const;
const OPTIONAL_STRINGS = ['summary'] as const;
const OPTIONAL_INTEGERS = ['summaryTokenCount'] as const;

/** The keys a flat message may have: every key of `messageSchema` but the nested `content`, `files`, `sources`. */
export const FLAT_MESSAGE_KEYS: ReadonlySet<string> = new Set([
  ...REQUIRED_STRINGS,
  ...REQUIRED_BOOLEANS,
  ...NULLISH_STRINGS,
  ...OPTIONAL_BOOLEANS,
  ...NULLISH_INTEGERS,
  ...OPTIONAL_STRINGS,
  ...OPTIONAL_INTEGERS,
]);

/**
 * Whether `value` is a message without nested parts that `messageSchema` accepts unchanged. It only ever
 * says yes to what the schema accepts; anything else (content parts, files, a key it does not know, a
 * wrong type) is left to the schema.
 */
export function isFlatMessage(value: unknown): value is Message {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  for (const key in record) if (!FLAT_MESSAGE_KEYS.has(key)) return false;
  for (const key of REQUIRED_STRINGS) if (typeof record[key] !== 'string') return false;
  for (const key of REQUIRED_BOOLEANS) if (typeof record[key] !== 'boolean') return false;
  for (const key of NULLISH_STRINGS) {
    const field = record[key];
    if (field !== null && field !== undefined && typeof field !== 'string') return false;
  }
  for (const key of OPTIONAL_BOOLEANS) {
    const field = record[key];
    if (field !== undefined && typeof field !== 'boolean') return false;
  }
  for (const key of NULLISH_INTEGERS) {
    const field = record[key];
    if (field !== null && field !== undefined && !Number.isSafeInteger(field)) return false;
  }
  for (const key of OPTIONAL_STRINGS) {
    const field = record[key];
    if (field !== undefined && typeof field !== 'string') return false;
  }
  for (const key of OPTIONAL_INTEGERS) {
    const field = record[key];
    if (field !== undefined && !Number.isSafeInteger(field)) return false;
  }
  return true;
}

const messageListSchema = z.array(messageSchema);

/**
 * `GET /api/messages/:id` as a schema: a list of `messageSchema` messages. A long conversation is mostly flat
 * messages, checked by `isFlatMessage` (several times faster than the schema, and they are used as they
 * came); only the others go through the schema, and a list that fails fails with the schema's own issues.
 */
export const messageListResponseSchema = z.unknown().transform((value, context): Message[] => {
  if (Array.isArray(value)) {
    const messages: Message[] = [];
    let valid = true;
    for (const item of value) {
      if (isFlatMessage(item)) {
        messages.push(item);
        continue;
      }
      const parsed = messageSchema.safeParse(item);
      if (!parsed.success) {
        valid = false;
        break;
      }
      messages.push(parsed.data);
    }
    if (valid) return messages;
  }
  const parsed = messageListSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) context.addIssue({ ...issue });
  return z.NEVER;
});

/** `GET /api/messages/:id?leaf=&limit=&before=`: a page of a path, its messages checked as above. */
export const messagePathResponseSchema = z.object({
  messages: messageListResponseSchema,
  siblings: z.record(z.string(), z.array(z.string())),
  hasMore: z.boolean(),
  before: z.string().nullable(),
});
