// The code interpreter's Python sandbox (issue 15): Pyodide (CPython on WebAssembly, standard library only)
// in a worker thread. Public API: `runPython` (and `createSandboxPool` for tests and benchmarks).
//
// Limits and isolation, layered (docs/decisions.md "Code interpreter on our own runtime"):
// - Each run gets a fresh interpreter in its own worker thread, terminated afterwards: nothing one user's code
//   changes is seen by the next run. A few workers are loaded ahead of time (`warm`), so a run does not wait
//   for Pyodide's start.
// - Time: the worker is terminated after `timeoutMs` (default 30 s); CPU-bound loops cannot outlive it.
// - Memory: Python's WebAssembly heap cannot grow past `memoryLimitMb` (MemoryError), the worker's V8 heap is
//   capped by `resourceLimits`.
// - No network, no host processes: inside the worker, `require` of child_process, ws, net, http… fails
//   (emscripten's os.system and socket emulation use them), the `js`/`pyodide_js` bridge and the `pyodide`
//   package are removed from Python, and fetch/WebSocket/require are deleted from the worker's globals.
// - No host file system: Pyodide's in-memory file system only; `/mnt/data` holds the given files and is the
//   working directory; files new or changed there come back.
// - Nothing is fetched at run time: loading packages is refused (the npm package has only the stdlib).
import { Worker } from 'node:worker_threads';
import mime from 'mime';

export interface PythonFile {
  name: string;
  bytes: Uint8Array;
}

