import { useId, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { smallIconButton } from '../../../components/ui/chat-styles';
import { ChevronLeftIcon, ChevronRightIcon, SearchIcon } from '../../../components/ui/chat-icons';
import { useFileConfig } from '../api/file-config';
import { filesQuery } from '../api/files';
import { attachStoredFile } from '../engine/attach-stored';
import { compactDate, compactDateFormats } from '../logic/compact-date';
import { distinctFiles } from '../logic/distinct-files';
import { fileTableView } from '../logic/file-table';
import { attachActionShown, type AttachEndpoint } from '../logic/judge-attach';
import { useAttachmentsStore } from '../store';
import { FilesPanelRow } from './files-panel-row';

export interface FilesPanelProps {
  /** The endpoint of the message being written; null when none is selected. */
  endpoint: AttachEndpoint | null;
  /** Nothing can be attached now (a required key is missing). */
  disabled: boolean;
  /** The heading is read out but not shown (a dialog's title already says what the list is for). */
  headingHidden?: boolean;
}

/**
 * SPEC §2 side panel "attach files": the user's files (the My files list) ten a page with a filter;
 * choosing one attaches it to the message being written without uploading it again. The section takes the
 * panel's remaining height: the list scrolls and the pager stays in view.
 */
export function FilesPanel({ endpoint, disabled, headingHidden = false }: FilesPanelProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const headingId = useId();
  const files = useQuery(filesQuery);
  const config = useFileConfig(endpoint !== null).data;
  const chips = useAttachmentsStore((state) => state.items);
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(0);

  const attachedIds = useMemo(() => new Set(chips.map((chip) => chip.fileId)), [chips]);
  const dates = useMemo(() => compactDateFormats(i18n.language), [i18n.language]);
  // The same file uploaded twice is one choice here (issue 27); My files still lists both uploads.
  const listed = useMemo(() => distinctFiles(files.data ?? []), [files.data]);
  const view = fileTableView(listed, { filter, sort: null, page });
  const canAttach = !disabled && attachActionShown(config, endpoint);
  const now = new Date();

  return (
    <section aria-labelledby={headingId} className="flex min-h-48 flex-1 flex-col gap-1.5">
      <h2
        id={headingId}
        className={
          headingHidden ? 'sr-only' : 'px-1 text-xs font-semibold text-neutral-600 dark:text-neutral-400'
        }
      >
        {t('com_ui_attach_files')}
      </h2>
      <div className="flex items-center gap-2 rounded-lg border border-neutral-300 bg-white px-2 transition-colors focus-within:border-neutral-900 focus-within:ring-2 focus-within:ring-neutral-900/15 dark:border-neutral-600 dark:bg-neutral-800/60 dark:focus-within:border-neutral-200 dark:focus-within:ring-neutral-100/20">
        <SearchIcon width={16} height={16} className="shrink-0 text-neutral-500 dark:text-neutral-400" />
        <input
          type="search"
          value={filter}
          aria-label={t('com_ui_filter_files')}
          placeholder={t('com_ui_filter_files')}
          onChange={(event) => {
            setFilter(event.target.value);
            setPage(0);
          }}
          className="h-8 w-full min-w-0 bg-transparent text-sm text-neutral-900 outline-none placeholder:text-neutral-500 dark:text-neutral-100 dark:placeholder:text-neutral-400"
        />
      </div>
      {files.isSuccess && (
        <ul
          aria-label={t('com_nav_my_files')}
          className="-mx-1 min-h-0 flex-1 space-y-0.5 overflow-y-auto p-1"
        >
          {view.rows.length === 0 ? (
            <li className="px-2 py-3 text-center text-sm text-neutral-500 dark:text-neutral-400">
              {t('com_ui_no_results')}
            </li>
          ) : (
            view.rows.map((file) => (
              <FilesPanelRow
                key={file.file_id}
                file={file}
                date={compactDate(new Date(file.updatedAt), now, dates)}
                attached={attachedIds.has(file.file_id)}
                onAttach={
                  canAttach ? () => void attachStoredFile(file, { queryClient, endpoint }) : undefined
                }
              />
            ))
          )}
        </ul>
      )}
      {view.pageCount > 1 && (
        <div className="flex items-center justify-between gap-1">
          <button
            type="button"
            className={smallIconButton}
            aria-label={t('com_ui_prev')}
            title={t('com_ui_prev')}
            disabled={view.page === 0}
            onClick={() => setPage(view.page - 1)}
          >
            <ChevronLeftIcon className="rtl:rotate-180" />
          </button>
          <p className="text-xs tabular-nums text-neutral-600 dark:text-neutral-300" aria-live="polite">
            {t('com_ui_page_of', { page: view.page + 1, total: view.pageCount })}
          </p>
          <button
            type="button"
            className={smallIconButton}
            aria-label={t('com_ui_next')}
            title={t('com_ui_next')}
            disabled={view.page >= view.pageCount - 1}
            onClick={() => setPage(view.page + 1)}
          >
            <ChevronRightIcon className="rtl:rotate-180" />
          </button>
        </div>
      )}
    </section>
  );
}
