// The budgets made through the API, as the chat's admission reads them: kept per instance, so a chat where
// no budget exists sends no query for them, and forgotten on every instance as soon as one changes them
// (docs/decisions.md "The budgets list is kept per instance").
import type { Budget } from '@parley/shared/schemas/budget';
import { createInstanceCache, type InstanceCacheOptions } from '../coordination/instance-cache';

/** How long an instance trusts its copy (changes made through the app are forgotten at once everywhere). */
export const STORED_BUDGETS_TTL_MS = 5_000;

export interface StoredBudgets {
  /** The stored budgets, from this instance's copy while it is fresh. */
  list(): Promise<Budget[]>;
  /** Forgets the copy here and on every other instance; call it after a budget changed. */
  changed(): Promise<void>;
  /** Stops listening for changes. */
  close(): void;
}

export interface StoredBudgetsOptions extends Pick<InstanceCacheOptions<Budget[]>, 'bus' | 'now'> {
  load: () => Promise<Budget[]>;
  ttlMs?: number;
}

/** The one key of the cache: there is a single list. */
const ALL = 'all';

export function createStoredBudgets(options: StoredBudgetsOptions): StoredBudgets {
  const { load, ttlMs = STORED_BUDGETS_TTL_MS, ...rest } = options;
  const cache = createInstanceCache({ ...rest, name: 'budgets-changed', ttlMs, load: () => load() });
  return {
    list: () => cache.get(ALL),
    changed: () => cache.forget(ALL),
    close: () => cache.close(),
  };
}
