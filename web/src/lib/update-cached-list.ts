import type { QueryClient, QueryFilters, QueryKey } from '@tanstack/react-query';

/**
 * Changes a cached list here and now (a chat saved, a file uploaded, an assistant created). A read of the list
 * still on its way was answered before this change and would put the old list back when it lands, so it is
 * dropped and the list read again.
 */
export function updateCachedList<T>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  update: (data: T | undefined) => T | undefined,
): void {
  queryClient.setQueryData<T>(queryKey, update);
  if (queryClient.isFetching({ queryKey, exact: true }) > 0)
    void readAgain(queryClient, { queryKey, exact: true });
}

/**
 * Reads what `filters` match again after a change made on the server (an upload, a deletion, a rename): use it
 * where `invalidateQueries` would go. A read still on its way was answered before the change and is dropped:
 * while a query has never loaded, a plain invalidation would join that read and show it without the change.
 */
export async function readAgain(queryClient: QueryClient, filters: QueryFilters): Promise<void> {
  // Cancelling keeps what is cached (setQueryData included), which is what a cancelled read falls back to.
  await queryClient.cancelQueries(filters);
  await queryClient.invalidateQueries(filters);
}
