import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { messageSchema, type Message } from '@parley/shared/schemas/message';
import { apiPut } from '../../../lib/api-client';
import { fetchFirstPage, mergeMessages } from './message-path';

/** Query keys are the API paths (ARCHITECTURE §5), shared with the sidebar through the cache. */
export const messagesPath = (conversationId: string) => `/api/messages/${conversationId}`;

/**
 * The loaded messages of a conversation: the first page of its path (API.md "Long conversations"), then
 * whatever older pages and other branches were loaded into the same list (a refetch keeps them). Skipped
 * for 'new'.
 */
export function messagesQuery(conversationId: string) {
  return queryOptions({
    queryKey: [messagesPath(conversationId)],
    queryFn: async ({ signal, client, queryKey }) =>
      mergeMessages(
        client.getQueryData<Message[]>(queryKey) ?? [],
        await fetchFirstPage(conversationId, signal),
      ),
    enabled: conversationId !== 'new' && conversationId !== 'search',
    staleTime: 60_000,
  });
}

/** Save: the text changes in place and is marked edited (SPEC §4 Editing); the cache follows the answer. */
export function useUpdateMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ message, text }: { message: Message; text: string }) =>
      apiPut(
        `/api/messages/${message.conversationId}/${message.messageId}`,
        { text, model: message.model ?? undefined },
        messageSchema,
      ),
    onMutate: ({ message, text }) =>
      queryClient.setQueryData<Message[]>([messagesPath(message.conversationId)], (old) =>
        old?.map((m) => (m.messageId === message.messageId ? { ...m, text, isEdited: true } : m)),
      ),
    onSuccess: (saved) =>
      queryClient.setQueryData<Message[]>([messagesPath(saved.conversationId)], (old) =>
        old?.map((m) => (m.messageId === saved.messageId ? saved : m)),
      ),
    onError: (_error, { message }) =>
      queryClient.setQueryData<Message[]>([messagesPath(message.conversationId)], (old) =>
        old?.map((m) => (m.messageId === message.messageId ? message : m)),
      ),
  });
}
