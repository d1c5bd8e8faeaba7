// Answers an instance keeps a few seconds so hot paths send no query for them, forgotten on every instance
// (over the abort bus, Redis pub/sub with several) as soon as one of them changes what was read. Serves the
// account status of each request and the stored budgets of each chat.
import type { AbortBus } from './generation-log';

export interface InstanceCache<V> {
  /** The value for `key`, from this instance's copy while it is fresh, else loaded (one load at a time). */
  get(key: string): Promise<V>;
  /** Forgets `key` here and on every other instance; call it after changing what it was loaded from. */
  forget(key: string): Promise<void>;
  /** Drops every entry and stops listening (the bus outlives the cache when the caller owns it). */
  close(): void;
}

export interface InstanceCacheOptions<V> {
  /** Names the cache's announcements on the bus: `${name}:${key}`. */
  name: string;
  load: (key: string) => Promise<V>;
  /** Carries `forget` to every instance (the coordination's abort bus). */
  bus: Pick<AbortBus, 'listen' | 'abort'>;
  /**
   * How long an instance trusts an answer. Changes made through the app are forgotten at once everywhere;
   * this bounds the rest: a change another instance missed (Redis down) or made outside the app (SQL).
   */
  ttlMs: number;
  /** Entries kept at most; the oldest go first. */
  maxEntries?: number;
  /** Milliseconds since the epoch. */
  now?: () => number;
}

interface Entry<V> {
  value: Promise<V>;
  expiresAt: number;
  unlisten: () => void;
}

export function createInstanceCache<V>(options: InstanceCacheOptions<V>): InstanceCache<V> {
  const { name, load, bus, ttlMs } = options;
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  // In insertion order, which is expiry order: the oldest entries are swept from the front.
  const entries = new Map<string, Entry<V>>();
  const announcement = (key: string): string => `${name}:${key}`;

  const drop = (key: string): void => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    entry.unlisten();
  };
  const sweep = (at: number): void => {
    for (const [key, entry] of entries) {
      if (entry.expiresAt > at && entries.size < maxEntries) return;
      drop(key);
    }
  };

  return {
    get(key) {
      const at = now();
      const known = entries.get(key);
      if (known && at < known.expiresAt) return known.value;
      drop(key);
      sweep(at);
      const value = load(key);
      // Listening before the load settles: a change announced meanwhile drops this answer too.
      const entry: Entry<V> = {
        value,
        expiresAt: at + ttlMs,
        unlisten: bus.listen(announcement(key), () => drop(key)),
      };
      entries.set(key, entry);
      // A failed load (database down) is not kept: the next caller asks again.
      value.catch(() => {
        if (entries.get(key) === entry) drop(key);
      });
      return value;
    },
    async forget(key) {
      drop(key);
      await bus.abort(announcement(key));
    },
    close() {
      for (const key of [...entries.keys()]) drop(key);
    },
  };
}
