/** A counter's value and how long its current window still runs. */
export interface CounterState {
  count: number;
  /** Milliseconds until the counter expires (its window ends); at least 1. */
  resetInMs: number;
}

/**
 * Expiring integer counters shared by every server instance (rate limits, violation scores, bans). Keys
 * are plain strings; each implementation namespaces them.
 */
export interface Counters {
  /**
   * Adds `amount` to the counter at `key` and returns the new state. A missing or expired counter starts
   * from 0 with a fixed window of `windowMs` (later increments do not extend it).
   */
  increment(key: string, amount: number, windowMs: number): Promise<CounterState>;
  /** The live counter at `key`, or null when there is none. */
  peek(key: string): Promise<CounterState | null>;
  /** Sets the counter at `key` to `value`, expiring after `ttlMs` (replacing any current window). */
  set(key: string, value: number, ttlMs: number): Promise<void>;
  delete(key: string): Promise<void>;
}
