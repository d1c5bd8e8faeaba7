import type { QueryClient } from '@tanstack/react-query';
import { deleteFiles, removeFromFilesCache } from '../api/files';
import { createDeleteBatcher, type DeleteBatcher, type FileToDelete } from '../logic/delete-batcher';
import {
  readPendingFiles,
  temporaryFiles,
  withoutPending,
  writePendingFiles,
} from '../logic/files-to-delete';

let batcher: DeleteBatcher | null = null;

/** Deletes now; the files leave the cache and the stored temporary list. SPEC §8: failures are only logged. */
export async function deleteNow(queryClient: QueryClient, files: readonly FileToDelete[]): Promise<void> {
  if (files.length === 0) return;
  try {
    await deleteFiles(files);
    const ids = files.map((file) => file.file_id);
    removeFromFilesCache(queryClient, ids);
    writePendingFiles(withoutPending(readPendingFiles(), ids));
  } catch (error) {
    console.error('Deleting files failed', error);
  }
}

/** SPEC §4: removals are batched after a 1 s debounce. */
export function queueDeletion(queryClient: QueryClient, files: readonly FileToDelete[]): void {
  batcher ??= createDeleteBatcher((batch) => void deleteNow(queryClient, batch));
  batcher.add(files);
}

/** SPEC §4: on load, temporary files remembered from an earlier visit are deleted. */
export function deleteStoredTemporaryFiles(queryClient: QueryClient): Promise<void> {
  return deleteNow(queryClient, temporaryFiles(readPendingFiles()));
}
