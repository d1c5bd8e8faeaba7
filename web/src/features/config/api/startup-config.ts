import { queryOptions, useQuery } from '@tanstack/react-query';
import { paths } from '@parley/shared/api/paths';
import { startupConfigSchema } from '@parley/shared/schemas/startup-config';
import { apiGet } from '../../../lib/api-client';

/** `GET /api/config` (public). SPEC §9: startup data never goes stale within a page load. */
export const startupConfigQuery = queryOptions({
  queryKey: [paths.config],
  queryFn: ({ signal }) => apiGet(paths.config, startupConfigSchema, { signal }),
  staleTime: Infinity,
});

export function useStartupConfig() {
  return useQuery(startupConfigQuery);
}
