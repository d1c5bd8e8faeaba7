import type { QueryClient } from '@tanstack/react-query';
import { DEFAULT_TITLE } from '@parley/shared/constants';
import type { Conversation } from '@parley/shared/schemas/conversation';
import type { Message } from '@parley/shared/schemas/message';
import {
  chatEventSchema,
  finalEventSchema,
  type ChatEvent,
  type FinalEvent,
} from '@parley/shared/stream/events';
import { apiFetch } from '../../../lib/api-client';
import { usePathStore } from '../api/message-path';
import { conversationPath, putConversation } from '../../../lib/conversation-query';
import { messagesPath } from '../api/messages';
import { abortPath, type ChatCall, type ConversationSetup } from '../logic/build-request';
import { errorText } from '../logic/error-text';
import { applyChatEvents, type StreamTarget } from './apply-chat-event';
import { useStreamStore } from './stream-store';
import { readAgain } from '../../../lib/update-cached-list';

/**
 * The event-stream reader (with eventsource-parser) is a chunk of its own: /c/new renders without it. A run
 * asks for it as its request goes out, so it is in by the time the response is.
 */
const loadEventStreamReader = () => import('../../../lib/sse');

/** For an idle prefetch: the first send then finds the reader loaded. */
export const eventStreamReader = {
  preload: (): Promise<void> =>
    loadEventStreamReader().then(
      () => undefined,
      () => undefined,
    ),
};

/** What the rest of the app learns from a running reply (wired by the chat screen, which the app composes). */
export interface StreamHooks {
  /** `created` named a new conversation: leave /c/new for it. */
  onConversationCreated?: (conversationId: string) => void;
  /** The conversation was saved or changed (list order, title). */
  onConversationSaved?: (conversation: Conversation) => void;
  /** `final` arrived; `firstExchange` when it ended the first exchange of a new conversation. */
  onFinal?: (event: FinalEvent, firstExchange: boolean) => void;
  /** The server could not be reached (SPEC §8 "Error connecting to server"). */
  onConnectionError?: () => void;
  /** Stop failed (SPEC §4: "Error cancelling request"). */
  onCancelError?: () => void;
  /** The conversation was deleted while its reply was being generated: the run ended, nothing was saved. */
  onConversationDeleted?: () => void;
}

interface Run {
  queryClient: QueryClient;
  setup: ConversationSetup;
  hooks: StreamHooks;
  conversationKey: string;
  target: StreamTarget;
  isNewConversation: boolean;
  lastEventId: string | undefined;
  pending: ChatEvent[];
  frame: number | null;
  controller: AbortController;
  finished: boolean;
  /**
   * Only asking whether a reply is running here (opening a chat): nothing is on screen for it yet, so a
   * person's ask takes its place rather than being ignored until the server answers.
   */
  probing: boolean;
}

const EVENT_STREAM = { Accept: 'text/event-stream' };
const RESUME_ATTEMPTS = 3;
const RESUME_BACKOFF_MS = 600;
/** SPEC §9: a partial text this long or shorter is not worth keeping in an error. */
const PARTIAL_TEXT_THRESHOLD = 45;

let current: Run | null = null;

export const resumePath = (conversationId: string) => `/api/ask/stream/${conversationId}`;

function readMessages(run: Run): Message[] {
  return run.queryClient.getQueryData<Message[]>([messagesPath(run.conversationKey)]) ?? [];
}

function writeMessages(run: Run, messages: Message[]): void {
  run.queryClient.setQueryData<Message[]>([messagesPath(run.conversationKey)], messages);
}

function updateReply(run: Run, update: (message: Message) => Message | null): void {
  const next: Message[] = [];
  for (const message of readMessages(run)) {
    if (message.messageId !== run.target.responseMessageId) next.push(message);
    else {
      const updated = update(message);
      if (updated) next.push(updated);
    }
  }
  writeMessages(run, next);
}

function apply(run: Run, events: readonly ChatEvent[]): void {
  if (events.length === 0) return;
  const next = applyChatEvents(
    { messages: readMessages(run), target: run.target },
    events,
    new Date().toISOString(),
  );
  run.target = next.target;
  writeMessages(run, [...next.messages]);
}

/** Deltas are applied once per animation frame, however fast they come (ARCHITECTURE §5). */
function flush(run: Run): void {
  if (run.frame !== null) cancelAnimationFrame(run.frame);
  run.frame = null;
  const events = run.pending;
  run.pending = [];
  apply(run, events);
}

