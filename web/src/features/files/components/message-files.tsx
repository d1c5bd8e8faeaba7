import { useTranslation } from 'react-i18next';
import { isImageAttachment, type MessageFile } from '../logic/attachment';
import { fileFormatLabel } from '../logic/file-label';
import { fileContentLink } from '../logic/file-link';
import { DocumentIcon } from '../../../components/ui/icons';
import { downloadContent } from '../engine/download-content';

/**
 * A user message's files above its text: image thumbnails (full size in a new tab) and document chips. Only
 * the server's own content links are ever used as a link or image source (`fileContentLink`); a document
 * with one is a download link (the files a code-interpreter run wrote) that says when its file is gone.
 */
export function MessageFiles({ files }: { files: readonly MessageFile[] }) {
  const { t } = useTranslation();
  if (files.length === 0) return null;
  return (
    <ul aria-label={t('com_ui_attachments')} className="mb-2 flex flex-wrap gap-2">
      {files.map((file) => {
        const name = file.filename ?? '';
        const link = fileContentLink(file.filepath);
        if (link !== null && isImageAttachment({ type: file.type ?? '' })) {
          return (
            <li key={file.file_id}>
              <a
                href={link}
                target="_blank"
                rel="noopener noreferrer"
                className="block overflow-hidden rounded-xl border border-neutral-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-900 dark:border-neutral-700 dark:focus-visible:outline-white"
              >
                <img
                  src={link}
                  alt={name}
                  width={file.width}
                  height={file.height}
                  loading="lazy"
                  className="h-auto max-h-60 w-auto max-w-60 object-contain"
                />
              </a>
            </li>
          );
        }
        const chip = (
          <>
            <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-sky-600 text-white">
              <DocumentIcon width={20} height={20} />
            </span>
            <span className="min-w-0">
              <span className="block truncate text-sm font-medium">{name}</span>
              <span className="block truncate text-xs text-neutral-500 dark:text-neutral-300">
                {fileFormatLabel(name, file.type)}
              </span>
            </span>
          </>
        );
        const chipBox =
          'flex h-14 w-52 max-w-full items-center gap-2 rounded-xl border border-neutral-200 p-2 pe-3 dark:border-neutral-700';
        return (
          <li key={file.file_id} className={link === null ? chipBox : 'max-w-full'}>
            {link === null ? (
              chip
            ) : (
              <a
                href={link}
                download={name}
                title={t('com_ui_download')}
                onClick={(event) => {
                  // Fetched first, so a file that is gone says so instead of saving an error page.
                  event.preventDefault();
                  void downloadContent(link, name);
                }}
                className={`${chipBox} hover:bg-neutral-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-900 dark:hover:bg-neutral-800 dark:focus-visible:outline-white`}
              >
                {chip}
              </a>
            )}
          </li>
        );
      })}
    </ul>
  );
}
