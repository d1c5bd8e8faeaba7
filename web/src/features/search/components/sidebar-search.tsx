import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon, SearchIcon } from '../../../components/ui/chat-icons';
import { Spinner } from '../../../components/ui/spinner';
import { lazyChunk, prefetchWhenIdle } from '../../../lib/lazy-chunk';
import { useSearchEnabled } from '../api/search';
import { asYouTypeQuery } from '../as-you-type';
import { useDebouncedValue } from '../use-debounced-value';

/** The results view: its own chunk, prefetched once the page is idle when search is enabled. */
const SearchResultsList = lazyChunk(() =>
  import('./search-results-list').then((module) => module.SearchResultsList),
);

/** SPEC §9: the search box waits this long after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 350;

/**
 * SPEC §2 sidebar search sub-header (only when the server has search enabled). While a query is typed the
 * results replace `children` (the conversation list).
 */
export function SidebarSearch({
  signedIn,
  userName = null,
  onOpen,
  children,
}: {
  signedIn: boolean;
  /** The signed-in user's name, for their own messages in the results. */
  userName?: string | null;
  /** Opens a result: the conversation, at the matched message's branch when there is one. */
  onOpen: (conversationId: string, messageId: string | null) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const enabled = useSearchEnabled(signedIn).data === true;
  const [text, setText] = useState('');
  const query = useDebouncedValue(asYouTypeQuery(text), SEARCH_DEBOUNCE_MS);
  useEffect(() => (enabled ? prefetchWhenIdle([SearchResultsList]) : undefined), [enabled]);
  if (!enabled) return <>{children}</>;
  return (
    <>
      <div className="px-2 pt-2" role="search">
        <div className="flex h-10 items-center gap-2 rounded-lg border border-neutral-200 bg-white px-2.5 focus-within:ring-2 focus-within:ring-neutral-900 dark:border-neutral-700 dark:bg-neutral-800 dark:focus-within:ring-neutral-100">
          <SearchIcon width={16} height={16} className="shrink-0 text-neutral-500" />
          <input
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape' && text !== '') {
                event.stopPropagation();
                setText('');
              }
            }}
            aria-label={t('com_nav_search_conversations')}
            placeholder={t('com_nav_search_placeholder')}
            maxLength={500}
            className="h-full min-w-0 flex-1 bg-transparent text-sm outline-none [&::-webkit-search-cancel-button]:hidden"
          />
          {text !== '' && (
            <button
              type="button"
              aria-label={t('com_nav_clear_search')}
              className="rounded p-0.5 text-neutral-500 hover:text-neutral-900 dark:hover:text-white"
              onClick={() => setText('')}
            >
              <CloseIcon width={14} height={14} />
            </button>
          )}
        </div>
      </div>
      {query === '' ? (
        children
      ) : (
        <Suspense
          fallback={
            <div className="flex min-h-0 flex-1 justify-center px-2 py-8">
              <Spinner label={t('com_ui_loading')} />
            </div>
          }
        >
          <SearchResultsList query={query} userName={userName} onOpen={onOpen} />
        </Suspense>
      )}
    </>
  );
}
