import type { QueryClient, QueryKey } from '@tanstack/react-query';

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
  if (queryClient.isFetching({ queryKey, exact: true }) > 0) void readListAgain(queryClient, queryKey);
}

/**
 * Reads a list again after a change made on the server (an upload, a deletion). A read still on its way was
 * answered before the change and is dropped: while the list has never loaded, a plain invalidation would join
 * that read and show the list without the change.
 */
export async function readListAgain(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  // Cancelling keeps the change just made (setQueryData is what a cancelled read falls back to); the refetch
  // must not join the stale read, which it would while the list has never loaded.
  await queryClient.cancelQueries({ queryKey, exact: true });
  await queryClient.invalidateQueries({ queryKey, exact: true });
}
