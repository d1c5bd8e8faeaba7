import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { secondaryButton } from '../../../components/ui/chat-styles';
import { Spinner } from '../../../components/ui/spinner';
import { useSearchResults } from '../api/search';
import { displayTitle } from '../../../lib/display-title';
import { ArchivedBadge } from '../../../components/ui/archived-badge';
import { usePreferences } from '../../../lib/preferences';
import { markdownToPlain } from '../plain-text';
import { periodStart, SEARCH_PERIODS, type SearchPeriod } from '../search-period';
import { searchRows, snippet, type SearchRow } from '../search-rows';
import { HighlightedText } from './highlighted-text';

/** SPEC §3: search results as one flat list with alternating row backgrounds, paged. */
export function SearchResultsList({
  query,
  userName,
  onOpen,
}: {
  query: string;
  /** The signed-in user's name: the user's own messages carry it when "Display username" is on. */
  userName: string | null;
  onOpen: (conversationId: string, messageId: string | null) => void;
}) {
  const { t } = useTranslation();
  const showUsername = usePreferences((state) => state.usernameDisplay);
  // SPEC §2 UsernameDisplay: the same label the message list gives the user's own messages.
  const myLabel = showUsername && userName ? userName : t('com_ui_you');
  const results = useSearchResults(query);
  const [period, setPeriod] = useState<SearchPeriod>('any');
  const rows = useMemo(
    () => searchRows(results.data?.pages ?? [], periodStart(period, new Date())),
    [results.data, period],
  );
  const loadMore = results.hasNextPage && (
    <div className="flex justify-center pt-2">
      <button
        type="button"
        className={secondaryButton}
        disabled={results.isFetchingNextPage}
        onClick={() => void results.fetchNextPage()}
      >
        {t('com_ui_load_more')}
      </button>
    </div>
  );

  return (
    <section aria-label={t('com_nav_search_results')} className="min-h-0 flex-1 overflow-y-auto px-2 py-2">
      {results.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label={t('com_ui_loading')} />
        </div>
      ) : results.isError ? (
        <p role="alert" className="px-2 py-3 text-sm text-red-700 dark:text-red-400">
          {results.error.message}
        </p>
      ) : (
        <>
          {(rows.length > 0 || period !== 'any') && <PeriodFilter value={period} onChange={setPeriod} />}
          {rows.length === 0 ? (
            // Nothing in this period on the pages loaded so far: older pages may still hold some.
            <p className="px-2 py-3 text-sm text-neutral-500 dark:text-neutral-400">
              {t('com_ui_nothing_found')}
            </p>
          ) : (
            <ul className="overflow-hidden rounded-lg">
              {rows.map((row) => (
                <li
                  key={row.key}
                  className="odd:bg-white even:bg-neutral-100 dark:odd:bg-neutral-800/60 dark:even:bg-neutral-900"
                >
                  <ResultRow row={row} myLabel={myLabel} onOpen={onOpen} />
                </li>
              ))}
            </ul>
          )}
          {loadMore}
        </>
      )}
    </section>
  );
}

const PERIOD_LABELS = {
  any: 'com_ui_date_any_time',
  last7: 'com_ui_date_last_7_days',
  last30: 'com_ui_date_last_30_days',
} as const;

/** Any time · Last 7 days · Last 30 days: native radios (arrow keys move between them), drawn as chips. */
function PeriodFilter({
  value,
  onChange,
}: {
  value: SearchPeriod;
  onChange: (period: SearchPeriod) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="mb-2 flex flex-wrap gap-1">
      <legend className="sr-only">{t('com_ui_search_period')}</legend>
      {SEARCH_PERIODS.map((period) => (
        <label key={period} className="relative">
          <input
            type="radio"
            name="search-period"
            value={period}
            checked={value === period}
            onChange={() => onChange(period)}
            className="peer absolute inset-0 opacity-0"
          />
          <span className="inline-flex h-7 cursor-pointer items-center rounded-full border border-neutral-200 px-2 text-xs font-medium text-neutral-600 peer-checked:border-neutral-900 peer-checked:bg-neutral-900 peer-checked:text-white peer-focus-visible:ring-2 peer-focus-visible:ring-neutral-900 peer-focus-visible:ring-offset-1 hover:bg-neutral-200/70 peer-checked:hover:bg-neutral-800 dark:border-neutral-700 dark:text-neutral-300 dark:peer-checked:border-neutral-100 dark:peer-checked:bg-neutral-100 dark:peer-checked:text-neutral-900 dark:peer-focus-visible:ring-neutral-100 dark:hover:bg-neutral-700/60">
            {t(PERIOD_LABELS[period])}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

function ResultRow({
  row,
  myLabel,
  onOpen,
}: {
  row: SearchRow;
  myLabel: string;
  onOpen: (conversationId: string, messageId: string | null) => void;
}) {
  const { t } = useTranslation();
  const base =
    'block w-full px-2.5 py-2 text-start text-sm outline-none hover:bg-neutral-200/70 focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-neutral-900 dark:hover:bg-neutral-700/60 dark:focus-visible:ring-neutral-100';
  if (row.type === 'conversation') {
    return (
      <button type="button" className={base} onClick={() => onOpen(row.conversationId, null)}>
        {/* dir="auto": a title in another direction than the page is cut at its own end. */}
        <span dir="auto" className="block w-fit max-w-full truncate font-medium">
          <HighlightedText text={row.title} ranges={row.highlights} />
        </span>
        {row.archived && <ArchivedBadge />}
      </button>
    );
  }
  // Snippets read as text: the Markdown's syntax goes, the highlights stay on their words.
  const plain = markdownToPlain(row.text, row.highlights);
  const cut = snippet(plain.text, plain.ranges);
  return (
    <button type="button" className={base} onClick={() => onOpen(row.conversationId, row.messageId)}>
      <span className="flex min-w-0 gap-1 text-xs text-neutral-500 dark:text-neutral-400">
        <span dir="auto" className="min-w-0 truncate">
          {displayTitle(row.title, t)}
        </span>
        <span aria-hidden="true">·</span>
        <span dir="auto" className="shrink-0">
          {row.mine ? myLabel : row.sender || t('com_ui_assistant')}
        </span>
        {row.archived && <ArchivedBadge />}
      </span>
      <span dir="auto" className="line-clamp-3 break-words">
        <HighlightedText text={cut.text} ranges={cut.ranges} />
      </span>
    </button>
  );
}
