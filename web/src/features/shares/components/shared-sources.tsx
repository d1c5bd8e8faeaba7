import { useTranslation } from 'react-i18next';
import type { MessageSource } from '@parley/shared/schemas/message';
import { DocumentIcon } from '../../../components/ui/icons';
import { Tooltip } from '../../../components/ui/tooltip';

/**
 * A shared reply's sources: the documents' names and pages with their passages on hover and focus. The
 * documents themselves stay the owner's, so nothing opens.
 */
export function SharedSources({ sources }: { sources: readonly MessageSource[] }) {
  const { t } = useTranslation();
  return (
    <section aria-label={t('com_ui_sources')} className="mt-2">
      <h4 className="mb-1 text-xs font-medium text-neutral-500 dark:text-neutral-300">
        {t('com_ui_sources')}
      </h4>
      <ul className="flex flex-wrap gap-2">
        {sources.map((source, index) => {
          const label =
            source.page !== undefined
              ? t('com_ui_source_page', { filename: source.filename, page: source.page })
              : source.filename;
          return (
            <li key={`${source.file_id}-${index}`}>
              <Tooltip content={source.snippet} side="top">
                <span
                  tabIndex={0}
                  aria-description={source.snippet}
                  className="flex max-w-64 items-center gap-1.5 rounded-full border border-neutral-200 px-2.5 py-1 text-xs text-neutral-800 dark:border-neutral-600 dark:text-neutral-100"
                >
                  <DocumentIcon width={14} height={14} className="shrink-0 text-sky-600 dark:text-sky-400" />
                  <span className="truncate">{label}</span>
                </span>
              </Tooltip>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
