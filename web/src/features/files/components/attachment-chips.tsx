import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../../components/ui/chat-icons';
import { isImageAttachment, UPLOAD_PROGRESS, type Attachment } from '../logic/attachment';
import { fileFormatLabel } from '../logic/file-label';
import { ProgressRing } from './progress-ring';
import { DocumentIcon } from '../../../components/ui/icons';

/** The files picked for the next message, above the text box (SPEC §2, §4 "File upload"). */
export function AttachmentChips({
  items,
  onRemove,
}: {
  items: readonly Attachment[];
  onRemove: (tempId: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <ul
      aria-label={t('com_ui_attachments')}
      className="flex w-full basis-full gap-2 overflow-x-auto px-2 pb-1 pt-2"
    >
      {items.map((item) => {
        const busy = item.progress < UPLOAD_PROGRESS.done;
        const image = isImageAttachment(item);
        const src = item.preview ?? item.filepath;
        return (
          <li key={item.tempId} className="relative shrink-0" aria-label={item.filename}>
            {image && src ? (
              <div className="relative size-14 overflow-hidden rounded-xl border border-neutral-200 dark:border-neutral-600">
                <img src={src} alt={item.filename} className="size-full object-cover" />
                {busy && (
                  <Progress
                    value={item.progress}
                    label={t('com_ui_uploading', { filename: item.filename })}
                  />
                )}
              </div>
            ) : (
              <div className="flex h-14 w-52 max-w-[70vw] items-center gap-2 rounded-xl border border-neutral-200 bg-white p-2 pe-3 dark:border-neutral-600 dark:bg-neutral-700">
                <div className="relative flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-sky-600 text-white">
                  <DocumentIcon width={20} height={20} />
                  {busy && (
                    <Progress
                      value={item.progress}
                      label={t('com_ui_uploading', { filename: item.filename })}
                    />
                  )}
                </div>
                <div className="min-w-0 text-start">
                  <p className="truncate text-sm font-medium text-neutral-900 dark:text-neutral-100">
                    {item.filename}
                  </p>
                  {item.textState === 'no_text' ? (
                    <p className="truncate text-xs text-amber-700 dark:text-amber-300">
                      {t('com_files_no_text')}
                    </p>
                  ) : (
                    <p className="truncate text-xs text-neutral-500 dark:text-neutral-300">
                      {fileFormatLabel(item.filename, item.type)}
                    </p>
                  )}
                </div>
              </div>
            )}
            <button
              type="button"
              onClick={() => onRemove(item.tempId)}
              aria-label={t('com_ui_remove_file', { filename: item.filename })}
              className={`absolute -end-1.5 -top-1.5 inline-flex size-5 items-center justify-center rounded-full border border-white bg-neutral-900 text-white hover:bg-neutral-700 dark:border-neutral-800 dark:bg-neutral-100 dark:text-neutral-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-neutral-900 dark:focus-visible:outline-white`}
            >
              <CloseIcon width={12} height={12} strokeWidth={2.5} />
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function Progress({ value, label }: { value: number; label: string }) {
  return (
    <div className="absolute inset-0 flex items-center justify-center bg-black/45">
      <ProgressRing value={value} label={label} />
    </div>
  );
}
