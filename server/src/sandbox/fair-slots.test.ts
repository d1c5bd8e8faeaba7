// The interpreter pool's shares: a user's runs beyond their share wait while others' start, waiting users are
// served in turn, and full queues answer "busy" at once.
import { describe, expect, it } from 'vitest';
import { createFairSlots } from './fair-slots';
import { SandboxBusyError } from './types';

const settled = async <T>(promise: Promise<T>): Promise<boolean> => {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return done;
};

describe('fair slots', () => {
  it('keeps room for another user while one user fills their share', async () => {
    const slots = createFairSlots({ capacity: 2, perUser: 1, perUserQueue: 2, queue: 8 });
    const loop1 = await slots.acquire('a');
    const loop2 = slots.acquire('a');
    expect(await settled(loop2)).toBe(false);
    const other = slots.acquire('b');
    expect(await settled(other)).toBe(true);
    (await other)();
    loop1();
    expect(await settled(loop2)).toBe(true);
  });

  it('serves waiting users in turn, not first come first served', async () => {
    const slots = createFairSlots({ capacity: 1, perUser: 1, perUserQueue: 3, queue: 8 });
    const order: string[] = [];
    const first = await slots.acquire('x');
    const waits = [
      ['a', slots.acquire('a')],
      ['a', slots.acquire('a')],
      ['a', slots.acquire('a')],
      ['b', slots.acquire('b')],
    ] as const;
    for (const [user, wait] of waits) {
      void wait.then((release) => {
        order.push(user);
        setImmediate(release);
      });
    }
    first();
    await Promise.all(waits.map(([, wait]) => wait));
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['a', 'b', 'a', 'a']);
  });

  it('answers busy when a user’s queue or the server’s is full, and forgets an aborted wait', async () => {
    const slots = createFairSlots({ capacity: 1, perUser: 1, perUserQueue: 1, queue: 2 });
    await slots.acquire('a');
    const queued = new AbortController();
    const waiting = slots.acquire('a', queued.signal);
    await expect(slots.acquire('a')).rejects.toBeInstanceOf(SandboxBusyError);
    void slots.acquire('b');
    await expect(slots.acquire('c')).rejects.toThrow('The code interpreter is busy. Try again in a moment.');
    queued.abort();
    await expect(waiting).rejects.toThrow('The run was stopped.');
    expect(slots.waiting()).toBe(1);
  });
});
