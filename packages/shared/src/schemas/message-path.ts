import { z } from 'zod';
import { messageSchema } from './message';

/** Messages a page of a path holds by default, and at most (API.md "Long conversations"). */
export const PATH_PAGE_DEFAULT = 100;
export const PATH_PAGE_MAX = 500;

const uuidLike = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const messageIdParam = (field: string) =>
  z.string().regex(uuidLike, `${field} must be a message id`).optional();

/**
 * `GET /api/messages/{conversationId}?leaf=&limit=&before=`: any of the three asks for one page of a path
 * instead of every message.
 */
export const messagePathQuerySchema = z.object({
  leaf: messageIdParam('leaf'),
  before: messageIdParam('before'),
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${PATH_PAGE_MAX}` })
    .int(`limit must be a whole number from 1 to ${PATH_PAGE_MAX}`)
    .min(1, `limit must be a whole number from 1 to ${PATH_PAGE_MAX}`)
    .max(PATH_PAGE_MAX, `limit must be a whole number from 1 to ${PATH_PAGE_MAX}`)
    .optional(),
});
export type MessagePathQuery = z.infer<typeof messagePathQuerySchema>;

/** Whether a query asks for a page of a path (the old form, without any of them, lists every message). */
export const isPathQuery = (query: Readonly<Record<string, unknown>>): boolean =>
  query.leaf !== undefined || query.limit !== undefined || query.before !== undefined;

/**
 * A page of the path from the root to a leaf, oldest first: the newest `limit` messages of it (or those
 * older than `before`). `siblings[parentMessageId]` lists the ids of that parent's replies, oldest first, for
 * each message's parent on the page; `before` is the id to ask with for the older ones (null: none left).
 */
export const messagePathSchema = z.object({
  messages: z.array(messageSchema),
  siblings: z.record(z.string(), z.array(z.string())),
  hasMore: z.boolean(),
  before: z.string().nullable(),
});
export type MessagePath = z.infer<typeof messagePathSchema>;
