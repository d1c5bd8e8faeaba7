import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { paths } from '@parley/shared/api/paths';
import { conversationTagsResponseSchema, tagSchema } from '@parley/shared/schemas/tag';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api-client';
import { readAgain } from '../../../lib/update-cached-list';

/** Query keys are the API paths (ARCHITECTURE §5). */
const CONVERSATIONS_PATH = '/api/convos';
const tagPath = (tag: string) => `${paths.tags}/${encodeURIComponent(tag)}`;
const conversationTagsPath = (conversationId: string) => `${paths.tags}/convo/${conversationId}`;

export const tagsQuery = queryOptions({
  queryKey: [paths.tags],
  queryFn: ({ signal }) => apiGet(paths.tags, z.array(tagSchema), { signal }),
  staleTime: 60_000,
});

export function useTags(enabled = true) {
  return useQuery({ ...tagsQuery, enabled });
}

/** Tags and every list that filters or shows them read again (a rename or delete reaches conversations). */
async function refresh(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    readAgain(queryClient, { queryKey: [paths.tags] }),
    readAgain(queryClient, {
      predicate: (query) =>
        typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith(CONVERSATIONS_PATH),
    }),
  ]);
}

export function useCreateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { tag: string; description?: string }) => apiPost(paths.tags, input, tagSchema),
    onSuccess: () => refresh(queryClient),
  });
}

export function useUpdateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      tag,
      ...input
    }: {
      tag: string;
      newName?: string;
      description?: string | null;
      position?: number;
    }) =>
      apiPut(
        tagPath(tag),
        {
          ...(input.newName !== undefined ? { tag: input.newName } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.position !== undefined ? { position: input.position } : {}),
        },
        tagSchema,
      ),
    onSuccess: () => refresh(queryClient),
  });
}

export function useDeleteTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tag: string) => apiDelete(tagPath(tag), z.object({ tag: z.string() })),
    onSuccess: () => refresh(queryClient),
  });
}

/** The conversation's whole tag list; names without a tag yet create one. */
export function useSetConversationTags() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ conversationId, tags }: { conversationId: string; tags: string[] }) =>
      apiPut(conversationTagsPath(conversationId), { tags }, conversationTagsResponseSchema),
    onSuccess: () => refresh(queryClient),
  });
}
