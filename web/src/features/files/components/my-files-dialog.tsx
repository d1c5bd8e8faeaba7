import { useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dangerButton, secondaryButton } from '../../../components/ui/chat-styles';
import { Dialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { readAgain } from '../../../lib/update-cached-list';
import { fileUsageQuery, filesQuery, uploadFile } from '../api/files';
import { usageFigures } from '../logic/file-words';
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
  const usage = useQuery(fileUsageQuery);
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);

  // After an upload or a deletion: a read on its way (the dialog just opened) would miss the change.
  const refresh = () =>
    Promise.all([
      readAgain(queryClient, { queryKey: filesQuery.queryKey, exact: true }),
      readAgain(queryClient, { queryKey: fileUsageQuery.queryKey, exact: true }),
    ]);

  /** Uploads picked files one by one, not for any conversation; the server's refusal is shown as it says. */
  const upload = async (picked: readonly File[]) => {
    setUploading(true);
    setUploadError(null);
    for (const file of picked) {
      try {
        await uploadFile({
          file,
          tempId: crypto.randomUUID(),
          endpoint: 'default',
          conversationId: null,
          image: file.type.startsWith('image/'),
        });
      } catch (error) {
        setUploadError(error instanceof Error && error.message ? error.message : t('com_ui_upload_error'));
        break;
      }
    }
    setUploading(false);
    await refresh();
  };

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
    await refresh();
  };
  const figures = usage.data ? usageFigures(usage.data.used, usage.data.limit) : null;

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
        <input
          ref={input}
          type="file"
          multiple
          hidden
          data-testid="my-files-upload-input"
          onChange={(event) => {
            const picked = [...(event.target.files ?? [])];
            event.target.value = '';
            if (picked.length > 0) void upload(picked);
          }}
        />
        <button
          type="button"
          className={secondaryButton}
          disabled={uploading}
          onClick={() => input.current?.click()}
        >
          {t('com_ui_upload_files')}
        </button>
        {chosen.length > 0 && (
          <button type="button" className={dangerButton} disabled={deleting} onClick={() => void remove()}>
            {t('com_ui_delete')}
          </button>
        )}
      </div>
      {uploadError && (
        <p role="alert" className="pb-3 text-sm text-red-700 dark:text-red-300">
          {uploadError}
        </p>
      )}
      <FilesTable
        onOpenConversation={onClose}
        rows={view.rows}
        selected={selected}
        sort={sort}
        onSort={(column) => setSort((old) => nextSort(old, column))}
        onToggle={toggle}
      />
      <div className="flex flex-wrap items-center justify-between gap-2 pt-3">
        <div className="text-sm text-neutral-600 dark:text-neutral-300">
          <p aria-live="polite">
            {t('com_ui_rows_selected', { selected: chosen.length, total: view.matching })}
          </p>
          {figures && (
            <p data-testid="storage-usage">
              {figures.limit === undefined
                ? t('com_ui_storage_used', { used: figures.used })
                : t('com_ui_storage_used_of', { used: figures.used, limit: figures.limit })}
            </p>
          )}
        </div>
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
