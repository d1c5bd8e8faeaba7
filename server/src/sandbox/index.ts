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
  /** Runs of one user waiting at most (default 2); runs waiting on the server at most (default 16). */
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
  /** A backend already detected (skips the probe). */
  backend?: SandboxBackend;
}

export interface SandboxPool {
  run(request: PythonRunRequest): Promise<PythonRunResult>;
  /** The status now ("off, starting" until the backend is known). */
  status(): SandboxStatus;
  /** Resolves when the backend is known and `warm` processes are started. */
  ready(): Promise<SandboxStatus>;
  close(): Promise<void>;
}

const MB = 1024 * 1024;
const RESULT_HEADER_SLACK = MB;

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
    queue: options.queue ?? 16,
  });
  const warmCount = options.warm ?? 1;
  const defaultTimeout = options.timeoutMs ?? 30_000;
  const memoryBytes = (options.memoryLimitMb ?? 1024) * MB;
  const maxOutputFiles = options.maxOutputFiles ?? 20;
  const maxOutputBytes = options.maxOutputBytes ?? 32 * MB;
  const maxInputBytes = options.maxInputBytes ?? 64 * MB;
  const warm: SandboxProcess[] = [];
  const live = new Set<SandboxProcess>();
  let closed = false;
  let backend: SandboxBackend | undefined = options.backend;
  const detected: Promise<SandboxBackend> = backend
    ? Promise.resolve(backend)
    : detectSandbox(options).then((found) => (backend = found));

  function limitsFor(timeoutMs: number): SandboxLimits {
    return {
      cpuSeconds: Math.max(1, Math.ceil(timeoutMs / 1000)),
      memoryBytes,
      processes: 32,
      fileBytes: Math.max(maxOutputBytes, maxInputBytes),
      openFiles: 256,
      dataBytes: maxInputBytes + maxOutputBytes,
      tmpBytes: 64 * MB,
    };
  }

  function spawn(found: Exclude<SandboxBackend, { kind: 'off' }>, timeoutMs: number): SandboxProcess {
    const args = bwrapArguments(runtimeOf(found), limitsFor(timeoutMs));
    const started = startSandboxProcess(found.bwrap, args, maxOutputBytes + RESULT_HEADER_SLACK);
    live.add(started);
    return started;
  }

  /** Warm processes carry the default time limit in their CPU cap; a run with another limit starts its own. */
  function refill(): void {
    if (closed || !backend || backend.kind === 'off') return;
    for (let i = warm.length - 1; i >= 0; i -= 1) if (!warm[i]!.alive()) warm.splice(i, 1);
    while (warm.length < warmCount) warm.push(spawn(backend, defaultTimeout));
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
    let process_: SandboxProcess | undefined;
    if (timeoutMs === defaultTimeout) {
      refill();
      process_ = warm.shift();
    }
    process_ ??= spawn(found, timeoutMs);
    refill();
    try {
      const outcome = await process_.run(
        { code: request.code, files, timeoutMs, ...(request.signal ? { signal: request.signal } : {}) },
        { maxFiles: maxOutputFiles, maxBytes: maxOutputBytes },
      );
      const base = { stdout: outcome.stdout, stderr: outcome.stderr, timedOut: outcome.timedOut };
      if (!outcome.result) return { ...empty, ...base, failure: outcome.failure ?? 'The run failed.' };
      const { value, error, skipped } = outcome.result;
      const notes = skipped.map(({ name, reason }) =>
        reason === 'files'
          ? `${name} was not returned: a run returns at most ${maxOutputFiles} files.`
          : `${name} was not returned: a run returns at most ${maxOutputBytes / MB} MB of files.`,
      );
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
      process_.kill();
      live.delete(process_);
    }
  }

  return {
    status: () =>
      backend ? statusOf(backend) : { available: false, backend: 'off', reason: 'starting', packages: [] },
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
