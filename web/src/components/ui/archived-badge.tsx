import { useTranslation } from 'react-i18next';

/** Marks a search result whose conversation is archived. */
export function ArchivedBadge() {
  const { t } = useTranslation();
  return (
    <span className="ms-1 inline-flex h-4 shrink-0 items-center rounded bg-neutral-200 px-1 text-[10px] font-semibold uppercase tracking-wide text-neutral-700 dark:bg-neutral-700 dark:text-neutral-200">
      {t('com_ui_archived')}
    </span>
  );
}