export interface PythonRunRequest {
  code: string;
  files: PythonFile[];
  /** CPU/wall time limit of the run (default the pool's, 30 s). */
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface PythonRunResult {
  stdout: string;
  stderr: string;
  /** `repr` of the last expression's value, when it is not None. */
  result?: string;
  /** The traceback (or the sandbox's reason) when the run failed. */
  error?: string;
  timedOut: boolean;
  /** Files new or changed under /mnt/data. */
  files: Array<{ name: string; bytes: Uint8Array; mimeType: string }>;
}

export interface SandboxPoolOptions {
  /** Runs at the same time at most; more wait in line (default 2). */
  concurrency?: number;
  /** Interpreters kept loaded and idle (default 1). */
  warm?: number;
  timeoutMs?: number;
  /** WebAssembly heap of one interpreter at most (default 512 MB). */
  memoryLimitMb?: number;
  /** Bytes of files handed back by one run at most (default 64 MB). */
  maxOutputFileBytes?: number;
  /** Bytes of files handed in at most (default 64 MB). */
  maxInputFileBytes?: number;
}

export interface SandboxPool {
  run(request: PythonRunRequest): Promise<PythonRunResult>;
  /** Resolves when `warm` interpreters are loaded (benchmarks, tests). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

interface WorkerDone {
  type: 'done';
  stdout: string;
  stderr: string;
  value: string | null;
  error: string | null;
  files: Array<{ name: string; bytes: Uint8Array }>;
}

interface Loaded {
  worker: Worker;
  /** Settles when the interpreter is loaded (true) or the worker died while loading (false). */
  ready: Promise<boolean>;
}

const OUTPUT_CAP = 256 * 1024;

function workerUrl(): URL {
  // From sources (tsx, vitest) the .mjs sits beside this file; the build copies it beside dist/main.js.
  return new URL('./python-worker.mjs', import.meta.url);
}

/** A file name under /mnt/data: relative, no `..`, no control characters; undefined when unusable. */
function safeName(name: string): string | undefined {
  const parts = name.split(/[\\/]+/).filter((part) => part !== '' && part !== '.');
  const control = (part: string): boolean => [...part].some((char) => char.charCodeAt(0) < 0x20);
  if (parts.length === 0 || parts.some((part) => part === '..' || control(part))) return undefined;
  return parts.join('/');
}

function capText(text: string): string {
  return text.length > OUTPUT_CAP
    ? `${text.slice(0, OUTPUT_CAP)}\n[output cut at ${OUTPUT_CAP} characters]`
    : text;
}

export function createSandboxPool(options: SandboxPoolOptions = {}): SandboxPool {
  const concurrency = options.concurrency ?? 2;
  const warmCount = options.warm ?? 1;
  const defaultTimeout = options.timeoutMs ?? 30_000;
  const memoryLimitBytes = (options.memoryLimitMb ?? 512) * 1024 * 1024;
  const maxOutputFileBytes = options.maxOutputFileBytes ?? 64 * 1024 * 1024;
  const maxInputFileBytes = options.maxInputFileBytes ?? 64 * 1024 * 1024;
  const warm: Loaded[] = [];
  const live = new Set<Worker>();
  const waiting: Array<() => void> = [];
  let running = 0;
  let closed = false;

  function spawn(): Loaded {
    const worker = new Worker(workerUrl(), {
      workerData: { memoryLimitBytes },
      // Plain JavaScript: none of the parent's loaders (tsx under tests) are needed in the sandbox.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 },
      stdout: true,
      stderr: true,
    });
    worker.unref();
    live.add(worker);
    worker.once('exit', () => live.delete(worker));
    const ready = new Promise<boolean>((resolve) => {
      worker.once('message', (message: { type: string }) => resolve(message.type === 'ready'));
      worker.once('error', () => resolve(false));
      worker.once('exit', () => resolve(false));
    });
    return { worker, ready };
  }

  function refill(): void {
    while (!closed && warm.length < warmCount) warm.push(spawn());
  }

  async function acquireSlot(): Promise<void> {
    if (running < concurrency) {
      running += 1;
      return;
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  }

  function releaseSlot(): void {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }

  async function execute(request: PythonRunRequest): Promise<PythonRunResult> {
    const empty: PythonRunResult = { stdout: '', stderr: '', timedOut: false, files: [] };
    const files: PythonFile[] = [];
    let inputBytes = 0;
    for (const file of request.files) {
      const name = safeName(file.name);
      if (!name) return { ...empty, error: `The file name "${file.name}" cannot be used in /mnt/data.` };
      inputBytes += file.bytes.byteLength;
      files.push({ name, bytes: file.bytes });
    }
    if (inputBytes > maxInputFileBytes) {
      return {
        ...empty,
        error: `The files given to Python are too large (at most ${maxInputFileBytes} bytes).`,
      };
    }
    const timeoutMs = request.timeoutMs ?? defaultTimeout;
    const loaded = warm.shift() ?? spawn();
    refill();
    const { worker } = loaded;
    try {
      if (!(await loaded.ready)) return { ...empty, error: 'The Python sandbox could not start.' };
      return await new Promise<PythonRunResult>((resolve) => {
        let settled = false;
        const settle = (result: PythonRunResult): void => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          request.signal?.removeEventListener('abort', onAbort);
          resolve(result);
        };
        const timer = setTimeout(() => {
          settle({
            ...empty,
            timedOut: true,
            error: `The code ran longer than ${timeoutMs / 1000} s and was stopped.`,
          });
        }, timeoutMs);
        const onAbort = (): void => settle({ ...empty, error: 'The run was stopped.' });
        if (request.signal?.aborted) onAbort();
        request.signal?.addEventListener('abort', onAbort, { once: true });
        worker.on('message', (message: WorkerDone) => {
          if (message.type !== 'done') return;
          settle({
            stdout: capText(message.stdout),
            stderr: capText(message.stderr),
            ...(message.value !== null ? { result: message.value } : {}),
            ...(message.error !== null ? { error: message.error } : {}),
            timedOut: false,
            files: message.files.map((file) => ({
              name: file.name,
              bytes: file.bytes,
              mimeType: mime.getType(file.name) ?? 'application/octet-stream',
            })),
          });
        });
        worker.once('error', (error: Error) => {
          const memory = /memory|allocation/i.test(error.message);
          settle({
            ...empty,
            error: memory
              ? 'The code used more memory than the sandbox allows.'
              : `The Python sandbox failed: ${error.message}`,
          });
        });
        worker.once('exit', () => settle({ ...empty, error: 'The Python sandbox stopped unexpectedly.' }));
        worker.postMessage({ type: 'run', code: request.code, files, maxOutputFileBytes });
      });
    } finally {
      void worker.terminate();
    }
  }

  refill();

  return {
    async run(request) {
      if (closed) throw new Error('The Python sandbox is closed.');
      await acquireSlot();
      try {
        return await execute(request);
      } finally {
        releaseSlot();
      }
    },
    async ready() {
      await Promise.all(warm.map((loaded) => loaded.ready));
    },
    async close() {
      closed = true;
      await Promise.all([...live].map((worker) => worker.terminate()));
    },
  };
}

let shared: SandboxPool | undefined;

/** Runs Python in the process-wide sandbox pool (started on first use). */
export function runPython(request: PythonRunRequest): Promise<PythonRunResult> {
  shared ??= createSandboxPool();
  return shared.run(request);
}

/** Starts the process-wide pool, so an interpreter is loading before the first `runPython`. */
export function warmPython(): void {
  shared ??= createSandboxPool();
}
