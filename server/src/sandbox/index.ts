// The code interpreter's sandbox (issue 22; decisions: "Code interpreter: the operating system is the boundary").
// Every run is a separate OS process under bubblewrap with an empty environment — CPython where the machine has
// python3 (with whatever of numpy, pandas, matplotlib Debian installed), else Pyodide in a Node process under
// the same profile — and nothing of the user's code ever runs in the server's process. Without bubblewrap (or
// with user namespaces refused) the interpreter is off: `status()` says why and nothing is run.
//
// - Each run gets a fresh process, started ahead of time (`warm`) so a run does not wait for the start; it
//   reads the request, runs, reports, and exits. Nothing one run changes is seen by the next.
// - Time: the wall clock kills the process group at `timeoutMs`; CPU seconds are capped to the same.
// - Memory, processes, file size, open files: rlimits inside the sandbox's namespaces; /mnt/data and /tmp are
//   size-capped tmpfs. The network namespace has only its own loopback; /usr is read-only; /etc minimal.
// - Fairness: `capacity` runs at once per server, `perUser` of them one user's, short bounded queues
//   (SandboxBusyError past them).
// - Outputs: at most `maxOutputFiles` files and `maxOutputBytes` bytes come back, from /mnt/data only; the rest
//   is named in `notes`.
import mime from 'mime';
import type { SandboxLimits } from './bwrap-profile';
import { bwrapArguments } from './bwrap-profile';
import { detectSandbox, ENABLE_HINT, runtimeOf, type DetectOptions } from './detect';
import { createFairSlots } from './fair-slots';
import { safeName } from './frames';
import { startSandboxProcess, type SandboxProcess } from './sandbox-process';
import {
  SandboxBusyError,
  type PythonRunRequest,
  type PythonRunResult,
  type SandboxBackend,
  type SandboxStatus,
} from './types';

export type { PythonFile, PythonRunRequest, PythonRunResult, SandboxBackend, SandboxStatus } from './types';
export { SandboxBusyError } from './types';

export interface SandboxPoolOptions extends DetectOptions {
  /** Runs at the same time at most on this server (default 2). */
  capacity?: number;
  /** Runs of one user at the same time at most (default half the capacity, at least 1). */
  perUser?: number;
  /** Runs of one user waiting at most (default 2); runs waiting on the server at most (default 32: a burst of 20 users' runs all wait their turn). */
  perUserQueue?: number;
  queue?: number;
  /** Processes started ahead of their run (default 1). */
  warm?: number;
  timeoutMs?: number;
  /** Private memory of each process in the sandbox (default 1024 MB). */
  memoryLimitMb?: number;
  /** Files and bytes handed back by one run at most (default 20 and 32 MB). */
  maxOutputFiles?: number;
  maxOutputBytes?: number;
  /** Bytes of files handed in at most (default 64 MB). */
  maxInputBytes?: number;
  /** Conversations' interpreters kept at most (default 4; the least recently used idle one goes first). */
  maxSessions?: number;
  /** A conversation's interpreter unused this long is stopped (default 10 minutes). */
  sessionIdleMs?: number;
  /** A backend already detected (skips the probe). */
  backend?: SandboxBackend;
}

export interface SandboxPool {
  run(request: PythonRunRequest): Promise<PythonRunResult>;
  /** Conversations' interpreters alive now. */
  sessionCount(): number;
  /** Resolves when the backend is known and `warm` processes are started. */
  ready(): Promise<SandboxStatus>;
  close(): Promise<void>;
}

const MB = 1024 * 1024;
/** CPU seconds of one interpreter process over its life (a conversation's spans many runs); each run's own
 * limit is the wall clock. */
const PROCESS_CPU_SECONDS = 600;
const RESTARTED =
  'The interpreter was restarted (it was stopped, or unused for a while): variables and files written by ' +
  'earlier runs are gone; the given files are in /mnt/data again.';

interface Session {
  process: SandboxProcess;
  idle?: NodeJS.Timeout;
  busy: boolean;
  /** Order of last use (a counter: runs can end within the same millisecond). */
  lastUsed: number;
}

