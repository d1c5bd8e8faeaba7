import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { messagesQuery } from '../../features/chat/api/messages';
import { revealMessage } from '../../features/chat/api/message-path';

/** The query parameter a search result opens a conversation with: the message whose branch to show. */
export const REVEAL_MESSAGE_PARAM = 'message';

/**
 * `/c/{id}?message={messageId}` (a search result): once the conversation's first page is loaded, the branch
 * through that message is opened and loaded up to it, the list scrolls to it and highlights it, and the
 * parameter is dropped.
 */
export function useRevealMessage(conversationId: string): void {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const messageId = params.get(REVEAL_MESSAGE_PARAM);
  const loaded = useQuery({ ...messagesQuery(conversationId), enabled: messageId !== null }).isSuccess;

  useEffect(() => {
    if (!messageId || !loaded) return;
    setParams(
      (old) => {
        const next = new URLSearchParams(old);
        next.delete(REVEAL_MESSAGE_PARAM);
        return next;
      },
      { replace: true },
    );
    revealMessage(queryClient, conversationId, messageId).catch((error: unknown) => {
      console.warn('Could not open the search result', error);
    });
  }, [conversationId, messageId, loaded, queryClient, setParams]);
}
