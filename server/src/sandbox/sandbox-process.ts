// One sandboxed interpreter process: started ahead of its run (warm), handed one request, then gone. Its output
// is read with caps, its wall clock is the server's, and stopping it kills the whole process group (bubblewrap's
// PID namespace takes everything inside with it).
import { spawn, type ChildProcess } from 'node:child_process';
import type { Readable } from 'node:stream';
import { parseResult, requestFrame, type RunnerLimits, type RunnerResult } from './frames';
import type { PythonFile } from './types';

/** What the code printed is kept up to this many characters per stream. */
export const OUTPUT_CAP = 256 * 1024;

export interface RawOutcome {
  stdout: string;
  stderr: string;
  result?: RunnerResult;
  /** Set when the run did not end by itself with a readable result. */
  failure?: string;
  timedOut: boolean;
}

export interface SandboxProcess {
  /** False once the process has exited (a warm one that died is not used). */
  alive(): boolean;
  run(
    request: { code: string; files: readonly PythonFile[]; timeoutMs: number; signal?: AbortSignal },
    limits: RunnerLimits,
  ): Promise<RawOutcome>;
  kill(): void;
}

/** Keeps the first `cap` bytes of a stream and counts the rest. */
function capped(stream: Readable | null, cap: number): { text(): string; bytes(): Buffer; over(): boolean } {
  const chunks: Buffer[] = [];
  let kept = 0;
  let dropped = 0;
  stream?.on('data', (chunk: Buffer) => {
    const room = cap - kept;
    if (room > 0) {
      const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
      chunks.push(part);
      kept += part.length;
    }
    dropped += Math.max(0, chunk.length - Math.max(room, 0));
  });
  stream?.on('error', () => undefined);
  return {
    bytes: () => Buffer.concat(chunks),
    over: () => dropped > 0,
    text: () => {
      const text = Buffer.concat(chunks).toString('utf8');
      return dropped > 0 ? `${text}\n[output cut at ${cap} bytes; ${dropped} more were not kept]` : text;
    },
  };
}

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}

export function startSandboxProcess(bwrap: string, args: string[], resultCap: number): SandboxProcess {
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
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      exited = true;
      resolve({ code, signal });
    });
    child.once('error', () => {
      exited = true;
      resolve({ code: null, signal: null });
    });
  });
  const stdout = capped(child.stdout, OUTPUT_CAP);
  const stderr = capped(child.stderr, OUTPUT_CAP);
  const resultStream = child.stdio[3] as Readable | null;
  const result = capped(resultStream, resultCap);
  child.stdin?.on('error', () => undefined);

  return {
    alive: () => !exited,
    kill: () => killGroup(child),
    async run(request, limits) {
      let timedOut = false;
      let stopped = false;
      let overflow = false;
      const timer = setTimeout(() => {
        timedOut = true;
        killGroup(child);
      }, request.timeoutMs);
      const onAbort = (): void => {
        stopped = true;
        killGroup(child);
      };
      if (request.signal?.aborted) onAbort();
      request.signal?.addEventListener('abort', onAbort, { once: true });
      const watchOverflow = setInterval(() => {
        if (result.over()) {
          overflow = true;
          killGroup(child);
        }
      }, 50);
      for (const piece of requestFrame(request.code, request.files, limits)) child.stdin?.write(piece);
      child.stdin?.end();
      const { code, signal } = await exit;
      // The pipes may still hold the last bytes after the exit event.
      await Promise.all(
        [child.stdout, child.stderr, resultStream].map(
          (stream) =>
            new Promise<void>((resolve) => {
              if (!stream || stream.readableEnded || stream.destroyed) resolve();
              else stream.once('close', () => resolve());
            }),
        ),
      );
      clearTimeout(timer);
      clearInterval(watchOverflow);
      request.signal?.removeEventListener('abort', onAbort);
      const printed = { stdout: stdout.text(), stderr: stderr.text() };
      const seconds = request.timeoutMs / 1000;
      if (timedOut || signal === 'SIGXCPU') {
        return {
          ...printed,
          timedOut: true,
          failure: `The code ran longer than ${seconds} s and was stopped.`,
        };
      }
      if (stopped) return { ...printed, timedOut: false, failure: 'The run was stopped.' };
      if (overflow || result.over()) {
        return { ...printed, timedOut: false, failure: 'The files written exceed what one run may return.' };
      }
      const parsed = parseResult(result.bytes(), limits);
      if (parsed) return { ...printed, timedOut: false, result: parsed };
      const memory = /MemoryError|Cannot allocate memory|out of memory|allocation failed/i.test(
        printed.stderr,
      );
      return {
        ...printed,
        timedOut: false,
        failure: memory
          ? 'The code used more memory than the sandbox allows.'
          : code === 0
            ? 'The code ended the interpreter before it could report.'
            : `The Python sandbox stopped unexpectedly (${signal ?? `exit code ${code}`}).`,
      };
    },
  };
}
