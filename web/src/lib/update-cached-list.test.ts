import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { slowList } from '../test/slow-list';
import { readAgain, updateCachedList } from './update-cached-list';

const KEY = ['/api/things'];

const stops: (() => void)[] = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));

/** A mounted screen showing the list: an observer keeps its query active. */
function shown(list: ReturnType<typeof slowList<string>>) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  stops.push(new QueryObserver(queryClient, { queryKey: KEY, queryFn: list.queryFn }).subscribe(() => {}));
  return { queryClient, rows: () => queryClient.getQueryData<string[]>(KEY) };
}

const addRow = (row: string) => (old: string[] | undefined) => (old ? [row, ...old] : old);

describe('updateCachedList', () => {
  it('a row added while the first read is on its way is there once the list has loaded', async () => {
    const list = slowList<string>([]);
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

describe('readAgain', () => {
  it('a row added on the server while the first read is on its way is there once the list has loaded', async () => {
    const list = slowList<string>([]);
    const { queryClient, rows } = shown(list);
    await expect.poll(list.reads).toBe(1);

    list.add('new');
    const reading = readAgain(queryClient, { queryKey: KEY, exact: true });
    await expect.poll(list.reads).toBe(2);
    list.land();
    await reading;

    expect(rows()).toEqual(['new']);
    expect(queryClient.isFetching()).toBe(0);
  });

  it('reaches every list under a key: each read on its way is dropped and read again', async () => {
    const all = slowList<string>([]);
    const archived = slowList<string>([]);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    for (const [queryKey, list] of [
      [[...KEY, 'all'], all],
      [[...KEY, 'archived'], archived],
    ] as const) {
      stops.push(new QueryObserver(queryClient, { queryKey, queryFn: list.queryFn }).subscribe(() => {}));
    }
    await expect.poll(() => all.reads() + archived.reads()).toBe(2);

    all.add('new');
    archived.add('old');
    const reading = readAgain(queryClient, { queryKey: KEY });
    await expect.poll(() => all.reads() + archived.reads()).toBe(4);
    all.land();
    archived.land();
    await reading;

    expect(queryClient.getQueryData([...KEY, 'all'])).toEqual(['new']);
    expect(queryClient.getQueryData([...KEY, 'archived'])).toEqual(['old']);
  });
});
