import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCopy } from '../use-copy';

/** A fenced code block: language label and copy button above the highlighted code. */
export function CodeBlock({
  language,
  code,
  children,
}: {
  language: string;
  code: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [copied, copy] = useCopy();
  return (
    <div className="not-prose my-4 overflow-hidden rounded-xl border border-neutral-200 bg-neutral-50 dark:border-neutral-700 dark:bg-neutral-900">
      <div className="flex items-center justify-between bg-neutral-100 px-4 py-1.5 text-xs text-neutral-600 dark:bg-neutral-800 dark:text-neutral-300">
        <span>{language || t('com_ui_code')}</span>
        <button
          type="button"
          onClick={() => copy(code)}
          className="rounded px-1.5 py-0.5 hover:bg-neutral-200 hover:text-neutral-900 focus-visible:outline-2 dark:hover:bg-neutral-700 dark:hover:text-white"
        >
          <span aria-live="polite">{copied ? t('com_ui_copied') : t('com_ui_copy_code')}</span>
        </button>
      </div>
      <pre className="overflow-x-auto p-4 text-[13px] leading-relaxed">{children}</pre>
    </div>
  );
}
