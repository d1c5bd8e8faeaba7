import type { Redis } from 'ioredis';
import type { Coordination } from './coordination';
import type { Counters } from './counters';
import { createFallbackCounters } from './counters-fallback';
import { createMemoryCounters } from './counters-memory';
import { createRedisCounters } from './counters-redis';
import { createLocalFirstGenerationLog } from './local-first-generation-log';
import { createMemoryAbortBus, createMemoryGenerationLog } from './memory-generation-log';
import { createRedisAbortBus } from './redis-abort-bus';
import { RedisChannels } from './redis-channels';
import { createRedisGenerationLog } from './redis-generation-log';
import { closeRedis, watchRedis } from './redis-outage';

export interface CoordinationOptions {
  /** Redis URL; absent → in-process. */
  redisUrl?: string | undefined;
  /** Prefix of every Redis key and channel (default `parley:`); tests use a unique one each. */
  keyPrefix?: string;
  now?: () => number;
  /**
   * Redis became unreachable (once per outage; it reconnects by itself), or a command failed while it
   * seemed fine. Counters, replies and aborts fall back to this process meanwhile.
   */
  onError?: (error: Error) => void;
  /** Redis is reachable again after an outage. */
  onRecovered?: () => void;
}

export const DEFAULT_KEY_PREFIX = 'parley:';
/** Where the generation log and abort bus live, under the key prefix. */
const CHAT_NAMESPACE = 'chat:';

const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

/** Counters whose keys all start with `prefix`. */
function prefixedCounters(counters: Counters, prefix: string): Counters {
  const key = (name: string) => `${prefix}${name}`;
  return {
    increment: (name, amount, windowMs) => counters.increment(key(name), amount, windowMs),
    peek: (name) => counters.peek(key(name)),
    set: (name, value, ttlMs) => counters.set(key(name), value, ttlMs),
    delete: (name) => counters.delete(key(name)),
  };
}

function createMemoryCoordination(options: CoordinationOptions): Coordination {
  const counters = createMemoryCounters(options.now);
  const generationLog = createMemoryGenerationLog();
  const abortBus = createMemoryAbortBus();
  return {
    kind: 'memory',
    counters,
    generationLog,
    abortBus,
    close: async () => {
      counters.close();
      await Promise.all([generationLog.close(), abortBus.close()]);
    },
  };
}

/**
 * Down from the command connection's first loss (reported once); back, and reported so, only once the
 * subscriber is connected again too, so that what others publish from then on is heard here.
 */
function watchConnections(
  redis: Redis,
  subscriber: Redis,
  options: Pick<CoordinationOptions, 'onRecovered'> & { onError: (error: Error) => void },
): { isDown(): boolean } {
  let recovering = false;
  const reportWhenBothReady = () => {
    if (!recovering || redis.status !== 'ready' || subscriber.status !== 'ready') return;
    recovering = false;
    options.onRecovered?.();
  };
  const watch = watchRedis(redis, {
    onDown: (error) => {
      recovering = true;
      options.onError(asError(error));
    },
    onUp: reportWhenBothReady,
  });
  // Registered after the channels' own listener, which subscribes their channels again.
  subscriber.on('ready', reportWhenBothReady);
  return watch;
}

/**
 * One command connection and one subscriber for everything. While Redis is away (docs/decisions.md
 * "Redis down") counters count in this process, and this process's runs stream and stop here as usual.
 */
async function createRedisCoordination(
  redisUrl: string,
  options: CoordinationOptions,
): Promise<Coordination> {
  const prefix = options.keyPrefix ?? DEFAULT_KEY_PREFIX;
  const onError = options.onError ?? (() => undefined);
  // Loaded only when Redis is configured (docs/decisions.md "Idle memory").
  const { Redis: RedisClient } = await import('ioredis');
  // Fail a command after one reconnect attempt instead of queueing it for ever.
  const redis = new RedisClient(redisUrl, { enableAutoPipelining: true, maxRetriesPerRequest: 1 });
  const subscriber = redis.duplicate();
  subscriber.on('error', () => undefined);
  const channels = new RedisChannels(subscriber);
  const { isDown } = watchConnections(redis, subscriber, { ...options, onError });
  // Failures during an outage were reported with it.
  const onFailure = (error: unknown) => {
    if (!isDown()) onError(asError(error));
  };
  const memoryCounters = createMemoryCounters(options.now);
  const counters = createFallbackCounters({
    primary: prefixedCounters(createRedisCounters(redis), prefix),
    fallback: memoryCounters,
    isDown,
    onFailure,
  });
  const chatPrefix = `${prefix}${CHAT_NAMESPACE}`;
  const generationLog = createLocalFirstGenerationLog({
    local: createMemoryGenerationLog(),
    shared: createRedisGenerationLog({ redis, channels, prefix: chatPrefix, onError: onFailure }),
    isDown,
    onError: onFailure,
  });
  const abortBus = await createRedisAbortBus({
    redis,
    channels,
    prefix: chatPrefix,
    isDown,
    onError: onFailure,
  });
  return {
    kind: 'redis',
    counters,
    generationLog,
    abortBus,
    close: async () => {
      await Promise.all([generationLog.close(), abortBus.close()]);
      await channels.close();
      memoryCounters.close();
      await closeRedis(redis);
    },
  };
}

/** In-process coordination, or Redis when a URL is given. `close()` releases every connection. */
export async function createCoordination(options: CoordinationOptions = {}): Promise<Coordination> {
  if (!options.redisUrl) return createMemoryCoordination(options);
  return createRedisCoordination(options.redisUrl, options);
}
