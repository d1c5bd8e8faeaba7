import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { paths } from '@parley/shared/api/paths';
import { userKeyExpirySchema } from '@parley/shared/schemas/user-key';
import { apiDelete, apiGet, apiPut } from '../../../lib/api-client';

const keyPath = (name: string) => `${paths.keys}?name=${encodeURIComponent(name)}`;

/** `GET /api/keys?name=X` → `{expiresAt}`; the value itself never comes back. */
export function keyExpiryQuery(name: string) {
  return queryOptions({
    queryKey: [paths.keys, name],
    queryFn: ({ signal }) => apiGet(keyPath(name), userKeyExpirySchema, { signal }),
    staleTime: 60_000,
  });
}

export function useKeyExpiry(name: string | null) {
  return useQuery({ ...keyExpiryQuery(name ?? ''), enabled: name !== null });
}

export function useSaveKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; value: string; expiresAt: string }) =>
      apiPut(paths.keys, body, z.unknown()),
    onSuccess: (_result, { name, expiresAt }) => queryClient.setQueryData([paths.keys, name], { expiresAt }),
  });
}

export function useRevokeKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiDelete(`${paths.keys}/${encodeURIComponent(name)}`, z.unknown()),
    onSuccess: (_result, name) => queryClient.setQueryData([paths.keys, name], { expiresAt: null }),
  });
}

/** Settings › Data: every user key of the caller goes. */
export async function revokeAllKeys(queryClient: QueryClient): Promise<void> {
  await apiDelete(`${paths.keys}?all=true`, z.unknown());
  queryClient.setQueriesData({ queryKey: [paths.keys] }, { expiresAt: null });
}
