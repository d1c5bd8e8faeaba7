import type { Redis } from 'ioredis';

export interface OutageHandlers {
  /** The connection was lost or could not be made: called once per outage, with the last error seen. */
  onDown?: (error: unknown) => void;
  /** The connection is ready again after an outage. */
  onUp?: () => void;
}

/**
 * Follows a Redis connection so that callers can skip Redis while it is away instead of waiting on it:
 * down from the first lost or failed connection until it is ready again (a deliberate `quit` is no outage).
 * Reports each outage once rather than every reconnection attempt.
 */
export function watchRedis(redis: Redis, handlers: OutageHandlers = {}): { isDown(): boolean } {
  let down = false;
  let lastError: unknown;
  redis.on('error', (error: unknown) => {
    lastError = error;
  });
  redis.on('reconnecting', () => {
    if (down) return;
    down = true;
    handlers.onDown?.(lastError ?? new Error('the Redis connection was lost'));
  });
  redis.on('ready', () => {
    lastError = undefined;
    if (!down) return;
    down = false;
    handlers.onUp?.();
  });
  return { isDown: () => down };
}

/** `quit` waits for Redis to answer; a connection that is away is just dropped. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status !== 'ready') {
    redis.disconnect();
    return;
  }
  await redis.quit().catch(() => redis.disconnect());
}