function setActive(run: Run | null, patch: { stopping?: boolean } = {}): void {
  if (!run || run.finished) {
    useStreamStore.setState({ active: null });
    return;
  }
  useStreamStore.setState((state) => ({
    active: {
      conversationKey: run.conversationKey,
      conversationId: run.target.conversationId,
      responseMessageId: run.target.responseMessageId,
      stopping: patch.stopping ?? state.active?.stopping ?? false,
    },
  }));
}

function finish(run: Run): void {
  flush(run);
  run.finished = true;
  if (current === run) {
    current = null;
    setActive(null);
  }
}

function onCreated(run: Run, event: Extract<ChatEvent, { type: 'created' }>): void {
  flush(run);
  const fromKey = run.conversationKey;
  apply(run, [event]);
  const conversationId = event.conversationId;
  // What the prompt held: the context gauge and the "not sent to the model" notice.
  usePathStore.getState().update(conversationId, () => ({ context: event.context ?? null }));
  if (fromKey !== conversationId) {
    const messages = readMessages(run);
    run.conversationKey = conversationId;
    writeMessages(run, messages);
    const now = new Date().toISOString();
    const provisional: Conversation = {
      ...run.setup,
      conversationId,
      title: DEFAULT_TITLE,
      user: '',
      createdAt: now,
      updatedAt: now,
    };
    const conversation =
      run.queryClient.getQueryData<Conversation>([conversationPath(conversationId)]) ?? provisional;
    run.queryClient.setQueryData([conversationPath(conversationId)], conversation);
    run.hooks.onConversationSaved?.(conversation);
    run.hooks.onConversationCreated?.(conversationId);
  }
  setActive(run);
}

function onFinal(run: Run, event: FinalEvent): void {
  flush(run);
  if (run.finished) return;
  if (event.info !== undefined) {
    // The conversation was deleted meanwhile (another tab): nothing was saved, nothing is put back in a cache.
    finish(run);
    run.hooks.onConversationDeleted?.();
    return;
  }
  apply(run, [event]);
  putConversation(run.queryClient, event.conversation);
  // Its cost so far now holds this turn's: read again (the cached one shows meanwhile).
  void readAgain(run.queryClient, {
    queryKey: [conversationPath(event.conversation.conversationId)],
    exact: true,
  });
  finish(run);
  run.hooks.onConversationSaved?.(event.conversation);
  run.hooks.onFinal?.(event, run.isNewConversation);
}

function handle(run: Run, data: string, id: string | undefined): void {
  if (run.finished) return;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    console.warn('Chat stream: an event that is not JSON was skipped');
    return;
  }
  const parsed = chatEventSchema.safeParse(json);
  if (!parsed.success) {
    console.warn('Chat stream: an unknown event was skipped', parsed.error);
    return;
  }
  if (id) run.lastEventId = id;
  const event = parsed.data;
  switch (event.type) {
    case 'created':
      onCreated(run, event);
      return;
    case 'final':
      onFinal(run, event);
      return;
    case 'text':
    case 'content':
      run.pending.push(event);
      run.frame ??= requestAnimationFrame(() => {
        run.frame = null;
        flush(run);
      });
      return;
    case 'sync':
      flush(run);
      apply(run, [event]);
      if (event.thread_id) {
        // Assistants: the thread the run is on; the next message of the conversation goes to it.
        const threadId = event.thread_id;
        run.setup = { ...run.setup, thread_id: threadId };
        run.queryClient.setQueryData<Conversation>(
          [conversationPath(event.conversationId)],
          (old) => old && { ...old, thread_id: threadId },
        );
      }
      if (event.title) {
        const key = [conversationPath(event.conversationId)];
        const title = event.title;
        run.queryClient.setQueryData<Conversation>(key, (old) => old && { ...old, title });
        const saved = run.queryClient.getQueryData<Conversation>(key);
        if (saved) run.hooks.onConversationSaved?.(saved);
      }
      setActive(run);
      return;
    case 'error':
      flush(run);
      apply(run, [event]);
      setActive(run);
      return;
  }
}

/** Reads one response; resolves true once `final` was applied, false when the stream ended without it. */
async function consume(run: Run, response: Response): Promise<boolean> {
  try {
    const { readEventStream } = await loadEventStreamReader();
    await readEventStream(
      response,
      (message) => handle(run, message.data, message.id),
      run.controller.signal,
    );
  } catch (error) {
    if (run.controller.signal.aborted) return true;
    console.warn('Chat stream dropped', error);
  }
  flush(run);
  return run.finished;
}

