// One sandboxed interpreter process: started ahead of its first run (warm), then handed runs one at a time — one
// for a one-off run, one per turn for a conversation's interpreter. Its output is read with caps, its wall clock
// is the server's, and stopping it kills the whole process group (bubblewrap's PID namespace takes everything
// inside with it).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { createResultReader, requestFrame, type RunnerLimits, type RunnerResult } from './frames';
import type { PythonFile } from './types';

/** How long a process may take to load before its first run fails. */
const START_TIMEOUT_MS = 120_000;

/** How long the end markers of a run's output may trail its result. */
const MARKER_GRACE_MS = 1000;

/** What the code printed is kept up to this many bytes per stream and run. */
const OUTPUT_CAP = 256 * 1024;

export interface RawOutcome {
  stdout: string;
  stderr: string;
  result?: RunnerResult;
  /** Set when the run did not end by itself with a readable result. */
  failure?: string;
  timedOut: boolean;
}

export interface SandboxRunRequest {
  code: string;
  files: readonly PythonFile[];
  timeoutMs: number;
  signal?: AbortSignal;
}

export interface SandboxProcess {
  /** False once the process has exited (or was killed). */
  alive(): boolean;
  /** One run; the next may start when it has settled (and the process is still alive). */
  run(request: SandboxRunRequest, limits: RunnerLimits): Promise<RawOutcome>;
  kill(): void;
}

/** One stream's output of one run: kept up to the cap, ended by the run's marker. */
class RunOutput {
  private readonly kept: Buffer[] = [];
  private keptBytes = 0;
  private dropped = 0;
  private pending = Buffer.alloc(0);
  ended = false;

  constructor(private readonly marker: Buffer) {}

  push(chunk: Buffer): void {
    if (this.ended) return;
    const data = this.pending.length > 0 ? Buffer.concat([this.pending, chunk]) : chunk;
    const at = data.indexOf(this.marker);
    if (at >= 0) {
      this.keep(data.subarray(0, at));
      this.pending = Buffer.alloc(0);
      this.ended = true;
      return;
    }
    const safe = Math.max(0, data.length - (this.marker.length - 1));
    this.keep(data.subarray(0, safe));
    this.pending = Buffer.from(data.subarray(safe));
  }

  /** The process is gone: what is left is the run's. */
  flush(): void {
    this.keep(this.pending);
    this.pending = Buffer.alloc(0);
    this.ended = true;
  }

  text(): string {
    const text = Buffer.concat(this.kept).toString('utf8');
    return this.dropped > 0
      ? `${text}\n[output cut at ${OUTPUT_CAP} bytes; ${this.dropped} more were not kept]`
      : text;
  }

  private keep(bytes: Buffer): void {
    const room = OUTPUT_CAP - this.keptBytes;
    if (room > 0) {
      const part = bytes.length > room ? bytes.subarray(0, room) : bytes;
      this.kept.push(Buffer.from(part));
      this.keptBytes += part.length;
    }
    this.dropped += Math.max(0, bytes.length - Math.max(room, 0));
  }
}

interface ActiveRun {
  stdout: RunOutput;
  stderr: RunOutput;
  result?: RunnerResult;
  failure?: string;
  settle(): void;
}

