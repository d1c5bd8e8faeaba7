import type { QueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import { z } from 'zod';
import { NO_PARENT } from '@parley/shared/constants';
import type { Message } from '@parley/shared/schemas/message';
import { PATH_PAGE_DEFAULT, PATH_PAGE_MAX } from '@parley/shared/schemas/message-path';
import type { TurnContext } from '@parley/shared/stream/events';
import { apiGet, apiPost } from '../../../lib/api-client';
import { messagePathResponseSchema } from './message-list-schema';

type PathPage = z.infer<typeof messagePathResponseSchema>;

/**
 * What the chat knows of a conversation's tree beyond its loaded messages (API.md "Long conversations"):
 * the server's reply ids per parent (the pagers), the leaf on screen (null: the newest loaded message, where
 * a reply being sent is), and the messages known to start their path (nothing older to load above them).
 */
export interface ConversationPath {
  siblings: Record<string, string[]>;
  leafId: string | null;
  tops: Record<string, true>;
  loadingOlder: boolean;
  /** A search result to bring into view and highlight. */
  reveal: string | null;
  /** What the prompt of the latest turn held (its `created` event), for the gauge and the notice. */
  context: TurnContext | null;
}

interface PathStore {
  paths: Record<string, ConversationPath>;
  update: (conversationId: string, change: (path: ConversationPath) => Partial<ConversationPath>) => void;
}

const EMPTY_PATH: ConversationPath = {
  siblings: {},
  leafId: null,
  tops: {},
  loadingOlder: false,
  reveal: null,
  context: null,
};

export const usePathStore = create<PathStore>()((set) => ({
  paths: {},
  update: (conversationId, change) =>
    set((state) => {
      const current = state.paths[conversationId] ?? EMPTY_PATH;
      return { paths: { ...state.paths, [conversationId]: { ...current, ...change(current) } } };
    }),
}));

export const selectPath = (conversationId: string) => (state: PathStore) =>
  state.paths[conversationId] ?? EMPTY_PATH;

const pathUrl = (conversationId: string, query: Record<string, string | number>) =>
  `/api/messages/${conversationId}?${new URLSearchParams(
    Object.entries(query).map(([key, value]) => [key, String(value)]),
  ).toString()}`;

/** Records a page's reply ids, and its oldest message as the top of its path when nothing is older. */
function remember(conversationId: string, page: PathPage, leafId?: string | null): void {
  usePathStore.getState().update(conversationId, (path) => {
    const oldest = page.messages[0];
    return {
      siblings: { ...path.siblings, ...page.siblings },
      tops: !page.hasMore && oldest ? { ...path.tops, [oldest.messageId]: true } : path.tops,
      ...(leafId !== undefined ? { leafId } : {}),
    };
  });
}

/** The loaded messages with the page's added (a message loaded twice keeps its newer copy). */
export function mergeMessages(loaded: readonly Message[], page: readonly Message[]): Message[] {
  const ids = new Set(page.map((message) => message.messageId));
  return [...page, ...loaded.filter((message) => !ids.has(message.messageId))];
}

/**
 * The first page of the conversation's path (its kept leaf, else its newest message): the messages for the
 * cache, the rest into the path store.
 */
export async function fetchFirstPage(conversationId: string, signal?: AbortSignal): Promise<Message[]> {
  const page = await apiGet(
    pathUrl(conversationId, { limit: PATH_PAGE_DEFAULT }),
    messagePathResponseSchema,
    {
      signal,
    },
  );
  remember(conversationId, page, page.messages.at(-1)?.messageId ?? null);
  return page.messages;
}

/** Whether older messages may be loaded above `top` (the first message of the thread on screen). */
export function hasOlderAbove(path: ConversationPath, top: Message | undefined): boolean {
  return top !== undefined && top.parentMessageId !== NO_PARENT && !path.tops[top.messageId];
}

const messagesKey = (conversationId: string) => [`/api/messages/${conversationId}`];

/** Loads the messages above `top` on its path into the cache; `limit` per request. Resolves to what came. */
export async function loadOlder(
  queryClient: QueryClient,
  conversationId: string,
  top: Message,
  limit = PATH_PAGE_DEFAULT,
): Promise<Message[]> {
  const store = usePathStore.getState();
  if (selectPath(conversationId)(store).loadingOlder) return [];
  store.update(conversationId, () => ({ loadingOlder: true }));
  try {
    const page = await apiGet(
      pathUrl(conversationId, { before: top.messageId, limit }),
      messagePathResponseSchema,
    );
    queryClient.setQueryData<Message[]>(messagesKey(conversationId), (old) =>
      mergeMessages(old ?? [], page.messages),
    );
    remember(conversationId, page);
    if (page.messages.length === 0) {
      store.update(conversationId, (path) => ({ tops: { ...path.tops, [top.messageId]: true } }));
    }
    return page.messages;
  } finally {
    usePathStore.getState().update(conversationId, () => ({ loadingOlder: false }));
  }
}

/** Each conversation's last leaf write: writes go one after another, so the last one chosen is the one kept. */
const leafWrites = new Map<string, Promise<void>>();

/**
 * Keeps the leaf on the server, so the conversation reopens there on any device (a failure only logs). Two
 * quick pager clicks would otherwise race on the wire and leave the first one kept.
 */
function keepLeaf(conversationId: string, leafId: string): void {
  const previous = leafWrites.get(conversationId) ?? Promise.resolve();
  const write = previous
    .then(() =>
      apiPost('/api/convos/update', { arg: { conversationId, currentLeafId: leafId } }, z.unknown(), {
        keepalive: true,
      }),
    )
    .then(
      () => undefined,
      (error: unknown) => console.warn('Could not keep the conversation leaf', error),
    );
  leafWrites.set(conversationId, write);
  void write.finally(() => {
    if (leafWrites.get(conversationId) === write) leafWrites.delete(conversationId);
  });
}

/**
 * Shows the branch through `messageId` (a sibling chosen with the pager, or a search result): its path is
 * loaded down to its newest leaf, which becomes the leaf on screen and the conversation's kept leaf.
 */
export async function openBranch(
  queryClient: QueryClient,
  conversationId: string,
  messageId: string,
): Promise<Message[]> {
  const page = await apiGet(
    pathUrl(conversationId, { leaf: messageId, limit: PATH_PAGE_DEFAULT }),
    messagePathResponseSchema,
  );
  queryClient.setQueryData<Message[]>(messagesKey(conversationId), (old) =>
    mergeMessages(old ?? [], page.messages),
  );
  const leafId = page.messages.at(-1)?.messageId ?? null;
  remember(conversationId, page, leafId);
  if (leafId) keepLeaf(conversationId, leafId);
  return page.messages;
}

/**
 * A search result: its branch is opened, older pages (the largest the server gives) are loaded until the
 * message is among them, and it is marked to be brought into view.
 */
export async function revealMessage(
  queryClient: QueryClient,
  conversationId: string,
  messageId: string,
): Promise<boolean> {
  let page = await openBranch(queryClient, conversationId, messageId);
  const found = () => page.some((message) => message.messageId === messageId);
  while (!found() && page[0] && page[0].parentMessageId !== NO_PARENT) {
    page = await loadOlder(queryClient, conversationId, page[0], PATH_PAGE_MAX);
    if (page.length === 0) break;
  }
  if (!found()) return false;
  usePathStore.getState().update(conversationId, () => ({ reveal: messageId }));
  return true;
}
