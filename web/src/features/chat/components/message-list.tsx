import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import { NO_PARENT } from '@parley/shared/constants';
import type { Message } from '@parley/shared/schemas/message';
import { ArrowDownIcon } from '../../../components/ui/chat-icons';
import { focusRing } from '../../../components/ui/styles';
import { idleQueue } from '../../../lib/markdown/idle-queue';
import { estimateRowHeight, textColumnWidth } from '../logic/row-height';
import { createScrollHelpers } from '../logic/scroll-helpers';
import type { ThreadEntry } from '../logic/thread';
import { MessageItem, type ChatUser, type MessageHandlers } from './message-item';

export type { ThreadEntry } from '../logic/thread';

interface MessageListProps {
  conversationKey: string;
  thread: ThreadEntry[];
  user: ChatUser;
  showUsername: boolean;
  kind: string | null;
  iconURL: string | null;
  streamingMessageId: string | null;
  submitting: boolean;
  editingMessageId: string | null;
  latex: boolean;
  /** SPEC's preference: a conversation opens at its very end (else at the start of its latest reply). */
  autoScroll: boolean;
  /** Bumped on each send: the view jumps to the bottom. */
  scrollSignal: number;
  handlers: MessageHandlers;
}

/** SPEC §9: the scroll-to-bottom button shows once the end is 15% of the view height or more away. */
const SCROLL_BUTTON_AT = 0.15;
/** Within this many pixels of the end, the reader is at the end: a streaming reply is followed again. */
const AT_END_PX = 24;

function distanceFromBottom(element: HTMLElement): number {
  return element.scrollHeight - element.scrollTop - element.clientHeight;
}

