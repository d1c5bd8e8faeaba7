import type { InfiniteData } from '@tanstack/react-query';
import type { Conversation, ConversationCursorPage } from '@parley/shared/schemas/conversation';

/** The sidebar's pages, each fetched with the cursor its predecessor gave (none for the first). */
export type ConversationPages = InfiniteData<ConversationCursorPage, string | null>;

/**
 * SPEC §4 Conversation list: a new or updated conversation moves to the top of the first page with
 * `updatedAt` set to now; every other copy of it is dropped so it never shows twice.
 */
export function upsertConversation(
  data: ConversationPages | undefined,
  conversation: Conversation,
  now: Date = new Date(),
): ConversationPages | undefined {
  if (!data || data.pages.length === 0) return data;
  // Temporary and archived conversations are never listed; a pinned one keeps its place among the pins.
  if (conversation.isTemporary || conversation.isArchived)
    return removeConversation(data, conversation.conversationId);
  if (conversation.pinned) return patchConversation(data, conversation.conversationId, conversation);
  const moved = { ...conversation, updatedAt: now.toISOString() };
  const pages = data.pages.map((page, index) => {
    const rest = page.conversations.filter((c) => c.conversationId !== conversation.conversationId);
    if (index > 0) return { ...page, conversations: rest };
    // Below the pinned ones, which stay on top.
    const pins = rest.filter((c) => c.pinned).length;
    return { ...page, conversations: [...rest.slice(0, pins), moved, ...rest.slice(pins)] };
  });
  return { ...data, pages };
}

/** Changes fields of a listed conversation in place (no move), e.g. to restore a title after a failed rename. */
export function patchConversation(
  data: ConversationPages | undefined,
  conversationId: string,
  patch: Partial<Conversation>,
): ConversationPages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      conversations: page.conversations.map((c) =>
        c.conversationId === conversationId ? { ...c, ...patch } : c,
      ),
    })),
  };
}

export function removeConversation(
  data: ConversationPages | undefined,
  conversationId: string,
): ConversationPages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      conversations: page.conversations.filter((c) => c.conversationId !== conversationId),
    })),
  };
}

/** The next page's cursor; none after the last page (API.md: keyset pagination, `nextCursor: null` at the end). */
export function nextListCursor(page: ConversationCursorPage): string | undefined {
  return page.nextCursor ?? undefined;
}
