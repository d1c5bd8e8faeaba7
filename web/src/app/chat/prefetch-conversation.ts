import type { QueryClient } from '@tanstack/react-query';
import { preloadMessageList } from '../../features/chat/components/chat-screen';
import { messagesQuery } from '../../features/chat/api/messages';
import { conversationQuery } from '../../lib/conversation-query';

/** The conversation a page address opens (`/c/{id}`), or null (a new chat, search, another screen). */
export function conversationOfPath(pathname: string): string | null {
  const id = /^\/c\/([^/]+)\/?$/.exec(pathname)?.[1];
  return id && id !== 'new' && id !== 'search' ? decodeURIComponent(id) : null;
}

/**
 * Opening a conversation by its address (a reload, a link): its message list's chunk is fetched at once, and
 * the answer's function asks for its first page and its details, to be called once the session is there —
 * before the shell renders and asks for the sidebar, the presets and the rest, which would otherwise be
 * answered first. Null when the address is not a conversation's.
 */
export function prefetchOpenedConversation(queryClient: QueryClient, pathname: string): (() => void) | null {
  const id = conversationOfPath(pathname);
  if (!id) return null;
  void preloadMessageList();
  return () => {
    void queryClient.prefetchQuery(messagesQuery(id));
    void queryClient.prefetchQuery(conversationQuery(id));
  };
}
