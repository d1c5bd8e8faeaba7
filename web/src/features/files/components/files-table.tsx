import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FileObject } from '@parley/shared/schemas/file';
import { isImageType } from '@parley/shared/files/mime-types';
import { ArrowDownIcon, ArrowUpIcon } from '../../../components/ui/chat-icons';
import { focusRing } from '../../../components/ui/styles';
import type { FileSort, FileSortColumn } from '../logic/file-table';
import { megabytes } from '../logic/file-size';
import { fileContentLink } from '../logic/file-link';
import { contextKey, sourceKey } from '../logic/file-words';

interface FilesTableProps {
  rows: readonly FileObject[];
  selected: ReadonlySet<string>;
  sort: FileSort | null;
  onSort: (column: FileSortColumn) => void;
  onToggle: (fileIds: readonly string[], selected: boolean) => void;
  /** Called when a link leaves the table for the file's conversation (the dialog closes). */
  onOpenConversation?: () => void;
}

const checkbox = 'size-4 cursor-pointer accent-neutral-900 dark:accent-neutral-100';
const headCell = 'px-2 py-2 text-start text-xs font-semibold text-neutral-600 dark:text-neutral-300';

/** SPEC §2 My files: select, Name (75%), Date (25%), storage, context and size columns. */
export function FilesTable({ rows, selected, sort, onSort, onToggle, onOpenConversation }: FilesTableProps) {
  const { t, i18n } = useTranslation();
  const pageIds = rows.map((row) => row.file_id);
  const allSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });

  return (
    <div className="overflow-x-auto rounded-xl border border-neutral-200 dark:border-neutral-700">
      <table className="w-full min-w-[34rem] border-collapse text-sm">
        <thead className="border-b border-neutral-200 bg-neutral-50 dark:border-neutral-700 dark:bg-neutral-900/40">
          <tr>
            <th scope="col" className="w-10 px-3 py-2">
              <input
                type="checkbox"
                className={checkbox}
                aria-label={t('com_ui_select_all')}
                checked={allSelected}
                disabled={pageIds.length === 0}
                onChange={(event) => onToggle(pageIds, event.target.checked)}
              />
            </th>
            <SortableHeader
              column="filename"
              label={t('com_ui_name')}
              sort={sort}
              onSort={onSort}
              width="w-3/4 min-w-40"
            />
            <SortableHeader
              column="updatedAt"
              label={t('com_ui_date')}
              sort={sort}
              onSort={onSort}
              width="w-1/4"
            />
            <th scope="col" className={headCell}>
              {t('com_ui_storage')}
            </th>
            <th scope="col" className={headCell}>
              {t('com_ui_context')}
            </th>
            <th scope="col" className={`${headCell} text-end`}>
              {t('com_ui_size')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={6} className="px-3 py-10 text-center text-neutral-500 dark:text-neutral-300">
                {t('com_ui_no_results')}
              </td>
            </tr>
          ) : (
            rows.map((row) => {
              const size = megabytes(row.bytes);
              const context = contextKey(row.context);
              return (
                <tr
                  key={row.file_id}
                  className="border-b border-neutral-100 last:border-0 aria-selected:bg-neutral-100 dark:border-neutral-700/60 dark:aria-selected:bg-neutral-700/50"
                  aria-selected={selected.has(row.file_id)}
                >
                  <td className="px-3 py-2">
                    <input
                      type="checkbox"
                      className={checkbox}
                      aria-label={t('com_ui_select_file', { filename: row.filename })}
                      checked={selected.has(row.file_id)}
                      onChange={(event) => onToggle([row.file_id], event.target.checked)}
                    />
                  </td>
                  <td className="max-w-0 px-2 py-2">
                    <div className="flex items-center gap-2">
                      <FileThumbnail file={row} />
                      <div className="min-w-0">
                        <div className="truncate font-medium" title={row.filename} dir="auto">
                          {row.filename}
                        </div>
                        {row.conversationId && (
                          <Link
                            to={`/c/${encodeURIComponent(row.conversationId)}`}
                            onClick={onOpenConversation}
                            className={`text-xs text-sky-700 underline-offset-2 hover:underline dark:text-sky-300 ${focusRing}`}
                          >
                            {t('com_ui_open_file_conversation')}
                          </Link>
                        )}
                      </div>
                    </div>
                  </td>
                  <td className="whitespace-nowrap px-2 py-2 text-neutral-600 dark:text-neutral-300">
                    {date.format(new Date(row.updatedAt))}
                  </td>
                  <td className="whitespace-nowrap px-2 py-2 text-neutral-600 dark:text-neutral-300">
                    {t(sourceKey(row.source))}
                  </td>
                  <td className="whitespace-nowrap px-2 py-2 text-neutral-600 dark:text-neutral-300">
                    {context === null ? '' : t(context)}
                  </td>
                  <td className="whitespace-nowrap px-2 py-2 text-end tabular-nums text-neutral-600 dark:text-neutral-300">
                    {size === null ? t('com_ui_size_tiny') : t('com_ui_size_mb', { size })}
                  </td>
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}

/** A small preview of an image file (its own signed link), or nothing for other files. */
function FileThumbnail({ file }: { file: FileObject }) {
  const link = isImageType(file.type) ? fileContentLink(file.filepath) : null;
  if (!link) return null;
  return (
    <img
      src={link}
      alt=""
      loading="lazy"
      width={32}
      height={32}
      className="size-8 shrink-0 rounded-md border border-neutral-200 object-cover dark:border-neutral-600"
    />
  );
}

function SortableHeader(props: {
  column: FileSortColumn;
  label: string;
  sort: FileSort | null;
  onSort: (column: FileSortColumn) => void;
  width: string;
}) {
  const direction = props.sort?.column === props.column ? props.sort.direction : null;
  return (
    <th
      scope="col"
      className={`${headCell} ${props.width}`}
      aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none'}
    >
      <button
        type="button"
        onClick={() => props.onSort(props.column)}
        className={`-mx-1 inline-flex items-center gap-1 rounded px-1 hover:text-neutral-900 dark:hover:text-white ${focusRing}`}
      >
        {props.label}
        {direction === 'asc' && <ArrowUpIcon width={14} height={14} />}
        {direction === 'desc' && <ArrowDownIcon width={14} height={14} />}
      </button>
    </th>
  );
}
