import { describe, expect, it } from 'vitest';
import { createDatabaseHealth } from './database-health';

/** A ping the test answers by hand, and a clock it moves. */
function setUp() {
  const pings: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  let clock = 0;
  const check = createDatabaseHealth(
    () =>
      new Promise<void>((resolve, reject) => {
        pings.push({ resolve, reject });
      }),
    { freshMs: 5_000, now: () => clock },
  );
  const settled = async (promise: Promise<void>) => {
    let state = 'pending';
    promise.then(
      () => (state = 'ok'),
      () => (state = 'failed'),
    );
    await new Promise((resolve) => setImmediate(resolve));
    return state;
  };
  return { check, pings, settled, advance: (ms: number) => (clock += ms) };
}

describe('the database health behind GET /health', () => {
  it('waits for the first ping, then answers at once while the database answered recently', async () => {
    const { check, pings, settled, advance } = setUp();
    const first = check();
    expect(await settled(first)).toBe('pending');
    pings[0]?.resolve();
    expect(await settled(first)).toBe('ok');
    // The database is busy now (its ping is queued): the probe does not wait for it.
    advance(1_000);
    expect(await settled(check())).toBe('ok');
    expect(await settled(check())).toBe('ok');
    expect(pings).toHaveLength(2); // one ping out at a time
    // Nothing answered for longer than `freshMs`: the probe waits for the ping again.
    advance(5_000);
    const late = check();
    expect(await settled(late)).toBe('pending');
    pings[1]?.resolve();
    expect(await settled(late)).toBe('ok');
  });

  it('fails as soon as a ping failed, until one answers again', async () => {
    const { check, pings, settled } = setUp();
    const first = check();
    pings[0]?.resolve();
    await first;
    const during = check();
    expect(await settled(during)).toBe('ok');
    pings[1]?.reject(new Error('connection refused'));
    await new Promise((resolve) => setImmediate(resolve));
    const after = check();
    expect(await settled(after)).toBe('pending');
    pings[2]?.reject(new Error('connection refused'));
    expect(await settled(after)).toBe('failed');
    const back = check();
    pings[3]?.resolve();
    expect(await settled(back)).toBe('ok');
  });
});
