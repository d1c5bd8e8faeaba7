import type { QueryClient } from '@tanstack/react-query';
import { paths } from '@parley/shared/api/paths';
import { STORAGE_KEYS } from '../../lib/storage-keys';

/**
 * SPEC §4 "Login start clears … the locally stored last conversation setup, last model, last tools and files to
 * delete".
 */
export const SIGN_IN_CLEARED_STORAGE_KEYS = [
  STORAGE_KEYS.lastConversationSetup,
  STORAGE_KEYS.lastSelectedModel,
  STORAGE_KEYS.lastSelectedTools,
  STORAGE_KEYS.filesToDelete,
] as const;

/**
 * Drops every cached query of the previous user. The startup config stays: it is public, the same for
 * everyone, and the screen showing the form is still reading it.
 */
export function clearCachedData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== paths.config });
}

/** What a sign-in (login or registration) starts with, so nothing of the previous user carries over. */
export function clearPreviousSession(queryClient: QueryClient): void {
  clearCachedData(queryClient);
  for (const key of SIGN_IN_CLEARED_STORAGE_KEYS) {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // Storage disabled: there is nothing stored to clear.
    }
  }
}
