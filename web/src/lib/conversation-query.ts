import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { conversationSchema, type Conversation } from '@parley/shared/schemas/conversation';
import { apiGet } from './api-client';

/** A conversation's API path, which is also its query key (ARCHITECTURE §5), shared by chat and sidebar. */
export const conversationPath = (conversationId: string) => `/api/convos/${conversationId}`;

/** One conversation; skipped for the 'new' and 'search' routes. */
export function conversationQuery(conversationId: string) {
  return queryOptions({
    queryKey: [conversationPath(conversationId)],
    queryFn: ({ signal }) => apiGet(conversationPath(conversationId), conversationSchema, { signal }),
    enabled: conversationId !== 'new' && conversationId !== 'search',
    staleTime: 60_000,
  });
}

/**
 * Puts a conversation an answer carried (an update, a turn's end) in its cache. Only `GET /api/convos/{id}`
 * says what it has cost so far (`credits`): an answer without it keeps the cached one until that is read again.
 */
export function putConversation(queryClient: QueryClient, conversation: Conversation): void {
  queryClient.setQueryData<Conversation>([conversationPath(conversation.conversationId)], (old) =>
    conversation.credits === undefined && old?.credits !== undefined
      ? { ...conversation, credits: old.credits }
      : conversation,
  );
}
