import { useTranslation } from 'react-i18next';
import { KeyIcon } from '../../components/ui/chat-icons';
import { focusRing } from '../../components/ui/styles';

/** Above a disabled input: why it is disabled, and the way to fix it (SPEC §4 Send button). */
export function KeyNotice({ endpointLabel, onSetKey }: { endpointLabel: string; onSetKey: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className="mb-2 flex flex-wrap items-center justify-between gap-2 rounded-2xl border border-amber-200 bg-amber-50 px-4 py-2.5 text-sm text-amber-900 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <span>{t('com_ui_key_required', { endpoint: endpointLabel })}</span>
      <button
        type="button"
        onClick={onSetKey}
        className={`inline-flex items-center gap-1.5 rounded-full bg-amber-900 px-3 py-1 text-xs font-medium text-white hover:bg-amber-800 dark:bg-amber-200 dark:text-amber-950 dark:hover:bg-amber-100 ${focusRing}`}
      >
        <KeyIcon width={14} height={14} />
        {t('com_ui_set_api_key')}
      </button>
    </div>
  );
}
