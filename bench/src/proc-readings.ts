import os from 'node:os';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** Socket inodes listening on `port` (IPv4 and IPv6), from /proc/net/tcp{,6}. */
function listeningInodes(port: number): Set<string> {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      const [local, state, inode] = [cols[1], cols[3], cols[9]];
      if (local?.endsWith(`:${hexPort}`) && state === '0A' && inode) inodes.add(inode);
    }
  }
  return inodes;
}

/** The pid of the process listening on a local TCP port (Linux only). */
export function pidListeningOn(port: number): number {
  const inodes = listeningInodes(port);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${entry}/fd`);
    } catch {
      continue; // gone, or not ours
    }
    for (const fd of fds) {
      try {
        const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${entry}/fd/${fd}`));
        if (match?.[1] && inodes.has(match[1])) return Number(entry);
      } catch {
        // the fd closed meanwhile
      }
    }
  }
  throw new Error(`no process listens on port ${port}`);
}

/** `VmRSS` (resident now) and `VmHWM` (peak resident) of a process, in bytes. */
export function residentMemory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kib('VmRSS') * 1024, peak: kib('VmHWM') * 1024 };
}

/** Decimal megabytes, the unit of the targets. */
export const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(0)} MB`;

/** User + system CPU time a process has used so far, in ms (from /proc/<pid>/stat, clock ticks of 10 ms). */
export function cpuTimeMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The 1-minute load average, to say how busy the shared machine was while a figure was taken. */
export const loadAverage = (): string => os.loadavg()[0]?.toFixed(1) ?? '?';

/**
 * The time a process's main thread has spent waiting for a CPU while ready to run, in ms (the second field of
 * Linux's `/proc/<pid>/task/<pid>/schedstat`), or null where it cannot be read.
 */
export function cpuWaitMs(pid: number): number | null {
  try {
    const wait = Number(readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'latin1').split(' ')[1]);
    return Number.isFinite(wait) ? wait / 1e6 : null;
  } catch {
    return null;
  }
}
