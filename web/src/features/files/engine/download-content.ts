import { i18n } from '../../../lib/i18n';
import { downloadFile } from '../../../lib/download-file';
import { showErrorToast } from '../../../lib/toast-store';

/**
 * Downloads a file through its content link. A link whose file is gone (deleted, or the link no longer
 * valid) says so — SPEC §8 "Error downloading file. The file may have been deleted." — instead of the
 * browser saving the server's error answer under the file's name. Resolves to whether the file was saved.
 */
export async function downloadContent(link: string, filename: string): Promise<boolean> {
  try {
    const response = await fetch(link, { credentials: 'same-origin' });
    if (!response.ok) throw new Error(`status ${response.status}`);
    downloadFile(filename, await response.blob());
    return true;
  } catch {
    showErrorToast(i18n.t('com_error_files_download'));
    return false;
  }
}
