import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dangerButton, secondaryButton } from '../../../components/ui/chat-styles';
import { Dialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { filesQuery } from '../api/files';
import { deleteNow } from '../engine/file-deletion';
import { fileTableView, nextSort, type FileSort } from '../logic/file-table';
import { FilesTable } from './files-table';

/** SPEC §2 My files: the caller's files in a filterable, sortable table of ten rows a page. */
export function MyFilesDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const files = useQuery(filesQuery);
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<FileSort | null>(null);
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [deleting, setDeleting] = useState(false);

  const all = files.data ?? [];
  const view = fileTableView(all, { filter, sort, page });
  const chosen = all.filter((file) => selected.has(file.file_id));

  const toggle = (ids: readonly string[], on: boolean) =>
    setSelected((old) => {
      const next = new Set(old);
      for (const id of ids)
        if (on) next.add(id);
        else next.delete(id);
      return next;
    });

  const remove = async () => {
    setDeleting(true);
    await deleteNow(
      queryClient,
      chosen.map(({ file_id, filepath, source, embedded }) => ({ file_id, filepath, source, embedded })),
    );
    setSelected(new Set());
    setDeleting(false);
    await queryClient.invalidateQueries({ queryKey: filesQuery.queryKey });
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('com_nav_my_files')}
      closeLabel={t('com_ui_close')}
      width="max-w-3xl"
    >
      <div className="flex flex-wrap items-center gap-2 pb-3">
        <Input
          type="search"
          value={filter}
          aria-label={t('com_ui_filter_files')}
          placeholder={t('com_ui_filter_files')}
          onChange={(event) => {
            setFilter(event.target.value);
            setPage(0);
          }}
          className="h-10 min-w-0 flex-1 sm:max-w-xs"
        />
        {chosen.length > 0 && (
          <button type="button" className={dangerButton} disabled={deleting} onClick={() => void remove()}>
            {t('com_ui_delete')}
          </button>
        )}
      </div>
      <FilesTable
        rows={view.rows}
        selected={selected}
        sort={sort}
        onSort={(column) => setSort((old) => nextSort(old, column))}
        onToggle={toggle}
      />
      <div className="flex flex-wrap items-center justify-between gap-2 pt-3">
        <p className="text-sm text-neutral-600 dark:text-neutral-300" aria-live="polite">
          {t('com_ui_rows_selected', { selected: chosen.length, total: view.matching })}
        </p>
        <div className="flex gap-2">
          <button
            type="button"
            className={secondaryButton}
            disabled={view.page === 0}
            onClick={() => setPage(view.page - 1)}
          >
            {t('com_ui_prev')}
          </button>
          <button
            type="button"
            className={secondaryButton}
            disabled={view.page >= view.pageCount - 1}
            onClick={() => setPage(view.page + 1)}
          >
            {t('com_ui_next')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
