// The budgets made through the API, as the chat's admission reads them: kept per instance, so a chat where
// no budget exists sends no query for them, and forgotten on every instance (over the abort bus, Redis
// pub/sub with several) as soon as one changes them (docs/decisions.md "The budgets list is kept per
// instance").
import type { Budget } from '@parley/shared/schemas/budget';
import type { AbortBus } from '../coordination/generation-log';

/**
 * How long an instance trusts its copy. Changes made through the app are forgotten at once everywhere; this
 * bounds the rest: a change another instance missed (Redis down) or made outside the app (SQL).
 */
export const STORED_BUDGETS_TTL_MS = 5_000;

/** The abort-bus key a change of the stored budgets is announced on. */
export const BUDGETS_CHANGED_KEY = 'budgets-changed';

export interface StoredBudgets {
  /** The stored budgets, from this instance's copy while it is fresh. */
  list(): Promise<Budget[]>;
  /** Forgets the copy here and on every other instance; call it after a budget changed. */
  changed(): Promise<void>;
  /** Stops listening for changes. */
  close(): void;
}

export interface StoredBudgetsOptions {
  load: () => Promise<Budget[]>;
  /** Carries `changed` to every instance (the coordination's abort bus). */
  bus: Pick<AbortBus, 'listen' | 'abort'>;
  ttlMs?: number;
  /** Milliseconds since the epoch. */
  now?: () => number;
}

export function createStoredBudgets(options: StoredBudgetsOptions): StoredBudgets {
  const { load, bus } = options;
  const ttlMs = options.ttlMs ?? STORED_BUDGETS_TTL_MS;
  const now = options.now ?? Date.now;
  let copy: { list: Promise<Budget[]>; expiresAt: number } | undefined;
  // A change announced while a load is on its way drops that load's answer too: it may predate the change.
  const unlisten = bus.listen(BUDGETS_CHANGED_KEY, () => {
    copy = undefined;
  });
  return {
    list() {
      const at = now();
      if (copy && at < copy.expiresAt) return copy.list;
      const entry = { list: load(), expiresAt: at + ttlMs };
      copy = entry;
      // A failed load (database down) is not kept: the next chat asks again.
      entry.list.catch(() => {
        if (copy === entry) copy = undefined;
      });
      return entry.list;
    },
    async changed() {
      copy = undefined;
      await bus.abort(BUDGETS_CHANGED_KEY);
    },
    close() {
      copy = undefined;
      unlisten();
    },
  };
}
