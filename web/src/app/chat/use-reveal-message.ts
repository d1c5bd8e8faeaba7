import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { messagesQuery } from '../../features/chat/api/messages';
import { useChatUiStore } from '../../features/chat/store';
import { branchChoicesFor } from './reveal-message';

/** The query parameter a search result opens a conversation with: the message whose branch to show. */
export const REVEAL_MESSAGE_PARAM = 'message';

/**
 * `/c/{id}?message={messageId}` (a search result): once the messages are loaded, the pager of every branch
 * on the way to that message is set so it is on screen, it is scrolled to, and the parameter is dropped.
 */
export function useRevealMessage(conversationId: string): void {
  const [params, setParams] = useSearchParams();
  const messageId = params.get(REVEAL_MESSAGE_PARAM);
  const messages = useQuery({ ...messagesQuery(conversationId), enabled: messageId !== null }).data;

  useEffect(() => {
    if (!messageId || !messages) return;
    const store = useChatUiStore.getState();
    for (const { parentKey, choice } of branchChoicesFor(messages, messageId)) {
      store.choose(conversationId, parentKey, choice);
    }
    setParams(
      (old) => {
        const next = new URLSearchParams(old);
        next.delete(REVEAL_MESSAGE_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [conversationId, messageId, messages, setParams]);
}
