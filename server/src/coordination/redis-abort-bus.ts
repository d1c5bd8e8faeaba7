import type { Redis } from 'ioredis';
import type { AbortBus } from './generation-log';
import type { RedisChannels } from './redis-channels';

/**
 * Aborts on Redis pub/sub: one channel for every instance; the instance running the generation has a
 * listener for its id. A local run is also stopped directly, without the round trip, which is all that
 * works while Redis is down (`isDown`).
 */
export async function createRedisAbortBus(options: {
  redis: Redis;
  channels: RedisChannels;
  prefix: string;
  isDown?: () => boolean;
  onError?: (error: unknown) => void;
}): Promise<AbortBus> {
  const { redis, channels } = options;
  const isDown = options.isDown ?? (() => false);
  const onError = options.onError ?? (() => undefined);
  const channel = `${options.prefix}abort`;
  const handlers = new Map<string, Set<() => void>>();
  const fire = (generationId: string) => {
    for (const handler of [...(handlers.get(generationId) ?? [])]) handler();
  };
  // Starting while Redis is down must not fail: the channel is subscribed once it is back.
  const unsubscribe = await channels.addLasting(channel, fire);

  return {
    listen(generationId, handler) {
      const set = handlers.get(generationId) ?? new Set();
      set.add(handler);
      handlers.set(generationId, set);
      return () => {
        set.delete(handler);
        if (set.size === 0) handlers.delete(generationId);
      };
    },
    async abort(generationId) {
      fire(generationId);
      if (isDown()) return;
      await redis.publish(channel, generationId).catch(onError);
    },
    close() {
      handlers.clear();
      unsubscribe();
      return Promise.resolve();
    },
  };
}
