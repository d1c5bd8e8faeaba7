import type { QueryClient } from '@tanstack/react-query';
import { readPendingFiles, tabUploads, uploadsToDelete } from '../logic/files-to-delete';
import { useAttachmentsStore } from '../store';
import { dispatch, revokePreviews } from './attachments';
import { deleteLeftoverFiles, queueDeletion } from './file-deletion';
import { currentTabId } from './tab-id';

export { deleteLeftoverFiles };

/** A chip's remove button: the chip goes now, its uploaded file (never an attached one) with the next batch. */
export function removeAttachments(queryClient: QueryClient, tempIds: readonly string[]): void {
  const { items } = useAttachmentsStore.getState();
  const removed = items.filter((item) => tempIds.includes(item.tempId));
  revokePreviews(removed);
  dispatch({ type: 'removed', tempIds });
  queueDeletion(queryClient, uploadsToDelete(removed));
}

/**
 * SPEC §4 New conversation: the chips go, and this tab's temporary uploads are deleted (attached ones stay;
 * another tab's composer keeps its uploads).
 */
export function discardAttachments(queryClient: QueryClient, userId: string | null): void {
  const { items } = useAttachmentsStore.getState();
  revokePreviews(items);
  dispatch({ type: 'cleared' });
  queueDeletion(queryClient, [
    ...uploadsToDelete(items),
    ...tabUploads(readPendingFiles(), { tabId: currentTabId(), userId }),
  ]);
}
