import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import {
  conversationCursorPageSchema,
  conversationSchema,
  genTitleResponseSchema,
  type Conversation,
} from '@parley/shared/schemas/conversation';
import { apiPost, apiGet } from '../../../lib/api-client';
import { conversationPath, putConversation } from '../../../lib/conversation-query';
import { readAgain, updateCachedList } from '../../../lib/update-cached-list';
import {
  nextListCursor,
  patchConversation,
  removeConversation,
  upsertConversation,
  type ConversationPages,
} from '../conversation-cache';

/** API paths of SPEC §7 "Conversations"; query keys are these paths (ARCHITECTURE §5). */
export const CONVERSATIONS_PATH = '/api/convos';
const UPDATE_PATH = '/api/convos/update';
const CLEAR_PATH = '/api/convos/clear';
const GEN_TITLE_PATH = '/api/convos/gen_title';

export const conversationListQuery = infiniteQueryOptions({
  queryKey: [CONVERSATIONS_PATH],
  queryFn: ({ pageParam, signal }) =>
    apiGet(
      pageParam ? `${CONVERSATIONS_PATH}?${new URLSearchParams({ cursor: pageParam })}` : CONVERSATIONS_PATH,
      conversationCursorPageSchema,
      { signal },
    ),
  initialPageParam: null as string | null,
  getNextPageParam: nextListCursor,
});

export function useConversationList() {
  return useInfiniteQuery(conversationListQuery);
}

/** A local change of the sidebar's list (see updateCachedList: a read on its way is dropped). */
export function updateConversationList(
  queryClient: QueryClient,
  update: (data: ConversationPages | undefined) => ConversationPages | undefined,
): void {
  updateCachedList(queryClient, [CONVERSATIONS_PATH], update);
}

/** A conversation was created or changed elsewhere (a reply finished, a title came): list and cache follow. */
export function conversationSaved(queryClient: QueryClient, conversation: Conversation): void {
  updateConversationList(queryClient, (data) => upsertConversation(data, conversation));
  putConversation(queryClient, conversation);
}

interface RenameVariables {
  conversationId: string;
  title: string;
  previousTitle: string;
}

/** Inline rename (SPEC §2): shown at once; on failure the old title comes back. */
export function useRenameConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ conversationId, title }: RenameVariables) =>
      apiPost(UPDATE_PATH, { arg: { conversationId, title } }, conversationSchema),
    onMutate: ({ conversationId, title }) =>
      updateConversationList(queryClient, (data) => patchConversation(data, conversationId, { title })),
    onError: (_error, { conversationId, previousTitle }) =>
      updateConversationList(queryClient, (data) =>
        patchConversation(data, conversationId, { title: previousTitle }),
      ),
    // A rename does not move the row (the server keeps updatedAt): patched where it is.
    onSuccess: (conversation) => {
      updateConversationList(queryClient, (data) =>
        patchConversation(data, conversation.conversationId, conversation),
      );
      putConversation(queryClient, conversation);
    },
  });
}

/** Delete one conversation with its messages (SPEC §7: conversationId, thread_id, source 'button'). */
export function useDeleteConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ conversationId, threadId }: { conversationId: string; threadId?: string | null }) =>
      apiPost(
        CLEAR_PATH,
        { arg: { conversationId, thread_id: threadId ?? undefined, source: 'button' } },
        z.unknown(),
      ),
    onSuccess: (_result, { conversationId }) => {
      updateConversationList(queryClient, (data) => removeConversation(data, conversationId));
      // SPEC §4: delete sets the cached conversation to empty.
      queryClient.removeQueries({ queryKey: [conversationPath(conversationId)] });
      queryClient.removeQueries({ queryKey: [`/api/messages/${conversationId}`] });
    },
  });
}

/** Settings › Data: every conversation of the caller goes; the list starts over. */
export async function clearAllConversations(queryClient: QueryClient): Promise<void> {
  await apiPost(CLEAR_PATH, { arg: {} }, z.unknown());
  queryClient.removeQueries({ predicate: (query) => isConversationData(query.queryKey[0]) });
  await readAgain(queryClient, { queryKey: [CONVERSATIONS_PATH] });
}

function isConversationData(key: unknown): boolean {
  return (
    typeof key === 'string' && (key.startsWith(`${CONVERSATIONS_PATH}/`) || key.startsWith('/api/messages/'))
  );
}

/** SPEC §4: after a first exchange the title is fetched once it exists; a 404 means not (yet) and is quiet. */
export async function refreshTitle(queryClient: QueryClient, conversationId: string): Promise<void> {
  try {
    const { title } = await apiPost(GEN_TITLE_PATH, { conversationId }, genTitleResponseSchema);
    updateConversationList(queryClient, (data) => patchConversation(data, conversationId, { title }));
    queryClient.setQueryData<Conversation>([conversationPath(conversationId)], (old) =>
      old ? { ...old, title } : old,
    );
  } catch (error) {
    console.warn('Title not available', error);
  }
}
