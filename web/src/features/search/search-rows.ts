import type { HighlightRange, SearchResults } from '@parley/shared/schemas/search';

/**
 * One line of the flat results list (SPEC §3): a matching message, or a conversation matched by title;
 * `archived` when its conversation is archived (it stays searchable, marked as such).
 */
export type SearchRow = { archived?: true } & (
  | {
      type: 'message';
      key: string;
      conversationId: string;
      messageId: string;
      title: string;
      sender: string;
      /** Written by the user: shown as "You" in the reader's language, not the stored sender ("User"). */
      mine: boolean;
      text: string;
      highlights: HighlightRange[];
    }
  | {
      type: 'conversation';
      key: string;
      conversationId: string;
      title: string;
      highlights: HighlightRange[];
    }
);

/**
 * The pages' results in rank order: each conversation's messages, or the conversation itself if none. With
 * `since` (ms), only conversations updated since then (the period filter); an unreadable date is kept.
 */
export function searchRows(pages: readonly SearchResults[], since: number | null = null): SearchRow[] {
  const rows: SearchRow[] = [];
  const seen = new Set<string>();
  for (const page of pages) {
    for (const conversation of page.conversations) {
      if (seen.has(conversation.conversationId)) continue;
      seen.add(conversation.conversationId);
      if (since !== null && Date.parse(conversation.updatedAt) < since) continue;
      const matches = page.messages.filter((m) => m.conversationId === conversation.conversationId);
      if (matches.length === 0) {
        rows.push({
          type: 'conversation',
          key: conversation.conversationId,
          conversationId: conversation.conversationId,
          title: conversation.title,
          highlights: conversation.titleHighlights,
          ...(conversation.isArchived ? { archived: true as const } : {}),
        });
      }
      for (const message of matches) {
        rows.push({
          type: 'message',
          key: message.messageId,
          conversationId: message.conversationId,
          messageId: message.messageId,
          title: conversation.title,
          sender: message.sender,
          mine: message.isCreatedByUser,
          text: message.text,
          highlights: message.highlights,
          ...(conversation.isArchived ? { archived: true as const } : {}),
        });
      }
    }
  }
  return rows;
}

/**
 * A window of `text` around its first match, at most about `length` characters, with the ranges moved to
 * match; cut ends are marked with an ellipsis.
 */
export function snippet(
  text: string,
  ranges: readonly HighlightRange[],
  length = 180,
): { text: string; ranges: HighlightRange[] } {
  if (text.length <= length) return { text, ranges: [...ranges] };
  const first = ranges[0]?.start ?? 0;
  const start = Math.max(0, Math.min(first - Math.floor(length / 3), text.length - length));
  const end = Math.min(text.length, start + length);
  const prefix = start > 0 ? '…' : '';
  const suffix = end < text.length ? '…' : '';
  const shift = prefix.length - start;
  const moved = ranges
    .filter((range) => range.end > start && range.start < end)
    .map((range) => ({ start: Math.max(range.start, start) + shift, end: Math.min(range.end, end) + shift }));
  return { text: `${prefix}${text.slice(start, end)}${suffix}`, ranges: moved };
}
