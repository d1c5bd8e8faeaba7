import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deleteRedisPrefix, redisSkipReason, TEST_REDIS_URL, uniqueRedisPrefix } from '../../test/test-redis';
import { Redis } from 'ioredis';
import type { Coordination } from './coordination';
import { createCoordination } from './create-coordination';
import { RedisChannels } from './redis-channels';
import { createRedisGenerationLog } from './redis-generation-log';
import type { GenerationMeta, LogEntry } from './generation-log';

const redisSkip = await redisSkipReason();

const metaOf = (userId: string = randomUUID(), conversationId: string = randomUUID()): GenerationMeta => ({
  generationId: randomUUID(),
  userId,
  conversationId,
  detail: '{"x":1}',
});

async function collect(entries: AsyncIterable<LogEntry>): Promise<LogEntry[]> {
  const out: LogEntry[] = [];
  for await (const entry of entries) out.push(entry);
  return out;
}

/** Reads a run entry by entry, so a test can act once a reader has got what was there. */
function follow(entries: AsyncIterable<LogEntry>) {
  const iterator = entries[Symbol.asyncIterator]();
  const seen: LogEntry[] = [];
  return {
    seen,
    /** The next entry, or null once the reader has ended. */
    async next(): Promise<LogEntry | null> {
      const step = await iterator.next();
      if (step.done) return null;
      seen.push(step.value);
      return step.value;
    },
    async rest(): Promise<LogEntry[]> {
      while ((await this.next()) !== null);
      return seen;
    },
  };
}

/** One contract, two implementations: what the chat engine relies on. */
function generationLogContract(name: string, make: (prefix: string) => Promise<Coordination>) {
  describe(name, () => {
    let coordination: Coordination;
    let prefix: string;
    beforeEach(async () => {
      prefix = uniqueRedisPrefix('genlog');
      coordination = await make(prefix);
    });
    afterEach(async () => {
      await coordination.close();
      if (name.includes('redis')) await deleteRedisPrefix(prefix);
    });

    it('numbers entries from 1 and replays them, then follows live entries to the last one', async () => {
      const { generationLog } = coordination;
      const writer = await generationLog.open(metaOf());
      expect(writer.append('created', '{"a":1}')).toBe(1);
      expect(writer.append('text', '{"t":"he\\nllo"}')).toBe(2);
      const reader = follow(generationLog.read(writer.meta.generationId, 0));
      await reader.next();
      await reader.next(); // both replayed: what follows is live
      expect(writer.append('text', '{"t":" world"}')).toBe(3);
      expect(await writer.end('final', '{"f":true}')).toBe(4);
      expect(await reader.rest()).toEqual([
        { seq: 1, type: 'created', data: '{"a":1}', last: false },
        { seq: 2, type: 'text', data: '{"t":"he\\nllo"}', last: false },
        { seq: 3, type: 'text', data: '{"t":" world"}', last: false },
        { seq: 4, type: 'final', data: '{"f":true}', last: true },
      ]);
    });

    it('reads only the entries after the given seq, also after the run ended', async () => {
      const { generationLog } = coordination;
      const writer = await generationLog.open(metaOf());
      writer.append('created', '1');
      writer.append('text', '2');
      await writer.end('final', '3');
      const entries = await collect(generationLog.read(writer.meta.generationId, 1));
      expect(entries.map((e) => e.seq)).toEqual([2, 3]);
      const snapshot = await generationLog.snapshot(writer.meta.generationId);
      expect(snapshot.map((e) => [e.seq, e.type, e.data, e.last])).toEqual([
        [1, 'created', '1', false],
        [2, 'text', '2', false],
        [3, 'final', '3', true],
      ]);
      expect(await generationLog.snapshot(randomUUID())).toEqual([]);
    });

    it('finds the active run of a user in a conversation until it ends', async () => {
      const { generationLog } = coordination;
      const meta = metaOf();
      const writer = await generationLog.open(meta);
      expect(await generationLog.findActive(meta.userId, meta.conversationId)).toEqual(meta);
      expect(await generationLog.findActive(randomUUID(), meta.conversationId)).toBeNull();
      expect(await generationLog.findActive(meta.userId, randomUUID())).toBeNull();
      await writer.end('final', '{}');
      expect(await generationLog.findActive(meta.userId, meta.conversationId)).toBeNull();
    });

    it('keeps a newer run active when an older one in the same conversation ends', async () => {
      const { generationLog } = coordination;
      const older = await generationLog.open(metaOf());
      const newer = await generationLog.open({ ...metaOf(older.meta.userId, older.meta.conversationId) });
      await older.end('final', '{}');
      const found = await generationLog.findActive(older.meta.userId, older.meta.conversationId);
      expect(found?.generationId).toBe(newer.meta.generationId);
    });

    it('ends a reader when its signal fires, and yields nothing for an unknown run', async () => {
      const { generationLog } = coordination;
      const writer = await generationLog.open(metaOf());
      writer.append('created', '1');
      const controller = new AbortController();
      const reader = follow(generationLog.read(writer.meta.generationId, 0, controller.signal));
      expect((await reader.next())?.seq).toBe(1); // now waiting for entries that never come
      controller.abort();
      expect(await reader.next()).toBeNull();
      expect(await collect(generationLog.read(randomUUID(), 0))).toEqual([]);
    });

    it('serves many readers of one run the same entries', async () => {
      const { generationLog } = coordination;
      const writer = await generationLog.open(metaOf());
      writer.append('created', 'start');
      const readers = Array.from({ length: 5 }, () =>
        follow(generationLog.read(writer.meta.generationId, 0)),
      );
      await Promise.all(readers.map((reader) => reader.next())); // every reader is following
      for (let i = 0; i < 50; i++) writer.append('text', String(i));
      await writer.end('final', 'end');
      for (const entries of await Promise.all(readers.map((reader) => reader.rest()))) {
        expect(entries.map((e) => e.seq)).toEqual(Array.from({ length: 52 }, (_, i) => i + 1));
      }
    });

    it('delivers an abort to the listener of that run only', async () => {
      const { abortBus } = coordination;
      const heard: string[] = [];
      const stopA = abortBus.listen('a', () => heard.push('a'));
      abortBus.listen('b', () => heard.push('b'));
      abortBus.listen('c', () => heard.push('c'));
      await abortBus.abort('a');
      await expect.poll(() => heard).toContain('a');
      const countA = heard.length;
      stopA();
      await abortBus.abort('a');
      // Aborts arrive in the order they were sent: once c's is in, a second abort of a would be too.
      await abortBus.abort('c');
      await expect.poll(() => heard).toContain('c');
      expect(heard.filter((h) => h === 'a')).toHaveLength(countA);
      expect(heard).not.toContain('b');
    });
  });
}

