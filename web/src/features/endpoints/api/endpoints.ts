import { queryOptions, useQuery } from '@tanstack/react-query';
import { paths } from '@parley/shared/api/paths';
import { endpointsConfigSchema, modelsConfigSchema } from '@parley/shared/schemas/endpoints';
import { apiGet } from '../../../lib/api-client';

/** SPEC §7/§9: endpoints and models are fetched once and never go stale. */
export const endpointsConfigQuery = queryOptions({
  queryKey: [paths.endpoints],
  queryFn: ({ signal }) => apiGet(paths.endpoints, endpointsConfigSchema, { signal }),
  staleTime: Infinity,
});

export const modelsConfigQuery = queryOptions({
  queryKey: [paths.models],
  queryFn: ({ signal }) => apiGet(paths.models, modelsConfigSchema, { signal }),
  staleTime: Infinity,
});

export function useEndpointsConfig() {
  return useQuery(endpointsConfigQuery);
}

export function useModelsConfig() {
  return useQuery(modelsConfigQuery);
}
