import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportResult } from '@parley/shared/schemas/import';
import { Alert } from '../../../components/ui/alert';
import { secondaryButton } from '../../../components/ui/chat-styles';
import { downloadFile } from '../../../lib/download-file';
import { showErrorToast } from '../../../lib/toast-store';
import { fetchFullExport, ImportFileError, importConversationsFile } from '../api/import';

/**
 * Settings › Data: import conversations from a ChatGPT, LibreChat or Parley export file, and download every
 * conversation as one JSON file. `onImported` lets the app refresh the conversation list.
 */
export function ImportSection({ onImported }: { onImported: (result: ImportResult) => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  const importFile = async (file: File) => {
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      const imported = await importConversationsFile(file);
      setResult(imported);
      onImported(imported);
    } catch (cause) {
      setError(
        cause instanceof ImportFileError
          ? t(cause.reason === 'too_large' ? 'com_ui_import_too_large' : 'com_ui_import_not_json')
          : t('com_ui_import_error', { message: cause instanceof Error ? cause.message : String(cause) }),
      );
    } finally {
      setBusy(false);
    }
  };

  const downloadAll = async () => {
    setDownloading(true);
    try {
      const { blob, filename } = await fetchFullExport();
      downloadFile(filename, blob);
    } catch (cause) {
      showErrorToast(cause instanceof Error ? cause.message : String(cause));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="space-y-3 border-b border-neutral-100 py-3 dark:border-neutral-700/60">
      <div className="flex items-center justify-between gap-4">
        <span className="text-sm">{t('com_ui_import_conversations')}</span>
        <button
          type="button"
          className={secondaryButton}
          disabled={busy}
          onClick={() => input.current?.click()}
        >
          {busy ? t('com_ui_importing') : t('com_ui_import')}
        </button>
        <input
          ref={input}
          type="file"
          accept=".json,application/json"
          className="hidden"
          aria-label={t('com_ui_import_conversations')}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void importFile(file);
          }}
        />
      </div>
      <p className="text-[13px] text-neutral-500 dark:text-neutral-400">{t('com_ui_import_hint')}</p>
      {error && <Alert variant="error">{error}</Alert>}
      {result && (
        <Alert
          variant={result.failed.length === 0 || result.conversationIds.length > 0 ? 'success' : 'error'}
        >
          <p>
            {t('com_ui_import_result', {
              created: result.created,
              updated: result.updated,
              skipped: result.skipped,
            })}
          </p>
          {result.failed.length > 0 && (
            <ul className="mt-1 list-disc ps-5">
              {result.failed.map((failure) => (
                <li key={failure.index}>
                  {t('com_ui_import_failed_item', {
                    title: failure.title || `#${failure.index + 1}`,
                    reason: failure.reason,
                  })}
                </li>
              ))}
            </ul>
          )}
        </Alert>
      )}
      <div className="flex items-center justify-between gap-4 pt-1">
        <span className="text-sm">{t('com_ui_download_all_data')}</span>
        <button
          type="button"
          className={secondaryButton}
          disabled={downloading}
          onClick={() => void downloadAll()}
        >
          {t('com_ui_download')}
        </button>
      </div>
    </div>
  );
}
