// Readings of the bench process's own child processes from /proc (Linux only): the code interpreter's sandboxes
// are separate processes (bwrap → prlimit → the interpreter), so their memory and CPU are not the bench's.
import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** Direct children of a process, over all its threads (/proc/<pid>/task/<tid>/children); none once it exited. */
export function childrenOf(pid: number): number[] {
  const children: number[] = [];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const listed = readFileSync(`/proc/${pid}/task/${task}/children`, 'latin1');
      children.push(...listed.split(' ').filter(Boolean).map(Number));
    }
  } catch {
    // exited meanwhile
  }
  return children;
}

/** Every process below `root`. */
export function descendants(root: number): number[] {
  const found: number[] = [];
  const stack = [root];
  for (let pid = stack.pop(); pid !== undefined; pid = stack.pop()) {
    const children = childrenOf(pid);
    found.push(...children);
    stack.push(...children);
  }
  return found;
}

/**
 * Resident memory of a process (VmRSS) and the anonymous part of it (RssAnon: heap and other private pages,
 * not shared with other processes), in bytes, from /proc/<pid>/status (cheap to read, unlike smaps).
 */
export function memoryOf(pid: number): { rss: number; anon: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'latin1');
    const kib = (field: string): number =>
      Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
    return { rss: kib('VmRSS'), anon: kib('RssAnon') };
  } catch {
    return { rss: 0, anon: 0 };
  }
}

/** Whether a thread of a process below `root` is running or waiting to run (R) or on the disk (D). */
function treeBusy(root: number): boolean {
  return descendants(root).some((pid) => {
    try {
      return readdirSync(`/proc/${pid}/task`).some((task) => {
        const stat = readFileSync(`/proc/${pid}/task/${task}/stat`, 'latin1');
        return /^[RD]/.test(stat.slice(stat.lastIndexOf(')') + 2));
      });
    } catch {
      return false; // exited meanwhile
    }
  });
}

/**
 * Waits until no thread of the processes below this one has been running or runnable in four polls 100 ms
 * apart (a process started ahead has loaded its interpreter and waits for its request; a process starved of
 * CPU still counts as busy); answers the ms until the last poll that found one busy.
 */
export async function childrenSettled(limitMs = 120_000): Promise<number> {
  const started = performance.now();
  let busyUntil = 0;
  let quiet = 0;
  while (quiet < 4 && performance.now() - started < limitMs) {
    if (treeBusy(process.pid)) [quiet, busyUntil] = [0, performance.now() - started];
    else quiet += 1;
    await sleep(100);
  }
  return busyUntil;
}

export interface TreeMemoryPeak {
  /** This process and the watched children's trees: sums of RSS and of its anonymous part. */
  rss: number;
  anon: number;
  /** The watched children's trees only (sum of RSS). */
  childrenRss: number;
  /** Watched children at once. */
  children: number;
  /** The longest one sample took (it reads /proc on this process's thread). */
  slowestSampleMs: number;
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'latin1').trim();
  } catch {
    return '';
  }
}

/**
 * Samples this process and the trees of its children running `command` (not, say, tsx's esbuild) every
 * `everyMs`; `stop` answers the peaks of the sums.
 */
export function watchTreeMemory(everyMs: number, command: string): { stop(): TreeMemoryPeak } {
  const peak: TreeMemoryPeak = { rss: 0, anon: 0, childrenRss: 0, children: 0, slowestSampleMs: 0 };
  const sample = (): void => {
    const started = performance.now();
    const roots = childrenOf(process.pid).filter((pid) => commandOf(pid) === command);
    const own = memoryOf(process.pid);
    const theirs = [...roots, ...roots.flatMap(descendants)].map(memoryOf);
    const childrenRss = theirs.reduce((sum, m) => sum + m.rss, 0);
    peak.rss = Math.max(peak.rss, own.rss + childrenRss);
    peak.anon = Math.max(peak.anon, own.anon + theirs.reduce((sum, m) => sum + m.anon, 0));
    peak.childrenRss = Math.max(peak.childrenRss, childrenRss);
    peak.children = Math.max(peak.children, roots.length);
    peak.slowestSampleMs = Math.max(peak.slowestSampleMs, performance.now() - started);
  };
  const timer = setInterval(sample, everyMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}
