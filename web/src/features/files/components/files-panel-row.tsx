import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileObject } from '@parley/shared/schemas/file';
import { CheckIcon } from '../../../components/ui/chat-icons';
import { splitFilename } from '../logic/file-label';
import { megabytes } from '../logic/file-size';
import { DocumentIcon, PaperclipIcon } from '../../../components/ui/icons';

interface FilesPanelRowProps {
  file: FileObject;
  /** The date as the narrow row shows it. */
  date: string;
  /** Absent: the endpoint takes no files, and the row only shows the file. */
  onAttach?: (() => void) | undefined;
  /** Already among the composer's chips. */
  attached: boolean;
}

const rowBox = 'flex w-full min-w-0 items-center gap-2 rounded-lg px-1.5 py-1 text-start';
const icon = { width: 16, height: 16 };

/**
 * One of the user's files in the side panel: name, size and date; choosing it attaches it. The button holds
 * only the name (its label is "Attach <name>") and stretches over the whole row.
 */
export function FilesPanelRow({ file, date, onAttach, attached }: FilesPanelRowProps) {
  const { t } = useTranslation();
  const metaId = useId();
  const size = megabytes(file.bytes);
  const { head, tail } = splitFilename(file.filename);
  const name = (
    <>
      <span className="truncate">{head}</span>
      <span className="shrink-0 whitespace-pre">{tail}</span>
    </>
  );
  const nameClass =
    'flex w-full min-w-0 text-start text-sm font-medium text-neutral-900 dark:text-neutral-100';
  const meta = (
    <span id={metaId} className="block truncate text-xs text-neutral-500 dark:text-neutral-400">
      {size === null ? t('com_ui_size_tiny') : t('com_ui_size_mb', { size })}
      {' · '}
      {date}
      {attached && <span className="sr-only">{` · ${t('com_ui_file_attached')}`}</span>}
    </span>
  );
  const documentIcon = <DocumentIcon {...icon} className="shrink-0 text-neutral-500 dark:text-neutral-400" />;

  if (!onAttach) {
    return (
      <li className={rowBox} title={file.filename}>
        {documentIcon}
        <span className="min-w-0 flex-1">
          <span className={nameClass}>{name}</span>
          {meta}
        </span>
      </li>
    );
  }
  return (
    <li
      title={file.filename}
      className={`group relative ${rowBox} transition-colors hover:bg-neutral-200/70 has-disabled:bg-emerald-50 has-focus-visible:ring-2 has-focus-visible:ring-neutral-900 dark:hover:bg-neutral-700/60 dark:has-disabled:bg-emerald-400/10 dark:has-focus-visible:ring-neutral-100`}
    >
      {attached ? (
        <CheckIcon {...icon} className="shrink-0 text-emerald-600 dark:text-emerald-400" />
      ) : (
        <span className="shrink-0">
          <span className="group-hover:hidden group-has-focus-visible:hidden">{documentIcon}</span>
          <PaperclipIcon
            {...icon}
            className="hidden text-neutral-900 group-hover:block group-has-focus-visible:block dark:text-white"
          />
        </span>
      )}
      <span className="min-w-0 flex-1">
        <button
          type="button"
          disabled={attached}
          onClick={onAttach}
          aria-label={t('com_ui_attach_file_named', { filename: file.filename })}
          aria-describedby={metaId}
          className={`${nameClass} outline-none after:absolute after:inset-0 after:rounded-lg enabled:cursor-pointer`}
        >
          {name}
        </button>
        {meta}
      </span>
    </li>
  );
}