generationLogContract('in-process generation coordination', () => createCoordination());

describe.skipIf(redisSkip !== undefined)('Redis across instances', () => {
  generationLogContract('redis generation coordination', (keyPrefix) =>
    createCoordination({ redisUrl: TEST_REDIS_URL, keyPrefix }),
  );

  it('lets another instance find, follow and abort a run', async () => {
    const keyPrefix = uniqueRedisPrefix('cross');
    const [a, b] = await Promise.all([
      createCoordination({ redisUrl: TEST_REDIS_URL, keyPrefix }),
      createCoordination({ redisUrl: TEST_REDIS_URL, keyPrefix }),
    ]);
    try {
      const meta = metaOf();
      const writer = await a.generationLog.open(meta);
      writer.append('created', '1');
      let aborted = false;
      a.abortBus.listen(meta.generationId, () => {
        aborted = true;
      });
      expect(await b.generationLog.findActive(meta.userId, meta.conversationId)).toEqual(meta);
      const reading = collect(b.generationLog.read(meta.generationId, 0));
      await b.abortBus.abort(meta.generationId);
      await expect.poll(() => aborted).toBe(true);
      writer.append('text', '2');
      await writer.end('final', '3');
      expect((await reading).map((e) => e.type)).toEqual(['created', 'text', 'final']);
    } finally {
      await Promise.all([a.close(), b.close()]);
      await deleteRedisPrefix(keyPrefix);
    }
  });

  it('ends a reader when the instance running the generation died', async () => {
    const keyPrefix = uniqueRedisPrefix('dead');
    const redis = new Redis(TEST_REDIS_URL);
    const channels = new RedisChannels(redis.duplicate());
    const options = { redis, channels, prefix: keyPrefix, aliveTtlMs: 300, idleCheckMs: 100 };
    const dying = createRedisGenerationLog(options);
    const follower = createRedisGenerationLog(options);
    try {
      const writer = await dying.open(metaOf());
      writer.append('created', '1');
      await dying.close(); // stops the heartbeat, as a killed process would
      // Nothing will ever end this run: the reader ends because the heartbeat stopped (or never ends).
      const entries = await collect(follower.read(writer.meta.generationId, 0));
      expect(entries.map((e) => e.seq)).toEqual([1]);
      expect(await follower.findActive(writer.meta.userId, writer.meta.conversationId)).toBeNull();
    } finally {
      await channels.close();
      redis.disconnect();
      await deleteRedisPrefix(keyPrefix);
    }
  });
});