/**
 * A refusal that was saved (a balance or budget 402, API.md "Chat") carries the saved turn as `final`: it is
 * taken as `created` and `final` would be, so the thread is the saved one and a new chat leaves /c/new.
 */
function adoptSavedTurn(run: Run, saved: unknown): boolean {
  const parsed = finalEventSchema.safeParse(saved);
  if (!parsed.success) return false;
  const final = parsed.data;
  onCreated(run, {
    type: 'created',
    created: true,
    message: final.requestMessage,
    responseMessageId: final.responseMessage.messageId,
    conversationId: final.conversation.conversationId,
  });
  onFinal(run, final);
  return true;
}

/** A plain JSON error before streaming (API.md): the reply shows it, typed by its `code` (SPEC §8). */
async function failBeforeStream(run: Run, response: Response): Promise<void> {
  const body = await response.text().catch(() => '');
  let text = body || `${response.status} ${response.statusText}`;
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      const { final, ...fields } = parsed as Record<string, unknown>;
      if (final !== undefined && adoptSavedTurn(run, final)) return;
      text = JSON.stringify({ ...fields, type: fields.code ?? fields.type ?? 'unknown' });
    }
  } catch {
    // not JSON: the raw text is shown (first 512 characters).
  }
  updateReply(run, (reply) => ({ ...reply, text, error: true, unfinished: false }));
  finish(run);
}

