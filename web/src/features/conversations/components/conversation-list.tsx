import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import type { Conversation } from '@parley/shared/schemas/conversation';
import { Spinner } from '../../../components/ui/spinner';
import { useConversationList } from '../api/conversations';
import { groupByDate, type DateGroup } from '../group-by-date';
import { ConversationItem } from './conversation-item';
import { DeleteConversationDialog } from './delete-conversation-dialog';

type Row =
  | { type: 'heading'; key: string; group: DateGroup }
  | { type: 'item'; key: string; conversation: Conversation };

const HEADING_HEIGHT = 36;
const ITEM_HEIGHT = 38;
/** SPEC §9: the next page loads at 97% of the scroll height, at most every 750 ms. */
const NEXT_PAGE_AT = 0.97;
const FETCH_THROTTLE_MS = 750;

interface ConversationListProps {
  activeConversationId: string | undefined;
  /** After a delete; the app leaves a conversation that no longer exists. */
  onDeleted: (conversationId: string) => void;
}

/** The sidebar's conversation list: paged, grouped by date, virtualised. */
export function ConversationList({ activeConversationId, onDeleted }: ConversationListProps) {
  const { t, i18n } = useTranslation();
  const list = useConversationList();
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const [toDelete, setToDelete] = useState<Conversation | null>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const lastFetch = useRef(0);

  const rows = useMemo<Row[]>(() => {
    const conversations = list.data?.pages.flatMap((page) => page.conversations) ?? [];
    return groupByDate(conversations, new Date()).flatMap((group) => [
      { type: 'heading' as const, key: `h-${group.key}`, group: group.group },
      ...group.items.map((conversation) => ({
        type: 'item' as const,
        key: conversation.conversationId,
        conversation,
      })),
    ]);
  }, [list.data]);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (rows[index]?.type === 'heading' ? HEADING_HEIGHT : ITEM_HEIGHT),
    getItemKey: (index) => rows[index]?.key ?? index,
    overscan: 12,
  });

  const maybeFetchNext = useCallback(() => {
    const element = scrollRef.current;
    if (!element || !hasNextPage || isFetchingNextPage) return;
    const reached = element.scrollTop + element.clientHeight >= element.scrollHeight * NEXT_PAGE_AT;
    if (!reached || Date.now() - lastFetch.current < FETCH_THROTTLE_MS) return;
    lastFetch.current = Date.now();
    void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  // A first page shorter than the sidebar has no scrollbar to reach the end with.
  useEffect(maybeFetchNext, [maybeFetchNext, rows.length]);

  const monthFormat = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { month: 'long' }),
    [i18n.language],
  );
  const headingLabel = (group: DateGroup): string => {
    switch (group.kind) {
      case 'today':
        return t('com_ui_date_today');
      case 'yesterday':
        return t('com_ui_date_yesterday');
      case 'previous7':
        return t('com_ui_date_previous_7_days');
      case 'previous30':
        return t('com_ui_date_previous_30_days');
      case 'month':
        return monthFormat.format(new Date(2000, group.month, 1));
      case 'year':
        return String(group.year);
    }
  };

  return (
    <div ref={scrollRef} onScroll={maybeFetchNext} className="min-h-0 flex-1 overflow-y-auto px-2">
      {list.isPending && (
        <div className="flex justify-center py-4">
          <Spinner label={t('com_ui_loading')} />
        </div>
      )}
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
      <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((virtualRow) => {
          const row = rows[virtualRow.index];
          if (!row) return null;
          return (
            <div
              key={virtualRow.key}
              className="absolute start-0 top-0 w-full"
              style={{ transform: `translateY(${virtualRow.start}px)`, height: virtualRow.size }}
            >
              {row.type === 'heading' ? (
                <h2 className="px-2 pb-1.5 pt-4 text-xs font-semibold text-neutral-500 dark:text-neutral-400">
                  {headingLabel(row.group)}
                </h2>
              ) : (
                <ConversationItem
                  conversation={row.conversation}
                  active={row.conversation.conversationId === activeConversationId}
                  onDelete={setToDelete}
                />
              )}
            </div>
          );
        })}
      </div>
      {isFetchingNextPage && (
        <div className="flex justify-center py-3">
          <Spinner label={t('com_ui_loading')} />
        </div>
      )}
      <DeleteConversationDialog
        conversation={toDelete}
        onClose={() => setToDelete(null)}
        onDeleted={onDeleted}
      />
    </div>
  );
}
