import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import { paths } from '@parley/shared/api/paths';
import {
  conversationCursorPageSchema,
  conversationSchema,
  type Conversation,
} from '@parley/shared/schemas/conversation';
import { forkResponseSchema, type ForkOption } from '@parley/shared/schemas/fork';
import { apiGet, apiPost } from '../../../lib/api-client';
import { putConversation } from '../../../lib/conversation-query';
import { nextListCursor, patchConversation, removeConversation } from '../conversation-cache';
import { useTagsUi } from '../tags-ui';
import {
  CONVERSATIONS_PATH,
  conversationListQuery,
  conversationSaved,
  updateConversationList,
} from './conversations';
import { readAgain } from '../../../lib/update-cached-list';

const UPDATE_PATH = '/api/convos/update';

/** The archived conversations (Settings → Data controls → Archived chats), newest first. */
export const archivedListQuery = infiniteQueryOptions({
  queryKey: [CONVERSATIONS_PATH, 'archived'],
  queryFn: ({ pageParam, signal }) =>
    apiGet(
      `${CONVERSATIONS_PATH}?${new URLSearchParams({ isArchived: 'true', ...(pageParam ? { cursor: pageParam } : {}) })}`,
      conversationCursorPageSchema,
      { signal },
    ),
  initialPageParam: null as string | null,
  getNextPageParam: nextListCursor,
});

export function useArchivedList(enabled: boolean) {
  return useInfiniteQuery({ ...archivedListQuery, enabled });
}

/** The sidebar's list narrowed to a tag (API.md `?tags=`). */
export const taggedListQuery = (tag: string) =>
  infiniteQueryOptions({
    queryKey: [CONVERSATIONS_PATH, 'tags', tag],
    queryFn: ({ pageParam, signal }) =>
      apiGet(
        `${CONVERSATIONS_PATH}?${new URLSearchParams({ tags: tag, ...(pageParam ? { cursor: pageParam } : {}) })}`,
        conversationCursorPageSchema,
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: nextListCursor,
  });

/** Every list (sidebar, a tag's, archived) reads again; the open conversation takes the answer. */
async function settle(queryClient: QueryClient, conversation: Conversation): Promise<void> {
  putConversation(queryClient, conversation);
  await readAgain(queryClient, { queryKey: [CONVERSATIONS_PATH] });
}

type OrganiseArg = {
  conversationId: string;
  isArchived?: boolean;
  pinned?: boolean;
  tags?: string[];
  isTemporary?: false;
};

/** `POST /api/convos/update` with archive, pin, tags or keep: the lists follow the answer. */
export function useOrganiseConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (arg: OrganiseArg) => apiPost(UPDATE_PATH, { arg }, conversationSchema),
    onMutate: (arg) => {
      // Archived rows leave the sidebar at once; the rest waits for the answer.
      if (arg.isArchived === true)
        updateConversationList(queryClient, (data) => removeConversation(data, arg.conversationId));
    },
    onSuccess: (conversation) => {
      updateConversationList(queryClient, (data) =>
        patchConversation(data, conversation.conversationId, conversation),
      );
      return settle(queryClient, conversation);
    },
    onError: () => readAgain(queryClient, { queryKey: [CONVERSATIONS_PATH] }),
  });
}

/** Settings → Data controls → "Archive all": every conversation leaves the sidebar. */
export async function archiveAllConversations(queryClient: QueryClient): Promise<number> {
  const { archivedCount } = await apiPost(
    paths.convosArchiveAll,
    {},
    z.object({ archivedCount: z.number().int() }),
  );
  await readAgain(queryClient, { queryKey: [CONVERSATIONS_PATH] });
  return archivedCount;
}

/** "Fork from here" and "Duplicate": the copy joins the list and its messages are cached. */
export function useCopyConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { conversationId: string; messageId?: string; option?: ForkOption }) =>
      input.messageId
        ? apiPost(
            paths.convosFork,
            {
              conversationId: input.conversationId,
              messageId: input.messageId,
              option: input.option ?? 'directPath',
            },
            forkResponseSchema,
          )
        : apiPost(paths.convosDuplicate, { conversationId: input.conversationId }, forkResponseSchema),
    onSuccess: ({ conversation }) => {
      conversationSaved(queryClient, conversation);
    },
  });
}

/** The sidebar's list: every conversation, or those carrying the tag the filter shows. */
export function useSidebarList() {
  const filter = useTagsUi((state) => state.filter);
  return useInfiniteQuery(filter ? taggedListQuery(filter) : conversationListQuery);
}
