import { queryOptions } from '@tanstack/react-query';
import { conversationSchema } from '@parley/shared/schemas/conversation';
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