/** The visible thread, virtualised so long conversations stay fast (ARCHITECTURE §5). */
export function MessageList(props: MessageListProps) {
  const {
    conversationKey,
    thread,
    streamingMessageId,
    submitting,
    editingMessageId,
    autoScroll,
    scrollSignal,
  } = props;
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const [showScrollButton, setShowScrollButton] = useState(false);
  const nearBottom = useRef(true);
  // Follows a streaming reply while the reader is at the end; scrolling up stops it, coming back resumes.
  const following = useRef(true);
  const lastScrollTop = useRef(0);
  // Rows on screen when a conversation opens render their Markdown at once; rows mounted after that (by
  // scrolling) show their text plainly first and render Markdown in an idle moment, so scrolling never
  // waits for parsing.
  const [settled, setSettled] = useState(false);

  // Stable while the thread is: the virtualiser recomputes every row's offset when these change.
  const getItemKey = useCallback((index: number) => thread[index]?.message.messageId ?? index, [thread]);
  const estimateSize = useCallback(
    (index: number) =>
      estimateRowHeight(
        thread[index]?.message.text ?? '',
        textColumnWidth(scrollRef.current?.clientWidth ?? window.innerWidth),
      ),
    [thread],
  );
  const virtualizer = useVirtualizer({
    count: thread.length,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    getItemKey,
    overscan: 4,
  });

  const scrollToBottom = useCallback(
    (behavior: ScrollBehavior = 'auto') => {
      const element = scrollRef.current;
      if (!element || thread.length === 0) return;
      virtualizer.scrollToIndex(thread.length - 1, { align: 'end' });
      element.scrollTo({ top: element.scrollHeight, behavior });
    },
    [virtualizer, thread.length],
  );

  // SPEC §9's throttled helpers: following a stream jumps at most every 250 ms, the button glides at most
  // every 750 ms. Each run re-checks that the reader still wants the end (they may have scrolled up since).
  const wantsEnd = useRef<() => boolean>(() => true);
  const scrollToBottomRef = useRef(scrollToBottom);
  useLayoutEffect(() => {
    scrollToBottomRef.current = scrollToBottom;
  }, [scrollToBottom]);
  const helpers = useMemo(
    () =>
      createScrollHelpers((behavior) => {
        if (behavior === 'smooth' || wantsEnd.current()) scrollToBottomRef.current(behavior);
      }),
    [],
  );
  useEffect(() => helpers.cancel, [helpers]);

  const updateButton = useCallback(() => {
    const element = scrollRef.current;
    if (!element) return;
    const far = distanceFromBottom(element) >= element.clientHeight * SCROLL_BUTTON_AT;
    nearBottom.current = !far;
    setShowScrollButton(far);
  }, []);

  const onScroll = useCallback(() => {
    const element = scrollRef.current;
    if (!element) return;
    // Only the reader moves the view up: programmatic scrolls go to the end, and a row that shrinks leaves
    // the view at the end.
    if (distanceFromBottom(element) <= AT_END_PX) following.current = true;
    else if (element.scrollTop < lastScrollTop.current) following.current = false;
    lastScrollTop.current = element.scrollTop;
    updateButton();
  }, [updateButton]);

  /** Puts the start of the latest reply (or message) at the top of the view. */
  const scrollToLatestStart = useCallback(() => {
    if (thread.length === 0) return;
    virtualizer.scrollToIndex(thread.length - 1, { align: 'start' });
  }, [virtualizer, thread.length]);

  // A conversation opens, once its messages are there, at its very end with the autoScroll preference
  // (SPEC §2), else at the start of its latest message, so the reader reads the reply from its top.
  const positioned = useRef<string | null>(null);
  const empty = thread.length === 0;
  useLayoutEffect(() => {
    if (empty || positioned.current === conversationKey) return;
    positioned.current = conversationKey;
    const atEnd = autoScroll || submitting;
    following.current = atEnd;
    nearBottom.current = atEnd;
    const jump = atEnd ? () => scrollToBottom() : scrollToLatestStart;
    jump();
    const frame = requestAnimationFrame(jump);
    return () => cancelAnimationFrame(frame);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when a conversation opens or fills
  }, [conversationKey, empty]);

  // After each send the view goes to the end and follows the reply.
  useLayoutEffect(() => {
    if (scrollSignal === 0) return;
    following.current = true;
    nearBottom.current = true;
    scrollToBottom();
    const frame = requestAnimationFrame(() => scrollToBottom());
    return () => cancelAnimationFrame(frame);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on a send
  }, [scrollSignal]);

  useLayoutEffect(() => {
    setSettled(false);
    return idleQueue.schedule(() => setSettled(true));
  }, [conversationKey]);

  // Rows that grow once measured (Markdown rendered, an image loaded) keep a reader who follows at the end.
  const totalSize = virtualizer.getTotalSize();
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (element && following.current && nearBottom.current && distanceFromBottom(element) > 0)
      element.scrollTop = element.scrollHeight;
  }, [totalSize]);

  // While a reply streams, the view follows its end as long as the reader stays there (see onScroll); a
  // reply that ends within sight is shown whole.
  const last = thread.at(-1)?.message;
  useLayoutEffect(() => {
    wantsEnd.current = () => (submitting ? following.current : nearBottom.current);
    if (wantsEnd.current()) helpers.instant();
    updateButton();
  }, [submitting, last?.text, last?.messageId, helpers, updateButton]);

  useEffect(() => {
    window.addEventListener('resize', updateButton);
    return () => window.removeEventListener('resize', updateButton);
  }, [updateButton]);

  return (
    <div className="relative min-h-0 flex-1">
      <div
        ref={scrollRef}
        onScroll={onScroll}
        className="h-full overflow-y-auto"
        role="log"
        aria-label={t('com_ui_messages')}
        aria-busy={submitting}
      >
        <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((row) => {
            const entry = thread[row.index];
            if (!entry) return null;
            const { message } = entry;
            return (
              <div
                key={row.key}
                data-index={row.index}
                ref={virtualizer.measureElement}
                className="absolute start-0 top-0 w-full"
                style={{ transform: `translateY(${row.start}px)` }}
              >
                <MessageItem
                  message={message}
                  user={props.user}
                  showUsername={props.showUsername}
                  kind={props.kind}
                  iconURL={props.iconURL}
                  siblingIndex={entry.siblingIndex}
                  siblingTotal={entry.siblingTotal}
                  parentIsUser={entry.parentIsUser}
                  isLatest={row.index === thread.length - 1}
                  streaming={message.messageId === streamingMessageId}
                  submitting={submitting}
                  editing={message.messageId === editingMessageId}
                  latex={props.latex}
                  deferMarkdown={settled}
                  handlers={props.handlers}
                />
              </div>
            );
          })}
        </div>
        <div className="h-4" />
      </div>
      {showScrollButton && (
        <ScrollToBottomButton
          label={t('com_ui_scroll_to_bottom')}
          onClick={() => {
            following.current = true;
            helpers.smooth();
          }}
        />
      )}
    </div>
  );
}

function ScrollToBottomButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className={`absolute bottom-3 start-1/2 inline-flex size-9 -translate-x-1/2 items-center justify-center rounded-full border border-neutral-200 bg-white text-neutral-700 shadow-md hover:bg-neutral-50 rtl:translate-x-1/2 dark:border-neutral-600 dark:bg-neutral-800 dark:text-neutral-200 dark:hover:bg-neutral-700 ${focusRing}`}
    >
      <ArrowDownIcon />
    </button>
  );
}

/** The parent id under which a message's siblings are listed (roots share NO_PARENT). */
export function siblingKey(message: Message, ids: ReadonlySet<string>): string {
  return ids.has(message.parentMessageId) ? message.parentMessageId : NO_PARENT;
}