export function startSandboxProcess(bwrap: string, args: string[], limits: RunnerLimits): SandboxProcess {
  const child = spawn(bwrap, args, {
    env: {},
    stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
    detached: true,
    // As root, bubblewrap itself runs as nobody: the sandbox's user namespace then maps to an unprivileged
    // user, and the kernel's process limit applies (root is exempt from it).
    ...(process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {}),
  });
  child.unref();
  let exited = false;
  let exitSignal: NodeJS.Signals | null = null;
  let exitCode: number | null = null;
  let active: ActiveRun | undefined;
  /** Starts the active run's clock once the runner says it is loaded. */
  let onReady: (() => void) | undefined;
  const reader = createResultReader(limits);

  const kill = (): void => {
    if (child.pid === undefined || exited) return;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      child.kill('SIGKILL');
    }
  };

  // Output and result arrive on separate pipes in either order: each arrival may complete the run.
  child.stdout?.on('data', (chunk: Buffer) => {
    active?.stdout.push(chunk);
    active?.settle();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    active?.stderr.push(chunk);
    active?.settle();
  });
  const results = child.stdio[3] as Readable | null;
  results?.on('data', (chunk: Buffer) => {
    try {
      for (const result of reader.push(chunk)) if (active && !active.result) active.result = result;
      if (reader.ready && onReady) {
        const start = onReady;
        onReady = undefined;
        start();
      }
    } catch (error) {
      if (active) active.failure = (error as Error).message;
      kill();
    }
    active?.settle();
  });
  for (const stream of [child.stdin, child.stdout, child.stderr, results])
    stream?.on('error', () => undefined);

  // All pipes drained and the process gone: whatever run is active ends with what arrived.
  let streamsOpen = [child.stdout, child.stderr, results].filter(Boolean).length;
  const onGone = (): void => {
    if (!exited || streamsOpen > 0) return;
    if (active) {
      active.stdout.flush();
      active.stderr.flush();
      active.settle();
    }
  };
  for (const stream of [child.stdout, child.stderr, results]) {
    stream?.once('close', () => {
      streamsOpen -= 1;
      onGone();
    });
  }
  child.once('exit', (code, signal) => {
    exited = true;
    exitCode = code;
    exitSignal = signal;
    onGone();
  });
  child.once('error', () => {
    exited = true;
    streamsOpen = 0;
    onGone();
  });

  return {
    alive: () => !exited,
    kill,
    run(request, runLimits) {
      if (active) return Promise.reject(new Error('The sandbox is already running code.'));
      if (exited) {
        return Promise.resolve({
          stdout: '',
          stderr: '',
          timedOut: false,
          failure: 'The Python sandbox has stopped.',
        });
      }
      const marker = `\n\u0000parley-end-${randomBytes(12).toString('hex')}\u0000`;
      return new Promise<RawOutcome>((resolve) => {
        let timedOut = false;
        let stopped = false;
        let grace: NodeJS.Timeout | undefined;
        // The run's clock starts when the runner is loaded (Pyodide takes seconds, longer on a busy machine).
        let timer: NodeJS.Timeout | undefined;
        const startClock = (): void => {
          clearTimeout(starting);
          timer = setTimeout(() => {
            timedOut = true;
            kill();
          }, request.timeoutMs);
        };
        const starting = reader.ready
          ? undefined
          : setTimeout(() => {
              run.failure ??= 'The Python sandbox could not start in time.';
              kill();
            }, START_TIMEOUT_MS);
        if (reader.ready) startClock();
        else onReady = startClock;
        const onAbort = (): void => {
          stopped = true;
          kill();
        };
        const run: ActiveRun = {
          stdout: new RunOutput(Buffer.from(marker)),
          stderr: new RunOutput(Buffer.from(marker)),
          settle: () => {
            const gone = exited && streamsOpen === 0;
            if (run.result !== undefined && !grace) {
              // The markers were written before the result; code that closed its stdout never sends them.
              grace = setTimeout(() => {
                run.stdout.flush();
                run.stderr.flush();
                run.settle();
              }, MARKER_GRACE_MS);
            }
            const complete = run.result !== undefined && run.stdout.ended && run.stderr.ended;
            if (!gone && !complete && run.failure === undefined) return;
            if (run.failure !== undefined && !gone) return; // killed: wait for the pipes to drain
            clearTimeout(timer);
            clearTimeout(starting);
            clearTimeout(grace);
            onReady = undefined;
            request.signal?.removeEventListener('abort', onAbort);
            active = undefined;
            resolve(outcomeOf(run, { timedOut, stopped, seconds: request.timeoutMs / 1000 }));
          },
        };
        active = run;
        if (request.signal?.aborted) onAbort();
        request.signal?.addEventListener('abort', onAbort, { once: true });
        for (const piece of requestFrame(request.code, request.files, runLimits, marker))
          child.stdin?.write(piece);
      });
    },
  };

  function outcomeOf(
    run: ActiveRun,
    how: { timedOut: boolean; stopped: boolean; seconds: number },
  ): RawOutcome {
    const printed = { stdout: run.stdout.text(), stderr: run.stderr.text() };
    if (how.timedOut || exitSignal === 'SIGXCPU') {
      return {
        ...printed,
        timedOut: true,
        failure: `The code ran longer than ${how.seconds} s and was stopped.`,
      };
    }
    if (how.stopped) return { ...printed, timedOut: false, failure: 'The run was stopped.' };
    if (run.failure !== undefined) return { ...printed, timedOut: false, failure: run.failure };
    if (run.result) return { ...printed, timedOut: false, result: run.result };
    const memory = /MemoryError|Cannot allocate memory|out of memory|allocation failed/i.test(printed.stderr);
    return {
      ...printed,
      timedOut: false,
      failure: memory
        ? 'The code used more memory than the sandbox allows.'
        : exitCode === 0
          ? 'The code ended the interpreter before it could report.'
          : `The Python sandbox stopped unexpectedly (${exitSignal ?? `exit code ${exitCode}`}).`,
    };
  }
}
