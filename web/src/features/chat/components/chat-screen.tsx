import '../chat.css';
import { Suspense, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NO_PARENT } from '@parley/shared/constants';
import type { Message } from '@parley/shared/schemas/message';
import { lazyChunk, usePrefetchWhenIdle } from '../../../lib/lazy-chunk';
import { preloadMarkdown } from '../../../lib/markdown/lazy-markdown';
import { usePreferences } from '../../../lib/preferences';
import { showErrorToast, showToast } from '../../../lib/toast-store';
import { conversationQuery } from '../../../lib/conversation-query';
import { messagesPath, messagesQuery, useUpdateMessage } from '../api/messages';
import { hasOlderAbove, loadOlder, openBranch, selectPath, usePathStore } from '../api/message-path';
import {
  buildChatCall,
  endpointKind,
  type ConversationSetup,
  type MessageFile,
  type Submission,
} from '../logic/build-request';
import { setupFromConversation } from '../logic/setup';
import { threadEntries, type ThreadEntry } from '../logic/thread';
import { useChatUiStore } from '../store';
import { placeholderReply, type StreamTarget } from '../stream/apply-chat-event';
import {
  eventStreamReader,
  isStreaming,
  resumeChat,
  startChat,
  stopChat,
  type StreamHooks,
} from '../stream/chat-stream';
import { useStreamStore } from '../stream/stream-store';
import { ChatInput, type ComposerAttachments } from './chat-input';
import { ContextStrip } from './context-notices';
import { Landing } from './landing';
import type { ChatUser, MessageHandlers } from './message-item';
import { replySender } from '@parley/shared/messages/reply-sender';

/**
 * The message list with its rows and the virtualiser: a chunk of its own, since /c/new shows the landing
 * view. Prefetched once the page is idle (and on a send); a conversation opened first fetches it alongside
 * its messages.
 */
const MessageList = lazyChunk(() => import('./message-list').then((module) => module.MessageList));

/** Fetches the message list's chunk (a conversation opened by its address, before the app renders). */
export const preloadMessageList = (): Promise<void> => MessageList.preload();

/** Holds the list's place (between header and input) while its chunk loads. */
const listPlaceholder = <div className="min-h-0 flex-1" />;

export interface ChatScreenProps {
  conversationId: string;
  /** What the next message is sent with; null until endpoints and models are known. */
  setup: ConversationSetup | null;
  iconURL: string | null;
  /** The endpoint's configured reply label (SPEC §3 `modelDisplayLabel`), for the reply's sender. */
  modelDisplayLabel?: string | null;
  /** For the input's placeholder ("Message OpenAI…"). */
  endpointLabel: string;
  user: ChatUser;
  /** A required key is missing or expired: input disabled, `blockedNotice` explains. */
  blocked: boolean;
  blockedNotice?: ReactNode;
  /** Shown in place of the message box (the assistants endpoint with no assistant chosen: what to do). */
  inputStandIn?: ReactNode;
  greeting?: string | null;
  /** Replaces the landing view's icon and greeting (the assistants endpoint). */
  landingHero?: ReactNode;
  showBirthdayIcon: boolean;
  hooks: StreamHooks;
  /** The composer's files (the files feature, composed in app/). */
  attachments?: ComposerAttachments;
  /** Above the messages (the temporary chat switch and banner, composed in app/). */
  topBar?: ReactNode;
  /** Read when a new chat is sent: whether it starts as a temporary chat. */
  isTemporary?: () => boolean;
}

const EMPTY: Message[] = [];

function newUserMessage(init: {
  conversationId: string;
  parentMessageId: string;
  text: string;
  now: string;
  files?: readonly MessageFile[];
}): Message {
  return {
    messageId: crypto.randomUUID(),
    conversationId: init.conversationId,
    parentMessageId: init.parentMessageId,
    sender: 'User',
    text: init.text,
    isCreatedByUser: true,
    error: false,
    unfinished: false,
    isEdited: false,
    createdAt: init.now,
    updatedAt: init.now,
    ...(init.files && init.files.length > 0 ? { files: [...init.files] } : {}),
  };
}

/** Builds the visible thread with each message's sibling position (SPEC §4 Sibling navigation). */
function useThread(messages: readonly Message[], conversationKey: string): ThreadEntry[] {
  const { leafId, siblings } = usePathStore(selectPath(conversationKey));
  return useMemo(() => threadEntries(messages, leafId, siblings), [messages, leafId, siblings]);
}

