import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { paths } from '@parley/shared/api/paths';
import { searchEnabledSchema, searchResultsSchema } from '@parley/shared/schemas/search';
import { apiGet } from '../../../lib/api-client';

/** `GET /api/search/enable`: whether the sidebar shows its search box. */
export function useSearchEnabled(signedIn: boolean) {
  return useQuery({
    queryKey: [paths.searchEnable],
    queryFn: ({ signal }) => apiGet(paths.searchEnable, searchEnabledSchema, { signal }),
    enabled: signedIn,
    staleTime: Infinity,
  });
}

export function searchQuery(q: string) {
  return infiniteQueryOptions({
    queryKey: [paths.search, q],
    queryFn: ({ pageParam, signal }) =>
      apiGet(
        `${paths.search}?${new URLSearchParams({ q, pageNumber: String(pageParam) })}`,
        searchResultsSchema,
        {
          signal,
        },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNumber < last.pages ? last.pageNumber + 1 : undefined),
    enabled: q.trim() !== '',
    staleTime: 30_000,
  });
}

export function useSearchResults(q: string) {
  return useInfiniteQuery(searchQuery(q));
}
