import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MessageSource } from '@parley/shared/schemas/message';
import { DocumentIcon } from '../../../components/ui/icons';
import { filesQuery } from '../api/files';
import { fileContentLink } from '../logic/file-link';

/** The link that opens a source: the file's own content link, at the page for a PDF. */
function sourceLink(filepath: string | undefined, source: MessageSource): string | null {
  const link = fileContentLink(filepath);
  if (link === null) return null;
  return source.page !== undefined ? `${link}#page=${source.page}` : link;
}

/**
 * The document passages a reply was given, as chips under it (API.md "Knowledge"): each names the file and
 * page, shows its snippet on hover and focus, and opens the file (at that page) in a new tab while the file
 * is still among the user's files.
 */
export function MessageSources({ sources }: { sources: readonly MessageSource[] }) {
  const { t } = useTranslation();
  const files = useQuery(filesQuery);
  const links = new Map((files.data ?? []).map((file) => [file.file_id, file.filepath]));
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
          const link = sourceLink(links.get(source.file_id), source);
          const body = (
            <>
              <DocumentIcon width={14} height={14} className="shrink-0 text-sky-600 dark:text-sky-400" />
              <span className="truncate">{label}</span>
            </>
          );
          const chip =
            'flex max-w-64 items-center gap-1.5 rounded-full border border-neutral-200 px-2.5 py-1 text-xs text-neutral-800 dark:border-neutral-600 dark:text-neutral-100';
          return (
            <li key={`${source.file_id}-${source.page ?? ''}-${index}`} title={source.snippet}>
              {link ? (
                <a
                  href={link}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-description={source.snippet}
                  className={`${chip} hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-900 dark:hover:bg-neutral-700 dark:focus-visible:outline-white`}
                >
                  {body}
                </a>
              ) : (
                <span className={chip} aria-description={source.snippet}>
                  {body}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
