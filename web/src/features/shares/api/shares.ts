import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  shareCopySchema,
  shareDeletedSchema,
  shareLinkPageSchema,
  shareLinkSchema,
  shareOfConversationSchema,
  sharedConversationSchema,
  type ShareCreateBody,
  type ShareUpdateBody,
} from '@parley/shared/schemas/share';
import { apiDelete, apiGet, apiPatch, apiPost } from '../../../lib/api-client';
import { readAgain } from '../../../lib/update-cached-list';

/** API paths of API.md "Sharing and organising"; query keys are these paths. */
export const SHARES_PATH = '/api/share';
const sharePath = (shareId: string) => `${SHARES_PATH}/${encodeURIComponent(shareId)}`;
const linkOfPath = (conversationId: string) => `${SHARES_PATH}/link/${encodeURIComponent(conversationId)}`;

/** The address a visitor opens. */
export const shareUrl = (shareId: string): string => `${window.location.origin}/share/${shareId}`;

export const sharesListQuery = infiniteQueryOptions({
  queryKey: [SHARES_PATH],
  queryFn: ({ pageParam, signal }) =>
    apiGet(
      pageParam ? `${SHARES_PATH}?${new URLSearchParams({ cursor: pageParam })}` : SHARES_PATH,
      shareLinkPageSchema,
      { signal },
    ),
  initialPageParam: null as string | null,
  getNextPageParam: (page) => page.nextCursor,
});

export const shareOfConversationQuery = (conversationId: string) =>
  queryOptions({
    queryKey: [SHARES_PATH, 'link', conversationId],
    queryFn: ({ signal }) => apiGet(linkOfPath(conversationId), shareOfConversationSchema, { signal }),
  });

/** The shared snapshot a visitor sees; never retried (a 404 is an answer, not a failure). */
export const sharedConversationQuery = (shareId: string, signedIn: boolean) =>
  queryOptions({
    queryKey: ['/share', shareId, signedIn],
    queryFn: ({ signal }) => apiGet(sharePath(shareId), sharedConversationSchema, { signal }),
    retry: false,
    staleTime: 60_000,
  });

const refreshLists = (queryClient: QueryClient) => readAgain(queryClient, { queryKey: [SHARES_PATH] });

export function useCreateShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ conversationId, body }: { conversationId: string; body: ShareCreateBody }) =>
      apiPost(`${SHARES_PATH}/${encodeURIComponent(conversationId)}`, body, shareLinkSchema),
    onSettled: () => refreshLists(queryClient),
  });
}

export function useUpdateShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ shareId, body }: { shareId: string; body: ShareUpdateBody }) =>
      apiPatch(sharePath(shareId), body, shareLinkSchema),
    onSettled: () => refreshLists(queryClient),
  });
}

export function useDeleteShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shareId: string) => apiDelete(sharePath(shareId), shareDeletedSchema),
    onSettled: () => refreshLists(queryClient),
  });
}

/** "Continue this chat": a personal copy → its conversation id. */
export const copySharedConversation = (shareId: string) =>
  apiPost(`${sharePath(shareId)}/copy`, undefined, shareCopySchema);
