import { describe, expect, it } from 'vitest';
import type { SearchResults } from '@parley/shared/schemas/search';
import { searchRows, snippet } from './search-rows';

const conversation = (conversationId: string, title: string) =>
  ({
    conversationId,
    title,
    endpoint: 'openAI',
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
    titleHighlights: [{ start: 0, end: 3 }],
  }) as SearchResults['conversations'][number];

const message = (messageId: string, conversationId: string, text: string) =>
  ({
    messageId,
    conversationId,
    parentMessageId: '00000000-0000-0000-0000-000000000000',
    sender: 'User',
    text,
    isCreatedByUser: true,
    error: false,
    unfinished: false,
    isEdited: false,
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
    searchResult: true,
    title: 'x',
    highlights: [{ start: 0, end: 2 }],
  }) as SearchResults['messages'][number];

describe('searchRows', () => {
  it('lists each conversation’s messages in rank order, or the conversation when only its title matched', () => {
    const page: SearchResults = {
      conversations: [conversation('c1', 'Cats'), conversation('c2', 'Dogs')],
      messages: [message('m1', 'c1', 'hi cats'), message('m2', 'c1', 'more cats')],
      pageNumber: 1,
      pages: 1,
      pageSize: 25,
    };
    expect(searchRows([page]).map((row) => [row.type, row.key])).toEqual([
      ['message', 'm1'],
      ['message', 'm2'],
      ['conversation', 'c2'],
    ]);
  });

  it('marks the messages the user wrote, whose stored sender is the English "User"', () => {
    const reply = { ...message('m2', 'c1', 'cats'), sender: 'GPT-4', isCreatedByUser: false };
    const page: SearchResults = {
      conversations: [conversation('c1', 'Cats')],
      messages: [message('m1', 'c1', 'hi cats'), reply],
      pageNumber: 1,
      pages: 1,
      pageSize: 25,
    };
    expect(searchRows([page]).map((row) => (row.type === 'message' ? [row.sender, row.mine] : null))).toEqual(
      [
        ['User', true],
        ['GPT-4', false],
      ],
    );
  });
});

describe('snippet', () => {
  it('keeps short text whole', () => {
    expect(snippet('short', [{ start: 0, end: 5 }])).toEqual({
      text: 'short',
      ranges: [{ start: 0, end: 5 }],
    });
  });

  it('cuts a window around the first match and moves the ranges with it', () => {
    const text = `${'a '.repeat(200)}needle${' b'.repeat(200)}`;
    const start = text.indexOf('needle');
    const cut = snippet(text, [{ start, end: start + 6 }], 60);
    expect(cut.text.startsWith('…')).toBe(true);
    expect(cut.text.endsWith('…')).toBe(true);
    const [range] = cut.ranges;
    expect(range && cut.text.slice(range.start, range.end)).toBe('needle');
  });
});

describe('searchRows with a period', () => {
  it('keeps only conversations updated since the start of the period, in rank order', () => {
    const recent = { ...conversation('c1', 'Cats'), updatedAt: '2026-11-25T10:00:00.000Z' };
    const old = { ...conversation('c2', 'Dogs'), updatedAt: '2026-09-01T10:00:00.000Z' };
    const page: SearchResults = {
      conversations: [old, recent],
      messages: [message('m1', 'c2', 'dogs'), message('m2', 'c1', 'cats')],
      pageNumber: 1,
      pages: 1,
      pageSize: 25,
    };
    const since = Date.parse('2026-11-19T00:00:00.000Z');
    expect(searchRows([page], since).map((row) => row.key)).toEqual(['m2']);
    expect(searchRows([page], null).map((row) => row.key)).toEqual(['m1', 'm2']);
  });
});
