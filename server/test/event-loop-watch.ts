import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** What this process's event loop went through while watched, in ms. */
export interface EventLoopReport {
  /** `monitorEventLoopDelay`: how late timers ran (wall clock: CPU contention from other processes counts). */
  delayP99: number;
  delayMax: number;
  /**
   * The longest time the main thread ran on a CPU between two turns of the loop (Linux schedstat): work of
   * this process that held the loop, whatever other processes do to the wall clock. Null where schedstat is
   * not available.
   */
  busiestTurn: number | null;
  /** The main thread's whole time on a CPU while watched (every turn together), or null. */
  cpuTotal: number | null;
  /** The longest time the main thread waited for a CPU between two turns (other processes' share). */
  longestWait: number | null;
  /** The share of the watched time the main thread was ready to run but waited for a CPU (0–1), or null. */
  waitShare: number | null;
}

/** The main thread's time on a CPU and waiting for one, in ns (`/proc/…/schedstat`), or null. */
function schedstatReader(): (() => [number, number]) | null {
  const path = `/proc/self/task/${process.pid}/schedstat`;
  const read = (): [number, number] => {
    const [run, wait] = readFileSync(path, 'latin1').split(' ').map(Number);
    return [run ?? 0, wait ?? 0];
  };
  try {
    read();
    return read;
  } catch {
    return null;
  }
}

/** Null where this system has no schedstat (not Linux). */
const readSchedstat = schedstatReader();

/** This process's main thread's time on a CPU so far, in ms (Linux schedstat), or null where it cannot be read. */
export function threadCpuMs(): number | null {
  return readSchedstat ? readSchedstat()[0] / 1e6 : null;
}

/**
 * Watches this process's event loop until the returned function is called: the delay histogram, and a 10 ms
 * timer that reads the main thread's CPU time at each turn, so a long turn is told apart from a turn that
 * waited for a CPU other processes held (vitest runs other files beside this one on two cores).
 */
export function watchEventLoop(): () => EventLoopReport {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const read = readSchedstat;
  let busiest = 0;
  let longestWait = 0;
  const started = performance.now();
  const first = read?.() ?? [0, 0];
  let last = first;
  const timer = read
    ? setInterval(() => {
        const now = read();
        busiest = Math.max(busiest, now[0] - last[0]);
        longestWait = Math.max(longestWait, now[1] - last[1]);
        last = now;
      }, 10)
    : undefined;
  return () => {
    clearInterval(timer);
    histogram.disable();
    const end = read?.() ?? [0, 0];
    // The turn still running when watching stops counts too: work done in one go just before would hide there.
    busiest = Math.max(busiest, end[0] - last[0]);
    const waited = (end[1] - first[1]) / 1e6;
    const elapsed = performance.now() - started;
    return {
      delayP99: histogram.percentile(99) / 1e6,
      delayMax: histogram.max / 1e6,
      busiestTurn: read ? busiest / 1e6 : null,
      cpuTotal: read ? (end[0] - first[0]) / 1e6 : null,
      longestWait: read ? longestWait / 1e6 : null,
      waitShare: read && elapsed > 0 ? waited / elapsed : null,
    };
  };
}
