import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { Coordination } from './coordination';
import { createCoordination } from './create-coordination';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const variants: { name: string; create: () => Promise<Coordination> }[] = [
  { name: 'in-process', create: () => createCoordination() },
  {
    name: 'redis',
    create: () =>
      createCoordination({
        redisUrl: REDIS_URL,
        keyPrefix: `parley-test:${randomBytes(6).toString('hex')}:`,
      }),
  },
];

for (const variant of variants) {
  describe(`${variant.name} counters`, () => {
    let coordination: Coordination | undefined;
    const counters = async () => {
      coordination ??= await variant.create();
      return coordination.counters;
    };
    afterEach(async () => {
      await coordination?.close();
      coordination = undefined;
    });

    it('adds up increments within one window', async () => {
      const store = await counters();
      // The window runs from the first increment: what is left of it is bracketed by the time this test
      // itself took, however slow the machine (no fixed allowance for it).
      const before = Date.now();
      expect((await store.increment('a', 1, 60_000)).count).toBe(1);
      expect((await store.increment('a', 3, 60_000)).count).toBe(4);
      const state = await store.peek('a');
      const took = Date.now() - before;
      expect(state?.count).toBe(4);
      expect(state?.resetInMs).toBeGreaterThanOrEqual(60_000 - took - 1);
      expect(state?.resetInMs).toBeLessThanOrEqual(60_000);
    });

    it('keeps the first window instead of extending it on later increments', async () => {
      await (await counters()).increment('w', 1, 60_000);
      const later = await (await counters()).increment('w', 1, 600_000);
      expect(later.resetInMs).toBeLessThanOrEqual(60_000);
    });

    it('starts over once the window has passed', async () => {
      await (await counters()).increment('short', 5, 40);
      await expect.poll(async () => (await counters()).peek('short')).toBeNull();
      expect((await (await counters()).increment('short', 1, 40)).count).toBe(1);
    });

    it('sets, reads and deletes a counter with its own lifetime', async () => {
      await (await counters()).set('ban', 7, 60_000);
      expect((await (await counters()).peek('ban'))?.count).toBe(7);
      await (await counters()).delete('ban');
      expect(await (await counters()).peek('ban')).toBeNull();
    });

    it('keeps keys apart', async () => {
      await (await counters()).increment('x', 2, 60_000);
      expect(await (await counters()).peek('y')).toBeNull();
    });
  });
}

describe('redis coordination', () => {
  it('shares counters between two instances with the same prefix', async () => {
    const keyPrefix = `parley-test:${randomBytes(6).toString('hex')}:`;
    const [one, two] = await Promise.all([
      createCoordination({ redisUrl: REDIS_URL, keyPrefix }),
      createCoordination({ redisUrl: REDIS_URL, keyPrefix }),
    ]);
    try {
      await one.counters.increment('shared', 2, 60_000);
      expect((await two.counters.increment('shared', 1, 60_000)).count).toBe(3);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
});