/** The chat screen (SPEC §2): the landing view or the message list, and the input. */
export function ChatScreen(props: ChatScreenProps) {
  const { conversationId, setup, blocked } = props;
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { key: locationKey } = useLocation();
  const isNew = conversationId === 'new';
  // The message box takes the focus when another conversation shows (resetKey), not when the new one shown
  // gets its address: by then the person may have moved on to a button of the reply.
  const [createdHere, setCreatedHere] = useState<string | null>(null);
  const shownKey = `${conversationId}:${isNew ? locationKey : ''}`;
  const [focusKey, setFocusKey] = useState(shownKey);
  if (conversationId !== createdHere) {
    if (focusKey !== shownKey) setFocusKey(shownKey);
    if (!isNew && createdHere !== null) setCreatedHere(null);
  }
  const active = useStreamStore((state) => state.active);
  const submitting = active?.conversationKey === conversationId;
  const { autoScroll, enterToSend, latexParsing, usernameDisplay } = usePreferences();
  const editingMessageId = useChatUiStore((state) => state.editingMessageId);
  const updateMessage = useUpdateMessage();
  const [scrollSignal, setScrollSignal] = useState(0);
  const [seed, setSeed] = useState<{ id: number; text: string } | undefined>(undefined);

  const listQuery = messagesQuery(conversationId);
  const messagesResult = useQuery({ ...listQuery, enabled: listQuery.enabled !== false && !submitting });
  const messages = messagesResult.data ?? EMPTY;
  const thread = useThread(messages, conversationId);
  const path = usePathStore(selectPath(conversationId));
  // The gauge after a reload or on another device: the latest turn's context and the cost so far.
  const conversation = useQuery(conversationQuery(conversationId)).data;
  const top = thread[0]?.message;
  const hasOlder = messagesResult.isSuccess && hasOlderAbove(path, top);

  const kind = setup ? endpointKind(setup) : null;
  usePrefetchWhenIdle(MessageList, eventStreamReader);

  const streamHooks = useMemo<StreamHooks>(
    () => ({
      ...props.hooks,
      onConversationCreated: (id) => {
        props.hooks.onConversationCreated?.(id);
        setCreatedHere(id);
        // Only if the person is still looking at the new conversation.
        if (window.location.pathname.endsWith('/c/new')) void navigate(`/c/${id}`, { replace: true });
      },
      onConnectionError: () => showErrorToast(t('com_error_connection')),
      onCancelError: () => showErrorToast(t('com_error_cancel')),
      onConversationDeleted: () => showToast({ message: t('com_ui_conversation_deleted'), severity: 'info' }),
    }),
    [props.hooks, navigate, t],
  );

  // SPEC §4 New conversation: a fresh /c/new starts empty, with no message being edited.
  useEffect(() => {
    if (isNew && useStreamStore.getState().active?.conversationKey !== 'new') {
      queryClient.setQueryData<Message[]>([messagesPath('new')], []);
    }
    useChatUiStore.getState().setEditing(null);
  }, [isNew, locationKey, queryClient]);

  // A reply still being generated here (after a reload, or started in another tab) is picked up again.
  const hooksRef = useRef(streamHooks);
  useLayoutEffect(() => {
    hooksRef.current = streamHooks;
  }, [streamHooks]);
  useEffect(() => {
    if (isNew || conversationId === 'search' || isStreaming()) return;
    void resumeChat(
      queryClient,
      conversationId,
      async () => {
        await queryClient.ensureQueryData(messagesQuery(conversationId));
        return setupFromConversation(await queryClient.ensureQueryData(conversationQuery(conversationId)));
      },
      {
        onConversationSaved: (conversation) => hooksRef.current.onConversationSaved?.(conversation),
        onFinal: (event, first) => hooksRef.current.onFinal?.(event, first),
        onConnectionError: () => hooksRef.current.onConnectionError?.(),
        onConversationDeleted: () => hooksRef.current.onConversationDeleted?.(),
      },
    );
  }, [conversationId, isNew, queryClient]);

  useEffect(() => {
    if (messages.some((m) => !m.isCreatedByUser)) preloadMarkdown();
  }, [messages]);

  // The handlers read the latest state through a ref, so their identity never changes (memoised rows).
  const latest = useRef({ thread, messages, setup, submitting, isNew, props, streamHooks });
  useLayoutEffect(() => {
    latest.current = { thread, messages, setup, submitting, isNew, props, streamHooks };
  });

  const onLoadOlder = useMemo(
    () => () => {
      const first = latest.current.thread[0]?.message;
      if (!first) return;
      loadOlder(queryClient, conversationId, first).catch((error: unknown) => {
        console.warn('Could not load older messages', error);
        showErrorToast(t('com_ui_load_older_failed'));
      });
    },
    [queryClient, conversationId, t],
  );
  const clearReveal = useMemo(
    () => () => usePathStore.getState().update(conversationId, () => ({ reveal: null })),
    [conversationId],
  );
  const submit = (submission: Submission, optimistic: Message[], target: StreamTarget): boolean => {
    const state = latest.current;
    if (!state.setup || state.submitting || state.props.blocked || state.props.conversationId === 'search')
      return false;
    const call = buildChatCall(submission, state.setup, state.isNew ? null : state.props.conversationId);
    if (state.isNew && state.props.isTemporary?.()) call.body.isTemporary = true;
    const started = startChat(queryClient, {
      call,
      setup: state.setup,
      conversationKey: state.props.conversationId,
      target,
      optimistic,
      hooks: state.streamHooks,
    });
    if (started) {
      // The thread follows the newest message: the reply being sent.
      usePathStore.getState().update(state.props.conversationId, () => ({ leafId: null }));
      useChatUiStore.getState().setEditing(null);
      setScrollSignal((n) => n + 1);
    }
    return started;
  };

  const placeholderFor = (parentMessageId: string, now: number, text = '') => {
    const state = latest.current;
    return placeholderReply({
      messageId: crypto.randomUUID(),
      parentMessageId,
      conversationId: state.props.conversationId,
      sender: replySender(state.setup ?? {}, state.setup?.model, state.props.modelDisplayLabel),
      model: state.setup?.model,
      endpoint: state.setup?.endpoint,
      text,
      now: new Date(now + 1).toISOString(),
    });
  };

  const send = (text: string): boolean => {
    const trimmed = text.trim();
    if (trimmed === '') return false;
    void MessageList.preload();
    const state = latest.current;
    const parent = state.thread.at(-1)?.message ?? null;
    const now = Date.now();
    const attachments = state.props.attachments;
    const files = attachments?.ready ?? [];
    const user = newUserMessage({
      conversationId: state.props.conversationId,
      parentMessageId: parent?.messageId ?? NO_PARENT,
      text: trimmed,
      now: new Date(now).toISOString(),
      files,
    });
    const reply = placeholderFor(user.messageId, now);
    const started = submit({ kind: 'new', text: trimmed, parent, files }, [user, reply], {
      conversationId: state.isNew ? null : state.props.conversationId,
      userMessageId: user.messageId,
      responseMessageId: reply.messageId,
    });
    if (started) attachments?.onSent();
    return started;
  };

  const userParentOf = (message: Message): Message | null => {
    const parent = latest.current.messages.find((m) => m.messageId === message.parentMessageId);
    if (parent?.isCreatedByUser) return parent;
    console.warn('Regenerate and continue need the reply to follow a user message');
    return null;
  };

  const handlers = useMemo<MessageHandlers>(
    () => ({
      selectSibling: (message, index) => {
        const { thread: entries, props: current } = latest.current;
        const entry = entries.find((e) => e.message.messageId === message.messageId);
        const siblingId = entry?.siblingIds[index];
        if (!siblingId) return;
        const conversationKey = current.conversationId;
        // A sibling already loaded shows at once; its branch, down to its newest leaf, follows from the server.
        if (latest.current.messages.some((m) => m.messageId === siblingId)) {
          usePathStore.getState().update(conversationKey, () => ({ leafId: siblingId }));
        }
        openBranch(queryClient, conversationKey, siblingId).catch((error: unknown) => {
          console.warn('Could not open the branch', error);
          showErrorToast(t('com_ui_load_older_failed'));
        });
      },
      edit: (messageId) => useChatUiStore.getState().setEditing(messageId),
      save: (message, text) => {
        useChatUiStore.getState().setEditing(null);
        if (text === message.text) return;
        updateMessage.mutate({ message, text }, { onError: () => showErrorToast(t('com_ui_save_failed')) });
      },
      saveAndSubmit: (message, text) => {
        const now = Date.now();
        if (message.isCreatedByUser) {
          const user = newUserMessage({
            conversationId: message.conversationId,
            parentMessageId: message.parentMessageId,
            text: text.trim(),
            now: new Date(now).toISOString(),
            files: message.files,
          });
          const reply = placeholderFor(user.messageId, now);
          submit({ kind: 'edit-user', userMessage: message, text }, [user, reply], {
            conversationId: message.conversationId,
            userMessageId: user.messageId,
            responseMessageId: reply.messageId,
          });
          return;
        }
        const parent = userParentOf(message);
        if (!parent) return;
        const reply = placeholderFor(parent.messageId, now, text);
        submit({ kind: 'edit-reply', userMessage: parent, reply: message, text }, [reply], {
          conversationId: message.conversationId,
          userMessageId: parent.messageId,
          responseMessageId: reply.messageId,
        });
      },
      regenerate: (message) => {
        const parent = userParentOf(message);
        if (!parent) return;
        const reply = placeholderFor(parent.messageId, Date.now());
        submit({ kind: 'regenerate', userMessage: parent }, [reply], {
          conversationId: message.conversationId,
          userMessageId: parent.messageId,
          responseMessageId: reply.messageId,
        });
      },
      continue: (message) => {
        const parent = userParentOf(message);
        if (!parent) return;
        submit({ kind: 'continue', userMessage: parent, reply: message }, [], {
          conversationId: message.conversationId,
          userMessageId: parent.messageId,
          responseMessageId: message.messageId,
        });
      },
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reads everything else through `latest`
    [],
  );

  if (conversationId === 'search') return null;

  const showLanding = thread.length === 0 && (isNew || messagesResult.isSuccess);
  return (
    <div className="flex h-full min-h-0 flex-col">
      <h1 className="sr-only">{isNew ? t('com_ui_new_chat') : t('com_chat_conversation')}</h1>
      {props.topBar}
      {showLanding ? (
        <Landing
          kind={kind}
          iconURL={props.iconURL}
          greeting={props.greeting}
          showBirthdayIcon={props.showBirthdayIcon}
          hero={props.landingHero}
          onExample={(text) => setSeed((old) => ({ id: (old?.id ?? 0) + 1, text }))}
        />
      ) : messagesResult.isError && thread.length === 0 ? (
        <div className="flex flex-1 items-center justify-center px-4 text-sm text-neutral-500 dark:text-neutral-400">
          {t('com_ui_nothing_found')}
        </div>
      ) : thread.length === 0 ? (
        // The list mounts with its first page, so it opens where the conversation does (message-list.tsx).
        listPlaceholder
      ) : (
        <Suspense fallback={listPlaceholder}>
          <MessageList
            conversationKey={conversationId}
            thread={thread}
            user={props.user}
            showUsername={usernameDisplay}
            kind={kind}
            iconURL={props.iconURL}
            streamingMessageId={submitting ? (active?.responseMessageId ?? null) : null}
            submitting={submitting}
            editingMessageId={editingMessageId}
            latex={latexParsing}
            autoScroll={autoScroll}
            scrollSignal={scrollSignal}
            handlers={handlers}
            hasOlder={hasOlder}
            loadingOlder={path.loadingOlder}
            onLoadOlder={onLoadOlder}
            revealMessageId={path.reveal}
            onRevealed={clearReveal}
          />
        </Suspense>
      )}
      {!showLanding && (
        <ContextStrip
          context={path.context}
          kept={conversation?.turnContext}
          credits={conversation?.credits}
        />
      )}
      {props.inputStandIn ?? (
        <ChatInput
          resetKey={focusKey}
          seed={seed}
          placeholder={
            props.endpointLabel ? t('com_ui_message_placeholder', { endpoint: props.endpointLabel }) : ''
          }
          submitting={submitting}
          stopping={active?.stopping ?? false}
          blocked={blocked || setup === null}
          notice={props.blockedNotice}
          enterToSend={enterToSend}
          onSend={send}
          onStop={() => void stopChat()}
          attachments={props.attachments}
        />
      )}
    </div>
  );
}
