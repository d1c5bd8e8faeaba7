import { Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Conversation } from '@parley/shared/schemas/conversation';
import { Spinner } from '../../../components/ui/spinner';
import { lazyChunk, useLatch, usePrefetchWhenIdle } from '../../../lib/lazy-chunk';
import { useSidebarList } from '../api/organise';
import { groupByDate } from '../group-by-date';
import type { ConversationRow } from './conversation-rows';

/** SPEC §9: the next page loads at 97% of the scroll height, at most every 750 ms. */
const NEXT_PAGE_AT = 0.97;
const FETCH_THROTTLE_MS = 750;

/**
 * The rows and the virtualiser: a chunk of their own, fetched on first render alongside the first page
 * (not part of the initial JavaScript of /c/new).
 */
const ConversationRows = lazyChunk(() =>
  import('./conversation-rows').then((module) => module.ConversationRows),
);

/** Opens only on a delete: its own chunk, prefetched once the page is idle. */
const DeleteConversationDialog = lazyChunk(() =>
  import('./delete-conversation-dialog').then((module) => module.DeleteConversationDialog),
);

interface ConversationListProps {
  activeConversationId: string | undefined;
  /** After a delete; the app leaves a conversation that no longer exists. */
  onDeleted: (conversationId: string) => void;
  /** Opens the export dialog for a row (the dialog belongs to the app shell). */
  onExport: (conversation: Conversation) => void;
  /** Opens the share dialog for a row; absent where share links are off. */
  onShare?: (conversation: Conversation) => void;
  /** Above the rows: the tag filter (the tags feature, composed in app/). */
  tagFilter?: ReactNode;
}

/** The sidebar's conversation list: paged, grouped by date, virtualised. */
export function ConversationList({
  activeConversationId,
  onDeleted,
  onExport,
  onShare,
  tagFilter,
}: ConversationListProps) {
  const { t } = useTranslation();
  const list = useSidebarList();
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const [toDelete, setToDelete] = useState<Conversation | null>(null);
  const deleteWanted = useLatch(toDelete !== null);
  // State, not a ref: the rows (mounted in the same commit once their chunk is in) run their layout effects
  // before this element's ref is set, and must render again once it is known.
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  const lastFetch = useRef(0);
  usePrefetchWhenIdle(DeleteConversationDialog);

  const rows = useMemo<ConversationRow[]>(() => {
    const conversations = list.data?.pages.flatMap((page) => page.conversations) ?? [];
    // Pinned conversations first, in pin order (the API pages them first), under their own heading.
    const pinned = conversations.filter((conversation) => conversation.pinned);
    const pinnedRows: ConversationRow[] =
      pinned.length === 0
        ? []
        : [
            { type: 'heading', key: 'h-pinned', group: { kind: 'pinned' } },
            ...pinned.map((conversation) => ({
              type: 'item' as const,
              key: conversation.conversationId,
              conversation,
            })),
          ];
    const rest = conversations.filter((conversation) => !conversation.pinned);
    return pinnedRows.concat(
      groupByDate(rest, new Date()).flatMap((group) => [
        { type: 'heading' as const, key: `h-${group.key}`, group: group.group },
        ...group.items.map((conversation) => ({
          type: 'item' as const,
          key: conversation.conversationId,
          conversation,
        })),
      ]),
    );
  }, [list.data]);

  const maybeFetchNext = useCallback(() => {
    const element = scrollElement;
    if (!element || !hasNextPage || isFetchingNextPage) return;
    const reached = element.scrollTop + element.clientHeight >= element.scrollHeight * NEXT_PAGE_AT;
    if (!reached || Date.now() - lastFetch.current < FETCH_THROTTLE_MS) return;
    lastFetch.current = Date.now();
    void fetchNextPage();
  }, [scrollElement, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const loading = (
    <div className="flex justify-center py-4">
      <Spinner label={t('com_ui_loading')} />
    </div>
  );

  return (
    <>
      {tagFilter}
      <div ref={setScrollElement} onScroll={maybeFetchNext} className="min-h-0 flex-1 overflow-y-auto px-2">
        {list.isPending && loading}
        {list.isSuccess && rows.length === 0 && (
          <p className="px-2 py-2 text-sm text-neutral-500 dark:text-neutral-400">
            {t('com_nav_no_conversations')}
          </p>
        )}
        {list.isError && (
          <p role="alert" className="px-2 py-2 text-sm text-red-700 dark:text-red-400">
            {t('com_ui_conversations_error')}
          </p>
        )}
        {/* Rows that arrive before their chunk show as loading still. */}
        <Suspense fallback={rows.length > 0 ? loading : null}>
          <ConversationRows
            rows={rows}
            scrollElement={scrollElement}
            activeConversationId={activeConversationId}
            onDelete={setToDelete}
            onExport={onExport}
            onShare={onShare}
            onRowsShown={maybeFetchNext}
          />
        </Suspense>
        {isFetchingNextPage && (
          <div className="flex justify-center py-3">
            <Spinner label={t('com_ui_loading')} />
          </div>
        )}
        {deleteWanted && (
          <Suspense fallback={null}>
            <DeleteConversationDialog
              conversation={toDelete}
              onClose={() => setToDelete(null)}
              onDeleted={onDeleted}
            />
          </Suspense>
        )}
      </div>
    </>
  );
}
