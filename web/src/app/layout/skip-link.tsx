import { useTranslation } from 'react-i18next';

/** First tab stop: jumps keyboard users past the navigation to `#main`. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-lg bg-white px-4 py-2 text-sm font-medium shadow focus:not-sr-only focus:fixed focus:start-3 focus:top-3 dark:bg-neutral-800"
    >
      {t('com_ui_skip_to_content')}
    </a>
  );
}
