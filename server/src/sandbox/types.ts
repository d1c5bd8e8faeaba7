// What the code interpreter's sandbox takes and gives (server/src/sandbox/index.ts).

export interface PythonFile {
  name: string;
  bytes: Uint8Array;
}

export interface PythonRunRequest {
  /** Whose code this is: the pool's shares are per user. */
  userId: string;
  /** A conversation of the user's: its interpreter is kept between runs (variables, /mnt/data), until it is
   * unused for a while, stopped by a limit, or evicted; absent: a one-off interpreter. */
  session?: string;
  code: string;
  files: PythonFile[];
  /** Wall-clock limit of the run (default the pool's, 30 s); CPU seconds are capped to the same. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface PythonOutputFile {
  name: string;
  bytes: Uint8Array;
  mimeType: string;
}

export interface PythonRunResult {
  stdout: string;
  stderr: string;
  /** `repr` of the last expression's value, when it is not None. */
  result?: string;
  /** The exception the code raised (a traceback of the user's code only): the model reads it and fixes. */
  error?: string;
  /** Why the sandbox could not finish the run (time, memory, busy, stopped, failed to start). */
  failure?: string;
  timedOut: boolean;
  /** Files new or changed under /mnt/data, within the per-run limits. */
  files: PythonOutputFile[];
  /** Files left out, with the reason in words (too many, too large). */
  notes: string[];
}

/** Which isolated runtime runs the code, or why there is none. */
export type SandboxBackend =
  | { kind: 'python'; bwrap: string; python: string; packages: string[] }
  | { kind: 'pyodide'; bwrap: string; node: string; pyodideDir: string; packages: string[] }
  | { kind: 'off'; reason: string };

export interface SandboxStatus {
  available: boolean;
  backend: SandboxBackend['kind'];
  /** Why the code interpreter is off, when it is. */
  reason?: string;
  /** Importable packages beyond the standard library (e.g. numpy, pandas, matplotlib). */
  packages: string[];
}

/** The pool is full for this user or for the server: a clear "try again" for the model and the user. */
export class SandboxBusyError extends Error {
  constructor(message = 'The code interpreter is busy. Try again in a moment.') {
    super(message);
    this.name = 'SandboxBusyError';
  }
}
