import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import { NO_PARENT } from '@parley/shared/constants';
import type { Message } from '@parley/shared/schemas/message';
import { ArrowDownIcon } from '../../../components/ui/chat-icons';
import { focusRing } from '../../../components/ui/styles';
import { idleQueue } from '../../../lib/markdown/idle-queue';
import { estimateRowHeight, openingOffset, textColumnWidth } from '../logic/row-height';
import { createScrollHelpers } from '../logic/scroll-helpers';
import type { ThreadEntry } from '../logic/thread';
import { SummaryDivider } from './context-notices';
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
  /** More of the path is above the first message (API.md "Long conversations"): loaded on scrolling up. */
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  /** A message to bring into view and highlight (a search result), once it is in the thread. */
  revealMessageId: string | null;
  onRevealed: () => void;
}

/** SPEC §9: the scroll-to-bottom button shows once the end is 15% of the view height or more away. */
const SCROLL_BUTTON_AT = 0.15;
/** Within this many pixels of the end, the reader is at the end: a streaming reply is followed again. */
const AT_END_PX = 24;
/** Older messages are asked for while the reader is within this many view heights of the top. */
const LOAD_OLDER_VIEWS = 1.5;

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
    hasOlder,
    loadingOlder,
    onLoadOlder,
    revealMessageId,
    onRevealed,
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
  // The conversation the view was positioned for on opening (or by a revealed search result).
  const positioned = useRef<string | null>(null);

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
  // The first render shows the rows where the conversation opens (its end, or its latest message's start)
  // rather than its first ones, which the jump to the end would render, measure and drop at once.
  const [opening] = useState(() => ({
    offset: openingOffset(thread.length, estimateSize, autoScroll || submitting, window.innerHeight),
    rect: { width: window.innerWidth, height: window.innerHeight },
  }));
  const virtualizer = useVirtualizer({
    count: thread.length,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    getItemKey,
    overscan: 4,
    initialOffset: opening.offset,
    initialRect: opening.rect,
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
    if (hasOlder && !loadingOlder && element.scrollTop < element.clientHeight * LOAD_OLDER_VIEWS)
      onLoadOlder();
  }, [updateButton, hasOlder, loadingOlder, onLoadOlder]);

  // Older messages put above the first one keep the reader where they were: the view moves down by the
  // height they take (estimated until measured; the virtualiser corrects rows above the view as they are).
  const firstId = thread[0]?.message.messageId;
  const previousFirst = useRef<string | undefined>(undefined);
  useLayoutEffect(() => {
    const before = previousFirst.current;
    previousFirst.current = firstId;
    const element = scrollRef.current;
    if (!element || !before || before === firstId) return;
    const index = thread.findIndex((entry) => entry.message.messageId === before);
    if (index <= 0) return;
    const added = virtualizer.measurementsCache[index]?.start ?? 0;
    element.scrollTop += added;
    lastScrollTop.current = element.scrollTop;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the first message changes
  }, [firstId]);

  // Scrolling asks for older messages only while the view moves. A thread that does not fill the view cannot
  // be scrolled up, and a reader who reached the top while a page was loading sits there with no scroll
  // event to come (a wheel at the top scrolls nothing): the next page is asked for here, once per thread
  // length, so a page that failed is not asked for again and again.
  const askedAtLength = useRef(-1);
  const wasLoading = useRef(false);
  useEffect(() => {
    const landed = wasLoading.current && !loadingOlder;
    wasLoading.current = loadingOlder;
    const element = scrollRef.current;
    if (!element || !hasOlder || loadingOlder || askedAtLength.current === thread.length) return;
    const zone = element.clientHeight * LOAD_OLDER_VIEWS;
    const underFilled = element.scrollHeight <= zone;
    if (!underFilled && !(landed && element.scrollTop < zone)) return;
    askedAtLength.current = thread.length;
    onLoadOlder();
  }, [hasOlder, loadingOlder, onLoadOlder, thread.length]);

  // A search result: scrolled to the middle of the view once it is in the thread, and highlighted.
  const [revealed, setRevealed] = useState<{ conversationKey: string; messageId: string } | null>(null);
  const highlighted = revealed?.conversationKey === conversationKey ? revealed.messageId : null;
  const revealIndex = revealMessageId
    ? thread.findIndex((entry) => entry.message.messageId === revealMessageId)
    : -1;
  useLayoutEffect(() => {
    if (revealIndex < 0 || !revealMessageId) return;
    following.current = false;
    nearBottom.current = false;
    positioned.current = conversationKey;
    setRevealed({ conversationKey, messageId: revealMessageId });
    const reveal = () => virtualizer.scrollToIndex(revealIndex, { align: 'center' });
    reveal();
    // Again once the rows around it are measured.
    const frame = requestAnimationFrame(() => requestAnimationFrame(reveal));
    onRevealed();
    return () => cancelAnimationFrame(frame);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when a message is to be revealed
  }, [revealIndex, revealMessageId]);

  /** Puts the start of the latest reply (or message) at the top of the view. */
  const scrollToLatestStart = useCallback(() => {
    if (thread.length === 0) return;
    virtualizer.scrollToIndex(thread.length - 1, { align: 'start' });
  }, [virtualizer, thread.length]);

  // A conversation opens, once its messages are there, at its very end with the autoScroll preference
  // (SPEC §2), else at the start of its latest message, so the reader reads the reply from its top.
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

  // Rows that grow once measured (Markdown rendered, an image loaded) keep a reader who follows at the end;
  // rows that shrink may leave nothing below the view, with no scroll event to say so.
  const totalSize = virtualizer.getTotalSize();
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (element && following.current && nearBottom.current && distanceFromBottom(element) > 0)
      element.scrollTop = element.scrollHeight;
    updateButton();
  }, [totalSize, updateButton]);

  // While a reply streams, the view follows its end as long as the reader stays there (see onScroll); a
  // reply that ends within sight is shown whole.
  const last = thread.at(-1)?.message;
  useLayoutEffect(() => {
    wantsEnd.current = () => (submitting ? following.current : nearBottom.current);
    if (wantsEnd.current()) helpers.instant();
    updateButton();
  }, [submitting, last?.text, last?.messageId, helpers, updateButton]);

  // The view's own height changes too (a window resized, the composer growing, the gauge shown above it).
  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const observer = new ResizeObserver(() => updateButton());
    observer.observe(element);
    return () => observer.disconnect();
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
                data-highlighted={message.messageId === highlighted ? 'true' : undefined}
                ref={virtualizer.measureElement}
                className={`absolute start-0 top-0 w-full ${message.messageId === highlighted ? 'bg-amber-50 dark:bg-amber-400/10' : ''}`}
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
                {message.summary && row.index < thread.length - 1 && (
                  <SummaryDivider summary={message.summary} />
                )}
              </div>
            );
          })}
        </div>
        <div className="h-4" />
      </div>
      {loadingOlder && (
        <div
          role="status"
          className="pointer-events-none absolute inset-x-0 top-2 flex justify-center text-xs text-neutral-600 dark:text-neutral-300"
        >
          <span className="rounded-full bg-white/90 px-3 py-1 shadow-sm dark:bg-neutral-800/90">
            {t('com_ui_loading_older')}
          </span>
        </div>
      )}
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
