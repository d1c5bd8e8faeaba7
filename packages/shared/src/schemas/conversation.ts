import { z } from 'zod';
import { endpointOptionsSchema } from './endpoint-options';
import { TAG_MAX_LENGTH, TAGS_PER_USER, tagNameSchema } from './tag';
import { turnContextSchema } from './turn-context';

/** A query flag: exactly `true` or `false`. */
const booleanParam = z
  .enum(['true', 'false'], { error: 'must be true or false' })
  .transform((value) => value === 'true');

/** A saved conversation as the API returns it (SPEC §3 Conversation). */
export const conversationSchema = endpointOptionsSchema.extend({
  conversationId: z.string(),
  title: z.string(),
  user: z.string(),
  endpoint: z.string(),
  endpointType: z.string().nullish(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Organising (API.md "Sharing and organising"); absent on rows that predate them means false / none. */
  isArchived: z.boolean().optional(),
  pinned: z.boolean().optional(),
  pinnedAt: z.string().nullish(),
  tags: z.array(z.string()).optional(),
  /** A temporary chat: not listed, searched, shared or exported, deleted at `expiredAt`. */
  isTemporary: z.boolean().optional(),
  expiredAt: z.string().nullish(),
  /**
   * What the prompt of its latest turn held, as that turn's `created` event said (the context gauge after a
   * reload); absent before a first turn. Not `context`: that name is an endpoint option's.
   */
  turnContext: turnContextSchema.optional(),
  /**
   * `GET /api/convos/{id}` only: what its model calls have cost so far (the usage ledger's sum, replies,
   * titles and summaries; 1,000,000 credits = 1 USD).
   */
  credits: z.number().optional(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const CONVERSATIONS_PAGE_SIZE = 25;

/** `GET /api/convos?pageNumber=N` (kept for compatibility): one page by number, with the number of pages. */
export const conversationListSchema = z.object({
  conversations: z.array(conversationSchema),
  pages: z.number().int(),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
});
export type ConversationList = z.infer<typeof conversationListSchema>;

/**
 * `GET /api/convos?cursor=C` (first page: no cursor): keyset pagination, newest `updatedAt` first, ties by id.
 * `nextCursor` is opaque; null once the last page has been sent.
 */
export const conversationCursorPageSchema = z.object({
  conversations: z.array(conversationSchema),
  nextCursor: z.string().nullable(),
});
export type ConversationCursorPage = z.infer<typeof conversationCursorPageSchema>;

/** A cursor is short; anything longer is not one of ours. */
const CURSOR_MAX_LENGTH = 200;

/** `pageNumber` picks the numbered pages; otherwise the answer is a cursor page. */
export const conversationListQuerySchema = z.object({
  pageNumber: z.coerce
    .number({ error: 'must be a positive integer' })
    .int('must be a positive integer')
    .min(1, 'must be a positive integer')
    .optional(),
  cursor: z.string().max(CURSOR_MAX_LENGTH, 'is not a valid cursor').optional(),
  /** `true`: only archived conversations; otherwise archived ones are left out. */
  isArchived: booleanParam.optional(),
  /** `true`: only pinned ones; `false`: only unpinned ones. */
  pinned: booleanParam.optional(),
  /** `a,b`: conversations carrying any of these tags. */
  tags: z
    .string()
    .max(TAGS_PER_USER * TAG_MAX_LENGTH, 'is too long')
    .transform((value) =>
      value
        .split(',')
        .map((tag) => tag.trim())
        .filter((tag) => tag.length > 0),
    )
    .optional(),
});

/** At most this many pinned conversations per user (`409 {"code":"pin_limit"}` past it). */
export const PINS_PER_USER = 50;

export const conversationUpdateBodySchema = z.object({
  arg: endpointOptionsSchema.partial().extend({
    conversationId: z.uuid(),
    title: z.string().trim().min(1).max(256).optional(),
    isArchived: z.boolean({ error: 'must be true or false' }).optional(),
    pinned: z.boolean({ error: 'must be true or false' }).optional(),
    tags: z.array(tagNameSchema).max(TAGS_PER_USER, `at most ${TAGS_PER_USER} tags`).optional(),
    /** Only `false`: "Keep this chat" makes a temporary chat a normal one (never the other way). */
    isTemporary: z.literal(false, { error: 'can only be set to false' }).optional(),
    /** The leaf the user looks at: where the conversation reopens (API.md "Long conversations"). */
    currentLeafId: z.uuid({ error: 'must be a message id' }).optional(),
  }),
});

export const conversationClearBodySchema = z.object({
  arg: z
    .object({
      conversationId: z.uuid().optional(),
      source: z.string().optional(),
      thread_id: z.string().nullish(),
    })
    .default({}),
});

export const genTitleBodySchema = z.object({ conversationId: z.uuid() });
export const genTitleResponseSchema = z.object({ title: z.string() });

/** `POST /api/convos/clear`: how many of the caller's conversations (with their messages) were deleted. */
export const conversationClearResponseSchema = z.object({ deletedCount: z.number().int() });
