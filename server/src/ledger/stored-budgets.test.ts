import type { Budget } from '@parley/shared/schemas/budget';
import { describe, expect, it } from 'vitest';
import { createMemoryAbortBus } from '../coordination/memory-generation-log';
import { createStoredBudgets, STORED_BUDGETS_TTL_MS } from './stored-budgets';

const budget = (id: string): Budget => ({
  id,
  scope: 'global',
  metric: 'requests',
  limit: 5,
  period: 'day',
  source: 'api',
});

/** What `load` reads: the table's rows now, and how often it was read. */
function table() {
  const state = { rows: [] as Budget[], reads: 0 };
  const load = () => {
    state.reads += 1;
    return Promise.resolve([...state.rows]);
  };
  return { state, load };
}

describe('the stored budgets an instance keeps', () => {
  it('reads the table once while its copy is fresh, and again once it is not', async () => {
    const { state, load } = table();
    let clock = 0;
    const stored = createStoredBudgets({ load, bus: createMemoryAbortBus(), now: () => clock });
    expect(await stored.list()).toEqual([]);
    expect(await stored.list()).toEqual([]);
    expect(state.reads).toBe(1);
    state.rows = [budget('a')];
    clock = STORED_BUDGETS_TTL_MS;
    expect(await stored.list()).toEqual([budget('a')]);
    expect(state.reads).toBe(2);
  });

  it('forgets its copy when this or another instance announces a change', async () => {
    const { state, load } = table();
    const bus = createMemoryAbortBus();
    const here = createStoredBudgets({ load, bus, now: () => 0 });
    const there = createStoredBudgets({ load, bus, now: () => 0 });
    await Promise.all([here.list(), there.list()]);
    state.rows = [budget('a')];
    await here.changed();
    expect(await here.list()).toEqual([budget('a')]);
    expect(await there.list()).toEqual([budget('a')]);
    expect(state.reads).toBe(4);
  });

  it('does not keep a list still on its way when a change was announced', async () => {
    const bus = createMemoryAbortBus();
    let rows: Budget[] = [];
    let finish = (): void => undefined;
    const load = () =>
      new Promise<Budget[]>((resolve) => {
        const seen = [...rows];
        finish = () => resolve(seen);
      });
    const stored = createStoredBudgets({ load, bus, now: () => 0 });
    const early = stored.list();
    rows = [budget('a')];
    await createStoredBudgets({ load: () => Promise.resolve([]), bus }).changed();
    finish();
    expect(await early).toEqual([]);
    const next = stored.list();
    finish();
    expect(await next).toEqual([budget('a')]);
  });

  it('does not keep a failed read', async () => {
    let fail = true;
    const load = () => (fail ? Promise.reject(new Error('database down')) : Promise.resolve([budget('a')]));
    const stored = createStoredBudgets({ load, bus: createMemoryAbortBus(), now: () => 0 });
    await expect(stored.list()).rejects.toThrow('database down');
    fail = false;
    expect(await stored.list()).toEqual([budget('a')]);
  });
});
