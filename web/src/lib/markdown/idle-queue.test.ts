import { describe, expect, it } from 'vitest';
import { createIdleQueue } from './idle-queue';

/** A hand-cranked idle callback: `idle()` runs what was requested, as the browser would when idle. */
function manualIdle() {
  const requested: (() => void)[] = [];
  return {
    request: (run: () => void) => requested.push(run),
    idle: () => requested.shift()?.(),
    get requests() {
      return requested.length;
    },
  };
}

describe('createIdleQueue', () => {
  it('runs one task per idle callback, in order', () => {
    const clock = manualIdle();
    const queue = createIdleQueue(clock.request);
    const ran: string[] = [];
    queue.schedule(() => ran.push('a'));
    queue.schedule(() => ran.push('b'));
    expect(clock.requests).toBe(1);
    clock.idle();
    expect(ran).toEqual(['a']);
    clock.idle();
    expect(ran).toEqual(['a', 'b']);
    expect(clock.requests).toBe(0);
  });

  it('skips a cancelled task', () => {
    const clock = manualIdle();
    const queue = createIdleQueue(clock.request);
    const ran: string[] = [];
    const cancel = queue.schedule(() => ran.push('a'));
    queue.schedule(() => ran.push('b'));
    cancel();
    clock.idle();
    expect(ran).toEqual(['b']);
    expect(queue.size).toBe(0);
  });

  it('asks for a new idle callback when work arrives after the queue ran dry', () => {
    const clock = manualIdle();
    const queue = createIdleQueue(clock.request);
    const ran: string[] = [];
    queue.schedule(() => ran.push('a'));
    clock.idle();
    queue.schedule(() => ran.push('b'));
    clock.idle();
    expect(ran).toEqual(['a', 'b']);
  });
});
