import type { Counters } from './counters';

/**
 * Shared counters that keep working while Redis is away: each call goes to `primary` unless it is known to
 * be down or the call fails, and then to this process's `fallback`. Limits and bans then count per
 * instance until Redis is back (docs/decisions.md "Redis down").
 */
export function createFallbackCounters(options: {
  primary: Counters;
  fallback: Counters;
  isDown: () => boolean;
  /** A call that failed while the connection looked fine (outages are reported by the connection). */
  onFailure: (error: unknown) => void;
}): Counters {
  const { primary, fallback, isDown } = options;
  const use = async <T>(call: (counters: Counters) => Promise<T>): Promise<T> => {
    if (isDown()) return call(fallback);
    try {
      return await call(primary);
    } catch (error) {
      if (!isDown()) options.onFailure(error);
      return call(fallback);
    }
  };
  return {
    increment: (key, amount, windowMs) => use((counters) => counters.increment(key, amount, windowMs)),
    peek: (key) => use((counters) => counters.peek(key)),
    set: (key, value, ttlMs) => use((counters) => counters.set(key, value, ttlMs)),
    delete: (key) => use((counters) => counters.delete(key)),
  };
}
