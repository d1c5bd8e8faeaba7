import type { QueryClient } from '@tanstack/react-query';
import type { FileObject } from '@parley/shared/schemas/file';
import { i18n } from '../../../lib/i18n';
import { showErrorToast } from '../../../lib/toast-store';
import { fileConfigQuery } from '../api/file-config';
import { storedAttachment } from '../logic/attachments-reducer';
import { readPendingFiles, withoutPending, writePendingFiles } from '../logic/files-to-delete';
import { judgeAttach, type AttachEndpoint, type AttachProblem } from '../logic/judge-attach';
import { useAttachmentsStore } from '../store';
import { dispatch } from '../store';

/** The SPEC §5 words for a refused file, in the reader's language; null when there is nothing to say. */
function problemText(problem: AttachProblem, endpoint: string): string | null {
  switch (problem.code) {
    case 'no_endpoint':
      return i18n.t('com_ui_attach_error');
    case 'too_large':
      return `${i18n.t('com_ui_attach_error_size')} ${endpoint}`;
    case 'unsupported_type':
      return `${i18n.t('com_ui_attach_error_type')} ${endpoint}`;
    case 'file_limit':
      return i18n.t('com_error_files_file_limit', { limit: problem.limit });
    case 'uploads_disabled':
    case 'already_attached':
      return null;
  }
}

/**
 * A file from the user's files joins the message being written: a complete chip at once, with no upload,
 * and it goes in the message's `files` like any other. It is marked attached, so removing the chip never
 * deletes it, and it is no longer a temporary upload either.
 */
export async function attachStoredFile(
  file: FileObject,
  context: { queryClient: QueryClient; endpoint: AttachEndpoint | null },
): Promise<void> {
  const { endpoint } = context;
  const config = endpoint
    ? await context.queryClient.ensureQueryData(fileConfigQuery).catch(() => undefined)
    : undefined;
  const verdict = judgeAttach({ file, endpoint, config, chips: useAttachmentsStore.getState().items });
  if (!verdict.ok) {
    const text = problemText(verdict.problem, endpoint?.name ?? '');
    if (text) showErrorToast(text);
    return;
  }
  writePendingFiles(withoutPending(readPendingFiles(), [file.file_id]));
  dispatch({ type: 'attached', attachment: storedAttachment(crypto.randomUUID(), file) });
}
