import { describe, expect, it } from 'vitest';
import type { Conversation } from '@parley/shared/schemas/conversation';
import {
  nextListCursor,
  patchConversation,
  removeConversation,
  upsertConversation,
  type ConversationPages,
} from './conversation-cache';

const convo = (id: string, title = id): Conversation => ({
  conversationId: id,
  title,
  user: 'u',
  endpoint: 'openAI',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const pages = (...lists: string[][]): ConversationPages => ({
  pageParams: lists.map((_, index) => (index === 0 ? null : `cursor-${index}`)),
  pages: lists.map((ids, index) => ({
    conversations: ids.map((id) => convo(id)),
    nextCursor: index + 1 < lists.length ? `cursor-${index + 1}` : null,
  })),
});

const ids = (data: ConversationPages | undefined) =>
  data?.pages.map((page) => page.conversations.map((c) => c.conversationId));

describe('upsertConversation', () => {
  const now = new Date('2026-05-20T10:00:00.000Z');

  it('puts a new conversation at the top of the first page with updatedAt now', () => {
    const result = upsertConversation(pages(['a', 'b']), convo('n'), now);
    expect(ids(result)).toEqual([['n', 'a', 'b']]);
    expect(result?.pages[0]?.conversations[0]?.updatedAt).toBe(now.toISOString());
  });

  it('moves an existing conversation from a later page to the top, once', () => {
    expect(ids(upsertConversation(pages(['a', 'b'], ['c', 'd']), convo('d', 'renamed'), now))).toEqual([
      ['d', 'a', 'b'],
      ['c'],
    ]);
  });

  it('leaves an unloaded list alone', () => {
    expect(upsertConversation(undefined, convo('x'), now)).toBeUndefined();
  });
});

describe('patchConversation and removeConversation', () => {
  it('changes a title in place', () => {
    const result = patchConversation(pages(['a', 'b']), 'b', { title: 'Old' });
    expect(result?.pages[0]?.conversations.map((c) => c.title)).toEqual(['a', 'Old']);
  });

  it('removes a conversation from whichever page holds it', () => {
    expect(ids(removeConversation(pages(['a'], ['b', 'c']), 'b'))).toEqual([['a'], ['c']]);
  });
});

describe('nextListCursor', () => {
  it('is the page’s nextCursor, none after the last page', () => {
    expect(nextListCursor({ conversations: [], nextCursor: 'abc' })).toBe('abc');
    expect(nextListCursor({ conversations: [], nextCursor: null })).toBeUndefined();
  });
});
