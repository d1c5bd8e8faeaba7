import type { QueryClient } from '@tanstack/react-query';
import { UPLOAD_PROGRESS, type Attachment } from '../logic/attachment';
import type { FileToDelete } from '../logic/delete-batcher';
import { readPendingFiles, temporaryFiles } from '../logic/files-to-delete';
import { useAttachmentsStore } from '../store';
import { dispatch, revokePreviews } from './attachments';
import { queueDeletion } from './file-deletion';

/** SPEC §4: only files that finished uploading are deleted on the server. */
function uploaded(items: readonly Attachment[]): FileToDelete[] {
  return items.flatMap((item) =>
    item.fileId !== null && item.progress >= UPLOAD_PROGRESS.done
      ? [
          {
            file_id: item.fileId,
            filepath: item.filepath ?? undefined,
            source: item.source,
            embedded: item.embedded,
          },
        ]
      : [],
  );
}

/** A chip's remove button: the chip goes now, its uploaded file with the next batch. */
export function removeAttachments(queryClient: QueryClient, tempIds: readonly string[]): void {
  const { items } = useAttachmentsStore.getState();
  const removed = items.filter((item) => tempIds.includes(item.tempId));
  revokePreviews(removed);
  dispatch({ type: 'removed', tempIds });
  queueDeletion(queryClient, uploaded(removed));
}

/** SPEC §4 New conversation: the chips go, and every temporary uploaded file is deleted. */
export function discardAttachments(queryClient: QueryClient): void {
  const { items } = useAttachmentsStore.getState();
  revokePreviews(items);
  dispatch({ type: 'cleared' });
  queueDeletion(queryClient, [...uploaded(items), ...temporaryFiles(readPendingFiles())]);
}