function statusOf(backend: SandboxBackend): SandboxStatus {
  return backend.kind === 'off'
    ? { available: false, backend: 'off', reason: backend.reason, packages: [] }
    : { available: true, backend: backend.kind, packages: backend.packages };
}

/** The sentence the server logs at start, and the builder shows, when the interpreter is off. */
export function offMessage(reason: string): string {
  return `The code interpreter is off: ${reason}. ${ENABLE_HINT}`;
}

export function createSandboxPool(options: SandboxPoolOptions = {}): SandboxPool {
  const capacity = options.capacity ?? 2;
  const slots = createFairSlots({
    capacity,
    perUser: options.perUser ?? Math.max(1, Math.floor(capacity / 2)),
    perUserQueue: options.perUserQueue ?? 2,
    queue: options.queue ?? 32,
  });
  const warmCount = options.warm ?? 1;
  const defaultTimeout = options.timeoutMs ?? 30_000;
  const memoryBytes = (options.memoryLimitMb ?? 1024) * MB;
  const maxOutputFiles = options.maxOutputFiles ?? 20;
  const maxOutputBytes = options.maxOutputBytes ?? 32 * MB;
  const maxInputBytes = options.maxInputBytes ?? 64 * MB;
  const maxSessions = options.maxSessions ?? 4;
  const sessionIdleMs = options.sessionIdleMs ?? 10 * 60_000;
  const warm: SandboxProcess[] = [];
  const live = new Set<SandboxProcess>();
  const sessions = new Map<string, Session>();
  /** Conversations whose interpreter ended, so their next run says it restarted (oldest forgotten first). */
  const lost = new Set<string>();
  let uses = 0;
  let closed = false;
  let backend: SandboxBackend | undefined = options.backend;
  const detected: Promise<SandboxBackend> = backend
    ? Promise.resolve(backend)
    : detectSandbox(options).then((found) => (backend = found));

  const limits: SandboxLimits = {
    cpuSeconds: PROCESS_CPU_SECONDS,
    memoryBytes,
    processes: 32,
    fileBytes: Math.max(maxOutputBytes, maxInputBytes),
    openFiles: 256,
    dataBytes: maxInputBytes + maxOutputBytes,
    tmpBytes: 64 * MB,
  };
  const runnerLimits = { maxFiles: maxOutputFiles, maxBytes: maxOutputBytes };

  function spawn(found: Exclude<SandboxBackend, { kind: 'off' }>): SandboxProcess {
    const started = startSandboxProcess(found.bwrap, bwrapArguments(runtimeOf(found), limits), runnerLimits);
    live.add(started);
    return started;
  }

  function refill(): void {
    if (closed || !backend || backend.kind === 'off') return;
    for (let i = warm.length - 1; i >= 0; i -= 1) if (!warm[i]!.alive()) warm.splice(i, 1);
    while (warm.length < warmCount) warm.push(spawn(backend));
  }

  /** A process ahead of time if one is ready, else a new one. */
  function takeProcess(found: Exclude<SandboxBackend, { kind: 'off' }>): SandboxProcess {
    refill();
    const taken = warm.shift() ?? spawn(found);
    refill();
    return taken;
  }

  function endSession(key: string): void {
    const session = sessions.get(key);
    if (!session) return;
    clearTimeout(session.idle);
    session.process.kill();
    live.delete(session.process);
    sessions.delete(key);
    lost.add(key);
    if (lost.size > 10_000) lost.delete(lost.values().next().value as string);
  }

  /** The conversation's interpreter: kept, or new (then `restarted` if it had one before); undefined when
   * every kept interpreter is busy and none may be added. */
  function sessionFor(
    key: string,
    found: Exclude<SandboxBackend, { kind: 'off' }>,
  ): { session: Session; restarted: boolean } | undefined {
    const kept = sessions.get(key);
    if (kept?.process.alive()) return { session: kept, restarted: false };
    if (kept) endSession(key);
    if (sessions.size >= maxSessions) {
      const idle = [...sessions.entries()].filter(([, session]) => !session.busy);
      idle.sort(([, a], [, b]) => a.lastUsed - b.lastUsed);
      if (idle[0]) endSession(idle[0][0]);
    }
    if (sessions.size >= maxSessions) return undefined;
    const restarted = lost.delete(key);
    const session: Session = { process: takeProcess(found), busy: false, lastUsed: (uses += 1) };
    sessions.set(key, session);
    return { session, restarted };
  }

  void detected.then(refill);

  async function execute(request: PythonRunRequest): Promise<PythonRunResult> {
    const empty: PythonRunResult = { stdout: '', stderr: '', timedOut: false, files: [], notes: [] };
    const found = await detected;
    if (found.kind === 'off') return { ...empty, failure: offMessage(found.reason) };
    const files = [];
    let inputBytes = 0;
    for (const file of request.files) {
      const name = safeName(file.name);
      if (!name) return { ...empty, failure: `The file name "${file.name}" cannot be used in /mnt/data.` };
      inputBytes += file.bytes.byteLength;
      files.push({ name, bytes: file.bytes });
    }
    if (inputBytes > maxInputBytes) {
      return {
        ...empty,
        failure: `The files given to Python are too large (at most ${maxInputBytes / MB} MB).`,
      };
    }
    const timeoutMs = request.timeoutMs ?? defaultTimeout;
    const key = request.session === undefined ? undefined : `${request.userId}\u0000${request.session}`;
    const kept = key === undefined ? undefined : sessionFor(key, found);
    const process_ = kept?.session.process ?? takeProcess(found);
    const notes: string[] = kept?.restarted ? [RESTARTED] : [];
    if (key !== undefined && !kept) {
      notes.push('Variables are not kept after this run: the server keeps too many interpreters already.');
    }
    if (kept) {
      kept.session.busy = true;
      clearTimeout(kept.session.idle);
    }
    try {
      const outcome = await process_.run(
        { code: request.code, files, timeoutMs, ...(request.signal ? { signal: request.signal } : {}) },
        runnerLimits,
      );
      const base = { stdout: outcome.stdout, stderr: outcome.stderr, timedOut: outcome.timedOut };
      if (!outcome.result) return { ...empty, ...base, notes, failure: outcome.failure ?? 'The run failed.' };
      const { value, error, skipped } = outcome.result;
      for (const { name, reason } of skipped) {
        notes.push(
          reason === 'files'
            ? `${name} was not returned: a run returns at most ${maxOutputFiles} files.`
            : `${name} was not returned: a run returns at most ${maxOutputBytes / MB} MB of files.`,
        );
      }
      return {
        ...base,
        ...(value !== null ? { result: value } : {}),
        ...(error !== null ? { error } : {}),
        files: outcome.result.files.map((file) => ({
          ...file,
          mimeType: mime.getType(file.name) ?? 'application/octet-stream',
        })),
        notes,
      };
    } finally {
      if (kept && key !== undefined) {
        kept.session.busy = false;
        kept.session.lastUsed = uses += 1;
        if (!process_.alive() || closed) endSession(key);
        else kept.session.idle = setTimeout(() => endSession(key), sessionIdleMs).unref();
      } else {
        process_.kill();
        live.delete(process_);
      }
    }
  }

  return {
    sessionCount: () => sessions.size,
    async ready() {
      const found = await detected;
      refill();
      return statusOf(found);
    },
    async run(request) {
      if (closed) throw new Error('The Python sandbox is closed.');
      let release: () => void;
      try {
        release = await slots.acquire(request.userId, request.signal);
      } catch (error) {
        const failure = error instanceof SandboxBusyError ? error.message : 'The run was stopped.';
        return { stdout: '', stderr: '', timedOut: false, files: [], notes: [], failure };
      }
      try {
        return await execute(request);
      } finally {
        release();
      }
    },
    async close() {
      closed = true;
      for (const key of [...sessions.keys()]) endSession(key);
      for (const started of live) started.kill();
      live.clear();
      warm.length = 0;
    },
  };
}

let shared: SandboxPool | undefined;

/** The process-wide pool (detected and warmed on first use). */
export function sharedSandbox(): SandboxPool {
  shared ??= createSandboxPool();
  return shared;
}
