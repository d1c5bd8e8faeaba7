import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon, UploadIcon } from '../../../components/ui/chat-icons';
import { secondaryButton, smallIconButton } from '../../../components/ui/chat-styles';

export interface KnowledgeFile {
  file_id: string;
  filename: string;
  type?: string;
}

interface KnowledgeFilesProps {
  /** A stable name for tests and ids (`knowledge`, `code-files`). */
  name: string;
  title: string;
  hint: string;
  files: readonly KnowledgeFile[];
  /** Why uploading is not possible yet (no saved assistant, capability off); null when it is. */
  disabledReason: string | null;
  /** Something that just changed because of an upload (retrieval turned on), read out as a status. */
  notice?: string | null;
  onUpload: (file: File) => Promise<void>;
  onRemove: (file: KnowledgeFile) => Promise<void>;
  accept?: string;
}

/** One knowledge section of the builder: the files it holds, an upload button and a remove per file. */
export function KnowledgeFiles({
  name,
  title,
  hint,
  files,
  disabledReason,
  notice = null,
  onUpload,
  onRemove,
  accept,
}: KnowledgeFilesProps) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState<string | null>(null);
  const disabled = disabledReason !== null || uploading !== null;

  return (
    <section aria-labelledby={id} className="space-y-1.5">
      <h3 id={id} className="text-sm font-medium">
        {title}
      </h3>
      {(disabledReason ?? hint) && (
        <p className="text-xs text-neutral-500 dark:text-neutral-400">{disabledReason ?? hint}</p>
      )}
      <p role="status" className="text-xs font-medium text-emerald-700 empty:hidden dark:text-emerald-400">
        {notice}
      </p>
      {files.length > 0 && (
        <ul className="space-y-1">
          {files.map((file) => (
            <li
              key={file.file_id}
              className="flex items-center justify-between gap-2 rounded-lg border border-neutral-200 px-2 py-1 text-sm dark:border-neutral-700"
            >
              <span className="min-w-0 truncate" title={file.filename}>
                {file.filename}
              </span>
              <button
                type="button"
                className={smallIconButton}
                aria-label={t('com_assistants_remove_file', { filename: file.filename })}
                title={t('com_ui_delete')}
                onClick={() => void onRemove(file)}
              >
                <CloseIcon width={16} height={16} />
              </button>
            </li>
          ))}
        </ul>
      )}
      {uploading && (
        <p role="status" className="text-xs text-neutral-500 dark:text-neutral-400">
          {t('com_ui_uploading', { filename: uploading })}
        </p>
      )}
      <input
        ref={input}
        type="file"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        accept={accept}
        data-testid={`${name}-input`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          setUploading(file.name);
          void onUpload(file).finally(() => setUploading(null));
        }}
      />
      <button
        type="button"
        className={secondaryButton}
        disabled={disabled}
        onClick={() => input.current?.click()}
      >
        <UploadIcon width={16} height={16} />
        {t('com_assistants_upload_files')}
      </button>
    </section>
  );
}
