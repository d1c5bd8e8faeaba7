import { z } from 'zod';
import { conversationSchema } from './conversation';
import { messageSchema } from './message';

/** Conversations per page of `GET /api/search`. */
export const SEARCH_PAGE_SIZE = 25;
/** At most this many matching messages per conversation, best first. */
export const SEARCH_MESSAGES_PER_CONVERSATION = 5;
export const SEARCH_QUERY_MAX_LENGTH = 500;

/**
 * `GET /api/search?q=…&pageNumber=N`. `q` takes words (all must match), `"a phrase"`, `prefix*`
 * (2+ characters before the star), `-excluded` and `or` between alternatives; case and accents are ignored.
 */
export const searchQuerySchema = z.object({
  q: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(SEARCH_QUERY_MAX_LENGTH, `must be at most ${SEARCH_QUERY_MAX_LENGTH} characters`),
  pageNumber: z.coerce
    .number({ error: 'must be a positive integer' })
    .int('must be a positive integer')
    .min(1, 'must be a positive integer')
    .default(1),
});

/**
 * A matched stretch of a text: UTF-16 offsets as JavaScript strings index them, `end` exclusive, sorted
 * and never overlapping. Highlighting is data, never markup: render the text as text and wrap these ranges
 * (see `highlightSegments`).
 */
export const highlightRangeSchema = z.object({
  start: z.number().int().min(0),
  end: z.number().int().min(0),
});
export type HighlightRange = z.infer<typeof highlightRangeSchema>;

/** A conversation whose title or messages match; `titleHighlights` are ranges of `title`. */
export const searchConversationSchema = conversationSchema.extend({
  titleHighlights: z.array(highlightRangeSchema),
});
export type SearchConversation = z.infer<typeof searchConversationSchema>;

/** A matching message; `title` is its conversation's, `highlights` are ranges of `text`. */
export const searchMessageSchema = messageSchema.extend({
  searchResult: z.literal(true),
  title: z.string(),
  highlights: z.array(highlightRangeSchema),
});
export type SearchMessage = z.infer<typeof searchMessageSchema>;

/**
 * Conversations best match first (a title match weighs double), paged; `messages` are the matching
 * messages of this page's conversations, in the same order, each conversation's best first. For a word
 * found in more than a couple of thousand messages, only the first ~2,000 matches are ranked and counted
 * in `pages` (the server bounds the work of a search).
 */
export const searchResultsSchema = z.object({
  conversations: z.array(searchConversationSchema),
  messages: z.array(searchMessageSchema),
  pageNumber: z.number().int(),
  pages: z.number().int(),
  pageSize: z.number().int(),
});
export type SearchResults = z.infer<typeof searchResultsSchema>;

/** `GET /api/search/enable`. */
export const searchEnabledSchema = z.boolean();

export interface HighlightSegment {
  text: string;
  match: boolean;
}

/** Splits `text` at the ranges into plain and matched segments, for rendering as text (never as HTML). */
export function highlightSegments(text: string, ranges: readonly HighlightRange[]): HighlightSegment[] {
  const segments: HighlightSegment[] = [];
  let at = 0;
  for (const { start, end } of ranges) {
    const from = Math.max(start, at);
    const to = Math.min(end, text.length);
    if (to <= from) continue;
    if (from > at) segments.push({ text: text.slice(at, from), match: false });
    segments.push({ text: text.slice(from, to), match: true });
    at = to;
  }
  if (at < text.length) segments.push({ text: text.slice(at), match: false });
  return segments;
}
