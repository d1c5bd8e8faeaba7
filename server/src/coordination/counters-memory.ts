import type { Counters, CounterState } from './counters';

interface Entry {
  count: number;
  expiresAt: number;
}

/** How often expired counters are swept out of memory. */
const SWEEP_EVERY_MS = 60_000;

/** In-process counters: the default for a single server process. `close()` stops the sweeper. */
export function createMemoryCounters(now: () => number = Date.now): Counters & { close(): void } {
  const entries = new Map<string, Entry>();

  const live = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const stateOf = (entry: Entry): CounterState => ({
    count: entry.count,
    resetInMs: Math.max(1, entry.expiresAt - now()),
  });

  const sweeper = setInterval(() => {
    const at = now();
    for (const [key, entry] of entries) if (entry.expiresAt <= at) entries.delete(key);
  }, SWEEP_EVERY_MS);
  sweeper.unref();

  return {
    async increment(key, amount, windowMs) {
      const entry = live(key) ?? { count: 0, expiresAt: now() + windowMs };
      entry.count += amount;
      entries.set(key, entry);
      return stateOf(entry);
    },
    async peek(key) {
      const entry = live(key);
      return entry ? stateOf(entry) : null;
    },
    async set(key, value, ttlMs) {
      entries.set(key, { count: value, expiresAt: now() + ttlMs });
    },
    async delete(key) {
      entries.delete(key);
    },
    close() {
      clearInterval(sweeper);
      entries.clear();
    },
  };
}
