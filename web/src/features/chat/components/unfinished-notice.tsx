import { useTranslation } from 'react-i18next';
import type { UnfinishedNotice as NoticeKey } from '../logic/message-actions';

const noticeButton =
  'inline-flex h-8 items-center rounded-lg border border-amber-300 bg-white px-3 text-sm font-medium text-amber-900 hover:bg-amber-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-700 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100 dark:hover:bg-amber-900/60 dark:focus-visible:ring-amber-300';

/**
 * Under a reply that did not finish: why (SPEC §4 Message regions, or what the server knows happened), and,
 * for a reply its provider stopped answering, Continue (pick up where it stopped) and Retry (a new reply),
 * each given only when the reply can do it.
 */
export function UnfinishedNotice({
  notice,
  onContinue,
  onRetry,
}: {
  notice: NoticeKey;
  onContinue: (() => void) | undefined;
  onRetry: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const offers = notice === 'com_ui_provider_stopped';
  return (
    <div
      role="status"
      className="mt-2 space-y-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <p>{t(notice)}</p>
      {offers && (onContinue || onRetry) && (
        <div className="flex flex-wrap gap-2">
          {onContinue && (
            <button type="button" className={noticeButton} onClick={onContinue}>
              {t('com_ui_continue')}
            </button>
          )}
          {onRetry && (
            <button type="button" className={noticeButton} onClick={onRetry}>
              {t('com_ui_retry')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
