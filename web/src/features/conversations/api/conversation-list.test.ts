import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { Conversation } from '@parley/shared/schemas/conversation';
import { slowList } from '../../../test/slow-list';
import type { ConversationPages } from '../conversation-cache';
import { CONVERSATIONS_PATH, conversationListQuery, conversationSaved } from './conversations';

const convo = (id: string): Conversation => ({
  conversationId: id,
  title: id,
  user: 'u',
  endpoint: 'openAI',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

/** The sidebar: an observer that keeps the list query active, as the mounted sidebar does. */
/** The server's list of conversations, its reads slow (see slowList), as the list query's pages. */
function slowServer(initial: string[]) {
  const list = slowList<string>(initial);
  return {
    ...list,
    queryFn: async () => ({ conversations: (await list.queryFn()).map(convo), nextCursor: null }),
    save: list.add,
  };
}

function sidebar(server: ReturnType<typeof slowServer>) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const observer = new InfiniteQueryObserver(queryClient, {
    ...conversationListQuery,
    queryFn: server.queryFn,
  });
  const stop = observer.subscribe(() => {});
  stops.push(stop);
  const listed = () =>
    queryClient
      .getQueryData<ConversationPages>([CONVERSATIONS_PATH])
      ?.pages.flatMap((page) => page.conversations.map((c) => c.conversationId));
  return { queryClient, listed };
}

const stops: (() => void)[] = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));

describe('the sidebar list and a chat saved while the list is being read', () => {
  it('shows a chat created while the first list is still loading', async () => {
    const server = slowServer([]);
    const { queryClient, listed } = sidebar(server);
    await expect.poll(server.reads).toBe(1);

    server.save('new');
    conversationSaved(queryClient, convo('new'));
    server.land();

    await expect.poll(listed).toEqual(['new']);
    await expect.poll(() => queryClient.isFetching()).toBe(0);
    expect(listed()).toEqual(['new']);
  });

  it('keeps a chat saved while the list is read again', async () => {
    const server = slowServer(['old']);
    server.land();
    const { queryClient, listed } = sidebar(server);
    await expect.poll(listed).toEqual(['old']);

    server.hold();
    void queryClient.invalidateQueries({ queryKey: [CONVERSATIONS_PATH] });
    await expect.poll(server.reads).toBe(2);
    server.save('new');
    conversationSaved(queryClient, convo('new'));
    expect(listed()).toEqual(['new', 'old']);
    server.land();

    await expect.poll(listed).toEqual(['new', 'old']);
    // Settled: the stale read did not put the old list back once it landed.
    await expect.poll(() => queryClient.isFetching()).toBe(0);
    expect(listed()).toEqual(['new', 'old']);
  });
});
