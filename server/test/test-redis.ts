import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Why Redis tests are skipped in this run (with a loud warning), or undefined when Redis answers.
 * With CI=true an unreachable Redis fails the run instead.
 */
export async function redisSkipReason(url: string = TEST_REDIS_URL): Promise<string | undefined> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
    return undefined;
  } catch (error) {
    const reason = `Redis unreachable at ${url}: ${String(error)}`;
    if (process.env.CI === 'true')
      throw new Error(`${reason} (CI=true: Redis tests are required)`, { cause: error });
    console.warn(`\n⚠️  ${reason}: Redis tests SKIPPED\n`);
    return reason;
  } finally {
    redis.disconnect();
  }
}

/** A key prefix no other test or run shares. */
export function uniqueRedisPrefix(label = 'test'): string {
  return `parley-test:${label}:${randomBytes(6).toString('hex')}:`;
}

/** Deletes every key under `prefix` (best effort). */
export async function deleteRedisPrefix(prefix: string, url: string = TEST_REDIS_URL): Promise<void> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