function connectionLost(run: Run): void {
  if (run.isNewConversation && run.target.conversationId === null) writeMessages(run, []);
  else
    updateReply(run, (reply) =>
      reply.text === ''
        ? { ...reply, text: errorText('connection'), error: true }
        : { ...reply, unfinished: true },
    );
  finish(run);
  run.hooks.onConnectionError?.();
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A dropped connection re-attaches with `Last-Event-ID` (API.md): the reply never depends on the connection. */
async function reattach(run: Run): Promise<void> {
  for (let attempt = 1; attempt <= RESUME_ATTEMPTS && !run.finished; attempt += 1) {
    const conversationId = run.target.conversationId;
    if (!conversationId) break;
    await wait(RESUME_BACKOFF_MS * attempt);
    if (run.finished) return;
    let response: Response;
    try {
      const headers: Record<string, string> = { ...EVENT_STREAM };
      if (run.lastEventId) headers['Last-Event-ID'] = run.lastEventId;
      const key = run.target.responseMessageId
        ? `${conversationId}:${run.target.responseMessageId}`
        : conversationId;
      response = await apiFetch('GET', resumePath(key), undefined, {
        headers,
        signal: run.controller.signal,
      });
    } catch {
      continue;
    }
    if (response.status === 404) {
      // Nothing runs any more: the reply was saved meanwhile, so the saved messages are the truth.
      finish(run);
      await readAgain(run.queryClient, { queryKey: [messagesPath(conversationId)] });
      return;
    }
    if (!response.ok) continue;
    if (await consume(run, response)) return;
  }
  if (!run.finished) connectionLost(run);
}

async function drive(run: Run, open: () => Promise<Response>): Promise<void> {
  let response: Response;
  try {
    response = await open();
  } catch (error) {
    if (!run.controller.signal.aborted) {
      console.warn('Chat request failed', error);
      connectionLost(run);
    }
    return;
  }
  if (!response.ok) {
    await failBeforeStream(run, response);
    return;
  }
  if (await consume(run, response)) return;
  await reattach(run);
}

interface StartInput {
  call: ChatCall;
  setup: ConversationSetup;
  conversationKey: string;
  target: StreamTarget;
  /** The optimistic messages (user message and placeholder reply) to add before the request goes out. */
  optimistic: Message[];
  hooks: StreamHooks;
}

/** Sends a message and streams its reply into the messages cache. Ignored while another reply runs. */
export function startChat(queryClient: QueryClient, input: StartInput): boolean {
  if (current && !current.finished) {
    if (!current.probing) return false;
    current.controller.abort();
    current.finished = true;
  }
  const run: Run = {
    queryClient,
    setup: input.setup,
    hooks: input.hooks,
    conversationKey: input.conversationKey,
    target: input.target,
    isNewConversation: input.target.conversationId === null,
    lastEventId: undefined,
    pending: [],
    frame: null,
    controller: new AbortController(),
    finished: false,
    probing: false,
  };
  current = run;
  const existing = run.isNewConversation ? [] : readMessages(run);
  const optimisticIds = new Set(input.optimistic.map((m) => m.messageId));
  writeMessages(run, [...existing.filter((m) => !optimisticIds.has(m.messageId)), ...input.optimistic]);
  setActive(run);
  void loadEventStreamReader().catch(() => undefined);
  void drive(run, () =>
    apiFetch('POST', input.call.path, input.call.body, {
      headers: EVENT_STREAM,
      signal: run.controller.signal,
    }),
  );
  return true;
}

/**
 * After a reload (or on opening a conversation), re-attaches to a reply still being generated there; a 404
 * means there is none. The saved messages are loaded first so the stream lands on the whole thread.
 */
export async function resumeChat(
  queryClient: QueryClient,
  conversationId: string,
  /** Loads the saved messages and the conversation; resolves to the conversation's setup (for Stop). */
  load: () => Promise<ConversationSetup>,
  hooks: StreamHooks,
): Promise<void> {
  if (current && !current.finished) return;
  const run: Run = {
    queryClient,
    setup: { endpoint: '', model: '' },
    hooks,
    conversationKey: conversationId,
    target: { conversationId, userMessageId: '', responseMessageId: '' },
    isNewConversation: false,
    lastEventId: undefined,
    pending: [],
    frame: null,
    controller: new AbortController(),
    finished: false,
    probing: true,
  };
  current = run;
  void loadEventStreamReader().catch(() => undefined);
  let response: Response;
  try {
    // `optional`: nothing running (the usual case) is a 204, not a 404 logged in red on every chat opened.
    response = await apiFetch('GET', `${resumePath(conversationId)}?optional=true`, undefined, {
      headers: EVENT_STREAM,
      signal: run.controller.signal,
    });
  } catch {
    response = new Response(null, { status: 503 });
  }
  if (!response.ok || response.status === 204 || run.finished) {
    await response.body?.cancel();
    run.finished = true;
    if (current === run) current = null;
    return;
  }
  run.probing = false;
  try {
    run.setup = await load();
  } catch (error) {
    console.warn('Could not load the conversation to resume', error);
    run.controller.abort();
    finish(run);
    return;
  }
  setActive(run);
  if (!(await consume(run, response))) await reattach(run);
}

/** The reply's text so far, kept in an error only when it is long enough to matter (SPEC §4 Stop). */
function partialText(run: Run): string {
  const reply = readMessages(run).find((m) => m.messageId === run.target.responseMessageId);
  return reply && reply.text.length > PARTIAL_TEXT_THRESHOLD ? reply.text : '';
}

/** SPEC §4 Stop or cancel: abort on the server; its answer is the `final` that the stream would have sent. */
export async function stopChat(): Promise<void> {
  const run = current;
  if (!run || run.finished) return;
  setActive(run, { stopping: true });
  const conversationId = run.target.conversationId;
  if (!conversationId) {
    // Nothing to name on the server yet: stop listening; what was generated is saved and shows on reload.
    run.controller.abort();
    updateReply(run, (reply) => (reply.text === '' ? null : { ...reply, unfinished: true }));
    finish(run);
    return;
  }
  try {
    const response = await apiFetch('POST', abortPath(run.setup), {
      // This tab's reply, not whichever one another tab started since in the same conversation.
      abortKey: run.target.responseMessageId
        ? `${conversationId}:${run.target.responseMessageId}`
        : conversationId,
      endpoint: run.setup.endpoint,
    });
    if (response.status === 404) {
      // Already over: the stream delivers its own final; the button just stops spinning.
      await response.body?.cancel();
      if (current === run) {
        current = null;
        setActive(null);
      }
      return;
    }
    if (response.ok) {
      const json: unknown = await response.json().catch(() => null);
      const parsed = finalEventSchema.safeParse({ ...(json as object), type: 'final', final: true });
      run.controller.abort();
      if (parsed.success) onFinal(run, parsed.data);
      else {
        updateReply(run, (reply) => ({ ...reply, unfinished: true }));
        finish(run);
      }
      return;
    }
    await response.body?.cancel();
    throw new Error(`Abort answered ${response.status}`);
  } catch (error) {
    console.warn('Stop failed', error);
    if (run.finished) return;
    const partial = partialText(run);
    run.controller.abort();
    updateReply(run, (reply) => ({ ...reply, text: errorText('cancel_failed', { partial }), error: true }));
    finish(run);
    run.hooks.onCancelError?.();
  }
}

/** Whether a reply is running anywhere in this tab. */
export function isStreaming(): boolean {
  return current !== null && !current.finished;
}
