import type { QueryClient } from '@tanstack/react-query';
import type { Attachment } from '../logic/attachment';
import { readPendingFiles, tabUploads, uploadsToDelete } from '../logic/files-to-delete';
import { dispatch, useAttachmentsStore } from '../store';
import { revokePreviews } from './attachments';
import { deleteLeftoverFiles, queueDeletion } from './file-deletion';
import { currentTabId } from './tab-id';

export { deleteLeftoverFiles };

/**
 * After a chip's remove button took the chip away (use-composer-files.ts, at once): its preview is freed and
 * its uploaded file (never an attached one) deleted with the next batch.
 */
export function attachmentsRemoved(queryClient: QueryClient, removed: readonly Attachment[]): void {
  revokePreviews(removed);
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
