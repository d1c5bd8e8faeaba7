import type { Redis } from 'ioredis';
import type { Counters, CounterState } from './counters';

/** INCRBY, then start the window if the key has none yet; answers [count, pttl] atomically. */
const INCREMENT = `
local count = redis.call('INCRBY', KEYS[1], ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return {count, ttl}
`;

const PEEK = `
local count = redis.call('GET', KEYS[1])
if not count then return nil end
return {tonumber(count), redis.call('PTTL', KEYS[1])}
`;

/** Counters in Redis, so that every instance behind a load balancer sees the same numbers. */
export function createRedisCounters(redis: Redis): Counters {
  return {
    async increment(key, amount, windowMs) {
      const reply = await redis.eval(
        INCREMENT,
        1,
        key,
        Math.round(amount),
        Math.max(1, Math.round(windowMs)),
      );
      return toState(reply, key) ?? { count: amount, resetInMs: windowMs };
    },
    async peek(key) {
      return toState(await redis.eval(PEEK, 1, key), key);
    },
    async set(key, value, ttlMs) {
      await redis.set(key, Math.round(value), 'PX', Math.max(1, Math.round(ttlMs)));
    },
    async delete(key) {
      await redis.del(key);
    },
  };
}

function toState(reply: unknown, key: string): CounterState | null {
  if (reply === null) return null;
  if (!Array.isArray(reply) || typeof reply[0] !== 'number' || typeof reply[1] !== 'number') {
    throw new Error(`unexpected Redis reply for counter "${key}": ${JSON.stringify(reply)}`);
  }
  // PTTL is -1 for a key without expiry (never written that way by us) and -2 for a vanished key.
  return { count: reply[0], resetInMs: Math.max(1, reply[1]) };
}
