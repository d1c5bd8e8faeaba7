import {
  SEARCH_MESSAGES_PER_CONVERSATION,
  SEARCH_PAGE_SIZE,
  type SearchConversation,
  type SearchMessage,
  type SearchResults,
} from '@parley/shared/schemas/search';
import { presentConversation } from '../conversations/present-conversation';
import type { Db } from '../db/client';
import { AppError } from '../lib/errors';
import { presentMessage } from '../messages/present-message';
import { highlightRanges, highlightTermsOf, type HighlightTerms } from './highlight';
import { hasPositiveClause, parseSearchQuery } from './parse-query';
import { selectConversationsByIds, selectMessagesByIds, selectSearchPage } from './repo';
import { looseTsquerySql, tsquerySql } from './tsquery-sql';

export interface SearchInput {
  q: string;
  pageNumber: number;
}

export interface SearchService {
  /** `GET /api/search/enable` (env `SEARCH`, default true). */
  isEnabled(): boolean;
  /** `GET /api/search`: only the caller's conversations and messages; 404 when search is turned off. */
  search(userId: string, input: SearchInput): Promise<SearchResults>;
}

/**
 * Matching messages read and ranked per search, at most. Reading a match costs a heap visit, so a word found
 * in 40,000 messages would cost ~40,000; past this bound the first matches the index yields are ranked (and
 * counted for `pages`), which keeps every search fast — as the original product's search engine returned
 * its top hits only.
 */
const SEARCH_CANDIDATE_MESSAGES = 1_000;
/**
 * Messages read at most to find those candidates when the index cannot answer the query exactly (a phrase,
 * an exclusion): "a b c" of three common words matches nearly every message as a set of words and few in
 * that order, and without this bound it read half the table.
 */
const SEARCH_EXAMINED_MESSAGES = 4_000;

const pagesFor = (total: number): number => Math.ceil(Math.max(total, 1) / SEARCH_PAGE_SIZE);

export function createSearchService(deps: { db: Db; enabled: boolean }): SearchService {
  return {
    isEnabled: () => deps.enabled,
    search: async (userId, input) => {
      if (!deps.enabled) throw new AppError(404, 'Search is disabled', { code: 'search_disabled' });
      return searchConversations(deps.db, userId, input);
    },
  };
}

/**
 * Full-text search (PostgreSQL `tsvector`, 'simple' configuration, accents folded) over the caller's
 * conversation titles and message texts: one page of conversations, best first, with their best
 * matching messages. Highlights are ranges, never markup (see `@parley/shared/schemas/search`).
 */
export async function searchConversations(
  db: Db,
  userId: string,
  input: SearchInput,
): Promise<SearchResults> {
  const { pageNumber } = input;
  const parsed = parseSearchQuery(input.q);
  if (!hasPositiveClause(parsed)) {
    return { conversations: [], messages: [], pageNumber, pages: 1, pageSize: SEARCH_PAGE_SIZE };
  }
  const page = await selectSearchPage(db, userId, tsquerySql(parsed), looseTsquerySql(parsed), {
    limit: SEARCH_PAGE_SIZE,
    offset: (pageNumber - 1) * SEARCH_PAGE_SIZE,
    candidates: SEARCH_CANDIDATE_MESSAGES,
    examined: SEARCH_EXAMINED_MESSAGES,
    perConversation: SEARCH_MESSAGES_PER_CONVERSATION,
  });
  const [conversationRows, messageRows] = await Promise.all([
    selectConversationsByIds(db, userId, page.conversationIds),
    selectMessagesByIds(db, userId, page.messageIds),
  ]);
  const terms = highlightTermsOf(parsed);
  const conversationsById = new Map(conversationRows.map((row) => [row.conversationId, row]));
  const messagesById = new Map(messageRows.map((row) => [row.messageId, row]));
  const conversations: SearchConversation[] = page.conversationIds.flatMap((id) => {
    const row = conversationsById.get(id);
    return row ? [{ ...presentConversation(row), titleHighlights: highlightRanges(row.title, terms) }] : [];
  });
  const messages: SearchMessage[] = page.messageIds.flatMap((id) => {
    const row = messagesById.get(id);
    const title = row ? (conversationsById.get(row.conversationId)?.title ?? '') : '';
    return row ? [presentHit(row, title, terms)] : [];
  });
  return { conversations, messages, pageNumber, pages: pagesFor(page.total), pageSize: SEARCH_PAGE_SIZE };
}

function presentHit(
  row: Parameters<typeof presentMessage>[0],
  title: string,
  terms: HighlightTerms,
): SearchMessage {
  return { ...presentMessage(row), searchResult: true, title, highlights: highlightRanges(row.text, terms) };
}
