import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MessageSource } from '@parley/shared/schemas/message';
import { DocumentIcon } from '../../../components/ui/icons';
import { Tooltip } from '../../../components/ui/tooltip';
import { filesQuery } from '../api/files';
import { SourcePreview } from './source-preview';

const chip =
  'flex max-w-64 items-center gap-1.5 rounded-full border border-neutral-200 px-2.5 py-1 text-xs text-neutral-800 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-900 dark:border-neutral-600 dark:text-neutral-100 dark:hover:bg-neutral-700 dark:focus-visible:outline-white';

/**
 * The document passages a reply was given, as chips under it (API.md "Knowledge"): each names the file and
 * page, shows its snippet on hover and keyboard focus, and opens a preview in the app at the cited place
 * (issue 23: never a blank tab that downloads the file).
 */
export function MessageSources({ sources }: { sources: readonly MessageSource[] }) {
  const { t } = useTranslation();
  const files = useQuery(filesQuery);
  const [opened, setOpened] = useState<number | null>(null);
  const byId = new Map((files.data ?? []).map((file) => [file.file_id, file]));
  const labelOf = (source: MessageSource) =>
    source.page !== undefined
      ? t('com_ui_source_page', { filename: source.filename, page: source.page })
      : source.filename;
  const shown = opened === null ? undefined : sources[opened];
  return (
    <section aria-label={t('com_ui_sources')} className="mt-2">
      <h4 className="mb-1 text-xs font-medium text-neutral-500 dark:text-neutral-300">
        {t('com_ui_sources')}
      </h4>
      <ul className="flex flex-wrap gap-2">
        {sources.map((source, index) => (
          <li key={`${source.file_id}-${source.page ?? ''}-${index}`}>
            <Tooltip content={source.snippet} side="top">
              <button
                type="button"
                className={chip}
                aria-haspopup="dialog"
                aria-description={source.snippet}
                onClick={() => setOpened(index)}
              >
                <DocumentIcon width={14} height={14} className="shrink-0 text-sky-600 dark:text-sky-400" />
                <span className="truncate">{labelOf(source)}</span>
              </button>
            </Tooltip>
          </li>
        ))}
      </ul>
      {shown && (
        <SourcePreview
          source={shown}
          file={byId.get(shown.file_id)}
          loading={files.isPending}
          label={labelOf(shown)}
          open
          onOpenChange={(open) => {
            if (!open) setOpened(null);
          }}
        />
      )}
    </section>
  );
}
