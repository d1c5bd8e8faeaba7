import type { Attachment, MessageFile } from '../logic/attachment';
import { readPendingFiles, withoutPending, writePendingFiles } from '../logic/files-to-delete';
import { dispatch, useAttachmentsStore } from '../store';

export function currentAttachment(tempId: string): Attachment | undefined {
  return useAttachmentsStore.getState().items.find((item) => item.tempId === tempId);
}

export function revokePreviews(items: readonly Attachment[]): void {
  for (const item of items) if (item.preview) URL.revokeObjectURL(item.preview);
}

/**
 * The message went out with these files: they now belong to it, so they are no longer temporary (nothing
 * deletes them on a new conversation or the next visit) and the chips go.
 */
export function attachmentsSent(files: readonly MessageFile[]): void {
  writePendingFiles(
    withoutPending(
      readPendingFiles(),
      files.map((file) => file.file_id),
    ),
  );
  revokePreviews(useAttachmentsStore.getState().items);
  dispatch({ type: 'cleared' });
}
