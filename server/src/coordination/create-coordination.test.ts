import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { deleteRedisPrefix, redisSkipReason, TEST_REDIS_URL, uniqueRedisPrefix } from '../../test/test-redis';
import { createCoordination } from './create-coordination';

const redisSkip = await redisSkipReason();

describe('createCoordination', () => {
  it('in-process: counters, generation log and abort bus from one call, closed by one close', async () => {
    const coordination = await createCoordination();
    expect(coordination.kind).toBe('memory');
    expect((await coordination.counters.increment('a', 2, 60_000)).count).toBe(2);
    const writer = await coordination.generationLog.open({
      generationId: randomUUID(),
      userId: 'u',
      conversationId: 'c',
      detail: '{}',
    });
    let aborted = false;
    coordination.abortBus.listen(writer.meta.generationId, () => {
      aborted = true;
    });
    await coordination.abortBus.abort(writer.meta.generationId);
    expect(aborted).toBe(true);
    await coordination.close();
  });

  it.skipIf(redisSkip !== undefined)(
    'Redis: every key under one prefix, the chat ones under `chat:`',
    async () => {
      const prefix = uniqueRedisPrefix('coordination');
      const coordination = await createCoordination({ redisUrl: TEST_REDIS_URL, keyPrefix: prefix });
      const inspect = new Redis(TEST_REDIS_URL);
      try {
        expect(coordination.kind).toBe('redis');
        await coordination.counters.increment('limit:x', 1, 60_000);
        const writer = await coordination.generationLog.open({
          generationId: randomUUID(),
          userId: 'user-1',
          conversationId: 'conversation-1',
          detail: '{}',
        });
        writer.append('created', '{}');
        await writer.end('final', '{}');
        const keys = await inspect.keys(`${prefix}*`);
        expect(keys).toContain(`${prefix}limit:x`);
        expect(keys.some((key) => key.startsWith(`${prefix}chat:gen:${writer.meta.generationId}`))).toBe(
          true,
        );
        expect(keys.every((key) => key.startsWith(prefix))).toBe(true);
      } finally {
        await coordination.close();
        inspect.disconnect();
        await deleteRedisPrefix(prefix);
      }
    },
    30_000,
  );
});
