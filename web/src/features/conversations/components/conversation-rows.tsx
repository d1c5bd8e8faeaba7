import { useEffect, useMemo } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import type { Conversation } from '@parley/shared/schemas/conversation';
import type { DateGroup } from '../group-by-date';
import { ConversationItem } from './conversation-item';

export type ConversationRow =
  | { type: 'heading'; key: string; group: DateGroup }
  | { type: 'item'; key: string; conversation: Conversation };

const HEADING_HEIGHT = 36;
const ITEM_HEIGHT = 38;

export interface ConversationRowsProps {
  rows: ConversationRow[];
  /** The list's scrolling element (null until it is mounted). */
  scrollElement: HTMLDivElement | null;
  activeConversationId: string | undefined;
  onDelete: (conversation: Conversation) => void;
  onExport: (conversation: Conversation) => void;
  onShare?: (conversation: Conversation) => void;
  /** Checks whether the end is reached; run again whenever the rows change (and their height with them). */
  onRowsShown: () => void;
}

/** The virtualised rows of the conversation list (a chunk of its own, with the virtualiser). */
export function ConversationRows({
  rows,
  scrollElement,
  activeConversationId,
  onDelete,
  onExport,
  onShare,
  onRowsShown,
}: ConversationRowsProps) {
  const { t, i18n } = useTranslation();
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollElement,
    estimateSize: (index) => (rows[index]?.type === 'heading' ? HEADING_HEIGHT : ITEM_HEIGHT),
    getItemKey: (index) => rows[index]?.key ?? index,
    overscan: 12,
  });

  // A first page shorter than the sidebar has no scrollbar to reach the end with.
  useEffect(onRowsShown, [onRowsShown, rows.length]);

  const monthFormat = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { month: 'long' }),
    [i18n.language],
  );
  const headingLabel = (group: DateGroup): string => {
    switch (group.kind) {
      case 'pinned':
        return t('com_ui_pinned');
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
                onDelete={onDelete}
                onExport={onExport}
                onShare={onShare}
              />
            )}
          </div>
        );
      })}
    </div>
  );
}
