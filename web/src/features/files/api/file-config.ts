import { queryOptions, useQuery } from '@tanstack/react-query';
import { paths } from '@parley/shared/api/paths';
import { apiGet } from '../../../lib/api-client';

/** `GET /api/files/config`: the merged limits; they only change with a server restart. */
export const fileConfigQuery = queryOptions({
  queryKey: [paths.filesConfig],
  // The schema module loads with the answer, keeping the file schemas out of the first page's script.
  queryFn: async ({ signal }) => {
    const { fileConfigSchema } = await import('@parley/shared/schemas/file');
    return apiGet(paths.filesConfig, fileConfigSchema, { signal });
  },
  staleTime: Infinity,
  retry: false,
});

export function useFileConfig(enabled: boolean) {
  return useQuery({ ...fileConfigQuery, enabled });
}
