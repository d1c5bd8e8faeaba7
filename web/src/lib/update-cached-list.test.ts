import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { updateCachedList } from './update-cached-list';

const KEY = ['/api/things'];

/**
 * A list on the server whose reads answer with the list as it was when they arrived, but reach the client only
 * once `land()` is called: a read answered before a change lands after it.
 */
function slowList(initial: string[]) {
  const rows = [...initial];
  let open!: () => void;
  let gate = new Promise<void>((resolve) => (open = resolve));
  let reads = 0;
  return {
    queryFn: async () => {
      reads += 1;
      const answer = [...rows];
      await gate;
      return answer;
    },
    add: (row: string) => rows.unshift(row),
    land: () => open(),
    hold: () => (gate = new Promise<void>((resolve) => (open = resolve))),
    reads: () => reads,
  };
}

const stops: (() => void)[] = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));

/** A mounted screen showing the list: an observer keeps its query active. */
function shown(list: ReturnType<typeof slowList>) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  stops.push(new QueryObserver(queryClient, { queryKey: KEY, queryFn: list.queryFn }).subscribe(() => {}));
  return { queryClient, rows: () => queryClient.getQueryData<string[]>(KEY) };
}

const addRow = (row: string) => (old: string[] | undefined) => (old ? [row, ...old] : old);

describe('updateCachedList', () => {
  it('a row added while the first read is on its way is there once the list has loaded', async () => {
    const list = slowList([]);
    const { queryClient, rows } = shown(list);
    await expect.poll(list.reads).toBe(1);

    list.add('new');
    updateCachedList(queryClient, KEY, addRow('new'));
    list.land();

    await expect.poll(rows).toEqual(['new']);
    await expect.poll(() => queryClient.isFetching()).toBe(0);
    expect(rows()).toEqual(['new']);
  });

  it('a row added while the list is read again shows at once and stays', async () => {
    const list = slowList(['old']);
    list.land();
    const { queryClient, rows } = shown(list);
    await expect.poll(rows).toEqual(['old']);

    list.hold();
    void queryClient.invalidateQueries({ queryKey: KEY });
    await expect.poll(list.reads).toBe(2);
    list.add('new');
    updateCachedList(queryClient, KEY, addRow('new'));
    expect(rows()).toEqual(['new', 'old']);
    list.land();

    await expect.poll(() => queryClient.isFetching()).toBe(0);
    expect(rows()).toEqual(['new', 'old']);
  });

  it('reads nothing again when no read is on its way', async () => {
    const list = slowList(['old']);
    list.land();
    const { queryClient, rows } = shown(list);
    await expect.poll(rows).toEqual(['old']);

    updateCachedList(queryClient, KEY, addRow('new'));
    expect(rows()).toEqual(['new', 'old']);
    expect(queryClient.isFetching()).toBe(0);
    expect(list.reads()).toBe(1);
  });
});
