import { useTranslation } from 'react-i18next';
import { UploadIcon } from '../../../components/ui/chat-icons';

/** SPEC §2: 'Add anything / Drop any file here to add it to the conversation' over the chat screen. */
export function DropOverlay() {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className="pointer-events-none absolute inset-0 z-40 flex flex-col items-center justify-center gap-3 bg-white/85 p-6 text-center backdrop-blur-sm dark:bg-neutral-900/85"
    >
      <span className="flex size-14 items-center justify-center rounded-2xl bg-neutral-900 text-white dark:bg-white dark:text-neutral-900">
        <UploadIcon width={28} height={28} />
      </span>
      <p className="text-xl font-semibold text-neutral-900 dark:text-neutral-50">
        {t('com_ui_upload_overlay_title')}
      </p>
      <p className="max-w-xs text-sm text-neutral-600 dark:text-neutral-300">
        {t('com_ui_upload_overlay_text')}
      </p>
    </div>
  );
}
