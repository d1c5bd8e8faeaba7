import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isTextLikeType } from '@parley/shared/files/mime-types';
import type { FileObject } from '@parley/shared/schemas/file';
import type { MessageSource } from '@parley/shared/schemas/message';
import { secondaryButton } from '../../../components/ui/chat-styles';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { fileContentLink } from '../logic/file-link';
import { findPassage, passageWindow, withQuery } from '../logic/passage';

/** Text files up to this size are read for a preview; larger ones are downloaded instead. */
export const MAX_TEXT_PREVIEW_BYTES = 8 * 1024 * 1024;

const PDF_TYPE = 'application/pdf';

export interface SourcePreviewProps {
  source: MessageSource;
  /** Its file among the caller's, or undefined when it is gone. */
  file: FileObject | undefined;
  /** The caller's files are still being listed. */
  loading: boolean;
  /** "orchard-report.pdf, p. 2": the chip's label. */
  label: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * A source opened in the app (issue 23): a PDF in the browser's own viewer at the cited page, a text file
 * with the passage marked and scrolled to, anything else as its passage; a Download button for the file.
 */
export function SourcePreview({ source, file, loading, label, open, onOpenChange }: SourcePreviewProps) {
  const { t } = useTranslation();
  const link = fileContentLink(file?.filepath);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={label}
      closeLabel={t('com_ui_close')}
      width="max-w-4xl"
      footer={
        <>
          {link && (
            <a href={link} download={source.filename} className={secondaryButton}>
              {t('com_ui_download')}
            </a>
          )}
          <button type="button" className={secondaryButton} onClick={() => onOpenChange(false)}>
            {t('com_ui_close')}
          </button>
        </>
      }
    >
      {loading ? (
        <Spinner label={t('com_ui_loading')} />
      ) : (
        <PreviewBody source={source} file={file} link={link} label={label} />
      )}
    </Dialog>
  );
}

function Quote({ snippet }: { snippet: string }) {
  const { t } = useTranslation();
  return (
    <figure className="mb-3">
      <figcaption className="mb-1 text-xs font-medium text-neutral-500 dark:text-neutral-300">
        {t('com_ui_source_passage')}
      </figcaption>
      <blockquote className="border-s-4 border-amber-400 bg-amber-50 px-3 py-2 text-sm text-neutral-900 dark:border-amber-500 dark:bg-amber-950/40 dark:text-neutral-100">
        {snippet}
      </blockquote>
    </figure>
  );
}

function Note({ children }: { children: string }) {
  return <p className="text-sm text-neutral-600 dark:text-neutral-300">{children}</p>;
}

function PreviewBody({
  source,
  file,
  link,
  label,
}: {
  source: MessageSource;
  file: FileObject | undefined;
  link: string | null;
  label: string;
}) {
  const { t } = useTranslation();
  if (!file || !link) {
    return (
      <>
        <Quote snippet={source.snippet} />
        <Note>{t('com_ui_source_file_gone')}</Note>
      </>
    );
  }
  if (file.type === PDF_TYPE) {
    const page = source.page !== undefined ? `#page=${source.page}` : '';
    return (
      <>
        <Quote snippet={source.snippet} />
        <iframe
          title={label}
          src={`${withQuery(link, 'inline=1')}${page}`}
          className="h-[55dvh] w-full rounded-lg border border-neutral-200 bg-neutral-100 dark:border-neutral-700 dark:bg-neutral-900"
        />
      </>
    );
  }
  if (isTextLikeType(file.type) && file.bytes <= MAX_TEXT_PREVIEW_BYTES) {
    return <TextPreview link={link} fileId={file.file_id} snippet={source.snippet} />;
  }
  return (
    <>
      <Quote snippet={source.snippet} />
      <Note>{t('com_ui_source_no_preview')}</Note>
    </>
  );
}

async function readText(link: string, signal: AbortSignal): Promise<string> {
  const response = await fetch(new URL(link, window.location.href), { signal });
  if (!response.ok) throw new Error(String(response.status));
  return response.text();
}

/** The file's text around the passage, the passage marked and scrolled to. */
function TextPreview({ link, fileId, snippet }: { link: string; fileId: string; snippet: string }) {
  const { t } = useTranslation();
  const text = useQuery({
    queryKey: ['source-text', fileId],
    queryFn: ({ signal }) => readText(link, signal),
    staleTime: Infinity,
  });
  const mark = useRef<HTMLElement>(null);
  const range = text.data === undefined ? null : findPassage(text.data, snippet);
  useEffect(() => {
    mark.current?.scrollIntoView?.({ block: 'center' });
  }, [range?.start]);

  if (text.isPending) return <Spinner label={t('com_ui_loading')} />;
  if (text.isError) {
    return (
      <>
        <Quote snippet={snippet} />
        <Note>{t('com_ui_source_load_error')}</Note>
      </>
    );
  }
  const shown = range ? passageWindow(text.data, range) : null;
  const pre =
    'max-h-[60dvh] overflow-auto whitespace-pre-wrap break-words rounded-lg border border-neutral-200 bg-neutral-50 p-3 font-mono text-xs leading-relaxed text-neutral-800 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100';
  if (!shown) {
    return (
      <>
        <Quote snippet={snippet} />
        <Note>{t('com_ui_source_passage_not_found')}</Note>
        <pre className={`${pre} mt-3`}>{text.data.slice(0, 8000)}</pre>
      </>
    );
  }
  return (
    <pre className={pre} data-testid="source-text">
      {shown.cutStart && '…\n'}
      {shown.before}
      <mark
        ref={mark}
        className="rounded-sm bg-amber-200 text-neutral-900 dark:bg-amber-400/40 dark:text-white"
      >
        {shown.passage}
      </mark>
      {shown.after}
      {shown.cutEnd && '\n…'}
    </pre>
  );
}
