import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { paths } from '@parley/shared/api/paths';
import {
  presetDeleteResponseSchema,
  presetListSchema,
  presetSchema,
  type Preset,
  type PresetSaveBody,
} from '@parley/shared/schemas/preset';
import { apiGet, apiPost } from '../../../lib/api-client';
import { readAgain } from '../../../lib/update-cached-list';

/**
 * The caller's presets (SPEC §4 Presets): keyed by the owner too, so a different signed-in user refetches
 * and never sees the previous user's list. Nothing is loaded while signed out.
 */
export function presetsQuery(userId: string | null) {
  return queryOptions({
    queryKey: [paths.presets, userId],
    queryFn: ({ signal }) => apiGet(paths.presets, presetListSchema, { signal }),
    enabled: userId !== null,
    staleTime: 60_000,
  });
}

export function usePresets(userId: string | null) {
  return useQuery(presetsQuery(userId));
}

function refresh(queryClient: QueryClient) {
  return readAgain(queryClient, { queryKey: [paths.presets] });
}

/** Create (no `presetId`, or `null` as an imported file has) or replace a preset. */
export function savePreset(body: PresetSaveBody): Promise<Preset> {
  return apiPost(paths.presets, body, presetSchema);
}

export function useSavePreset() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: savePreset, onSuccess: () => refresh(queryClient) });
}

/** One preset by id, or every preset of the caller when `presetId` is undefined. */
export function useDeletePresets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (presetId: string | undefined) =>
      apiPost(paths.presetsDelete, presetId === undefined ? {} : { presetId }, presetDeleteResponseSchema),
    onSuccess: () => refresh(queryClient),
  });
}
