import type { QueryClient } from '@tanstack/react-query';
import { checkNewFiles } from '@parley/shared/files/check-new-files';
import { isImageType } from '@parley/shared/files/mime-types';
import type { FileUploadResponse } from '@parley/shared/schemas/file';
import { ApiError } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { showErrorToast, showToast } from '../../../lib/toast-store';
import { fileConfigQuery } from '../api/file-config';
import { addToFilesCache, uploadFile } from '../api/files';
import type { Attachment } from '../logic/attachment';
import { newAttachment } from '../logic/attachments-reducer';
import { readPendingFiles, withPending, writePendingFiles } from '../logic/files-to-delete';
import { uploadsAllowed } from '../logic/uploads-supported';
import { useAttachmentsStore } from '../store';
import { dispatch } from '../store';
import { currentAttachment, revokePreviews } from './attachments';
import { queueDeletion } from './file-deletion';
import { imageSize } from './image-size';
import { currentTabId } from './tab-id';

/** SPEC §9: the delay warning comes after 3 s and stays 7 s; the last step follows success by 300 ms. */
export const UPLOAD_DELAY_WARNING_MS = 3000;
export const UPLOAD_DELAY_WARNING_DURATION_MS = 7000;
export const FINAL_PROGRESS_DELAY_MS = 300;

export interface AddFilesContext {
  queryClient: QueryClient;
  endpoint: { name: string; kind: string };
  conversationId: string | null;
  /** The signed-in user, recorded with each upload until it is sent. */
  userId: string | null;
}

interface UploadContext {
  queryClient: QueryClient;
  endpoint: string;
  conversationId: string | null;
  userId: string | null;
}

/**
 * Picked, dropped or pasted files: judged by the shared SPEC §5 rules (the first problem is shown as an
 * error toast and nothing is added), then each becomes a chip and uploads on its own.
 */
export async function addFiles(files: readonly File[], context: AddFilesContext): Promise<void> {
  if (files.length === 0) return;
  const config = await context.queryClient.ensureQueryData(fileConfigQuery).catch(() => undefined);
  // Without the file rules nothing can be checked, so nothing is added (SPEC §8's validation text).
  if (!config) {
    showErrorToast(i18n.t('com_error_files_validation'));
    return;
  }
  // SPEC §5 Gating: an endpoint that takes no files ignores drops and pastes.
  if (!uploadsAllowed(config, context.endpoint)) return;
  const { items } = useAttachmentsStore.getState();
  const checked = checkNewFiles({
    config,
    endpoint: context.endpoint.name,
    existing: items.map((item) => ({ filename: item.filename, bytes: item.size, type: item.type })),
    incoming: files,
  });
  if (!checked.ok) {
    // The SPEC §5 texts, in the reader's language (the server answers the same problem in English).
    const { code, ...values } = checked.problem;
    showErrorToast(i18n.t(`com_error_files_${code}`, values));
    return;
  }
  const added = checked.files.map(({ file, type }) => ({
    file,
    attachment: newAttachment({
      tempId: crypto.randomUUID(),
      file,
      type,
      preview: isImageType(type) ? URL.createObjectURL(file) : null,
    }),
  }));
  dispatch({ type: 'added', attachments: added.map(({ attachment }) => attachment) });
  const uploadContext = { ...context, endpoint: context.endpoint.name };
  for (const { file, attachment } of added) void upload(file, attachment, uploadContext);
}

async function upload(file: File, attachment: Attachment, context: UploadContext): Promise<void> {
  const { tempId } = attachment;
  const warning = window.setTimeout(
    () =>
      showToast({
        message: i18n.t('com_ui_upload_delay', { filename: attachment.filename }),
        severity: 'warning',
        duration: UPLOAD_DELAY_WARNING_DURATION_MS,
      }),
    UPLOAD_DELAY_WARNING_MS,
  );
  try {
    const size = attachment.preview ? await imageSize(attachment.preview).catch(() => null) : null;
    if (size) dispatch({ type: 'sized', tempId, ...size });
    const stored = await uploadFile({
      file,
      tempId,
      endpoint: context.endpoint,
      conversationId: context.conversationId,
      image: attachment.preview !== null,
      ...(size ?? {}),
    });
    remember(stored, context.userId);
    addToFilesCache(context.queryClient, stored);
    if (!currentAttachment(tempId)) {
      // The chip was removed while its file was on the way: the upload has no message to go with.
      queueDeletion(context.queryClient, [stored]);
      return;
    }
    dispatch({ type: 'uploaded', tempId });
    window.setTimeout(() => dispatch({ type: 'stored', tempId, file: stored }), FINAL_PROGRESS_DELAY_MS);
  } catch (error) {
    const chip = currentAttachment(tempId);
    if (chip) revokePreviews([chip]);
    dispatch({ type: 'removed', tempIds: [tempId] });
    showErrorToast(uploadErrorText(error));
  } finally {
    window.clearTimeout(warning);
  }
}

/**
 * What a failed upload says: SPEC §8's processing text (in the reader's language) when the server could not
 * read, convert or index the file, else the server's own refusal, else the upload text.
 */
export function uploadErrorText(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === 0) return i18n.t('com_error_files_upload');
  if (error.code === 'file_processing') return i18n.t('com_error_files_process');
  return error.message || i18n.t('com_error_files_upload');
}

/** Until it is sent, an uploaded file is temporary (SPEC §3 `filesToDelete`), owned by this tab and user. */
function remember(file: FileUploadResponse, userId: string | null): void {
  writePendingFiles(
    withPending(readPendingFiles(), {
      file_id: file.file_id,
      temp_file_id: file.temp_file_id ?? undefined,
      filepath: file.filepath,
      source: file.source,
      embedded: file.embedded,
      tab_id: currentTabId(),
      user_id: userId ?? undefined,
      added_at: Date.now(),
    }),
  );
}
