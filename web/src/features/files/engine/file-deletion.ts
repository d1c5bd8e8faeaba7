import type { QueryClient } from '@tanstack/react-query';
import { deleteFiles, removeFromFilesCache } from '../api/files';
import { createDeleteBatcher, type DeleteBatcher, type FileToDelete } from '../logic/delete-batcher';
import {
  deleteBatches,
  leftoversOnLoad,
  readPendingFiles,
  withoutPending,
  writePendingFiles,
} from '../logic/files-to-delete';
import { currentTabId } from './tab-id';

let batcher: DeleteBatcher | null = null;

/**
 * Deletes now, in requests of at most `DELETE_BATCH_SIZE` files; each deleted batch leaves the cache and the
 * stored temporary list. SPEC §8: failures are only logged.
 */
export async function deleteNow(queryClient: QueryClient, files: readonly FileToDelete[]): Promise<void> {
  for (const batch of deleteBatches(files)) {
    try {
      await deleteFiles(batch);
      const ids = batch.map((file) => file.file_id);
      removeFromFilesCache(queryClient, ids);
      writePendingFiles(withoutPending(readPendingFiles(), ids));
    } catch (error) {
      console.error('Deleting files failed', error);
    }
  }
}

/** SPEC §4: removals are batched after a 1 s debounce. */
export function queueDeletion(queryClient: QueryClient, files: readonly FileToDelete[]): void {
  batcher ??= createDeleteBatcher((batch) => void deleteNow(queryClient, batch));
  batcher.add(files);
}

/**
 * SPEC §4: on load, temporary files left behind are deleted — this tab's own (it was reloaded) and the
 * user's long-abandoned ones, never what another open tab or another user still holds (`leftoversOnLoad`).
 */
export function deleteLeftoverFiles(queryClient: QueryClient, userId: string | null): void {
  const { remove, forget } = leftoversOnLoad(
    readPendingFiles(),
    { tabId: currentTabId(), userId },
    Date.now(),
  );
  if (forget.length > 0) writePendingFiles(withoutPending(readPendingFiles(), forget));
  queueDeletion(queryClient, remove);
}
