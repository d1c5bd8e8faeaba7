import type { QueryClient } from '@tanstack/react-query';
import { readPendingFiles, temporaryFiles, uploadsToDelete } from '../logic/files-to-delete';
import { useAttachmentsStore } from '../store';
import { dispatch, revokePreviews } from './attachments';
import { queueDeletion } from './file-deletion';

/** A chip's remove button: the chip goes now, its uploaded file (never an attached one) with the next batch. */
export function removeAttachments(queryClient: QueryClient, tempIds: readonly string[]): void {
  const { items } = useAttachmentsStore.getState();
  const removed = items.filter((item) => tempIds.includes(item.tempId));
  revokePreviews(removed);
  dispatch({ type: 'removed', tempIds });
  queueDeletion(queryClient, uploadsToDelete(removed));
}

/** SPEC §4 New conversation: the chips go, and every temporary uploaded file is deleted (attached ones stay). */
export function discardAttachments(queryClient: QueryClient): void {
  const { items } = useAttachmentsStore.getState();
  revokePreviews(items);
  dispatch({ type: 'cleared' });
  queueDeletion(queryClient, [...uploadsToDelete(items), ...temporaryFiles(readPendingFiles())]);
}
