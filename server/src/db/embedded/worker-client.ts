import { spawn as spawnProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, rmdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import {
  deserializeError,
  type QueryResultData,
  type RowMode,
  type WorkerData,
  type WorkerReply,
  type WorkerRequest,
} from './protocol';

/** What the server hears about its embedded database (it logs them). */
export type EmbeddedDatabaseEvent =
  | { type: 'crashed'; reason: string }
  | { type: 'restarted'; ms: number }
  | { type: 'restart-failed'; error: Error; retryInMs: number };

export interface PgliteWorkerOptions {
  /** PGlite data directory (created, and initialised by initdb, when missing). */
  dataDir: string;
  /**
   * A new data dir starts from this prepared database (make-template.ts); default: the one beside the built bundle,
   * if any. `null`: always initdb.
   */
  template?: string | null;
  onEvent?: (event: EmbeddedDatabaseEvent) => void;
  /** How long a request waits for a restarting database before it fails as unavailable (default 30 s). */
  restartWaitMs?: number;
}

/** The part of a PGlite transaction drizzle uses. */
export interface WorkerTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
}

type Request = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

const RESTART_BACKOFF_MS = [0, 500, 1_000, 2_000, 5_000, 10_000, 30_000];

/**
 * Where the worker's code is: next to this module when running from source (with tsx loading TypeScript),
 * `pglite-worker.js` next to the bundle when built (`server/dist/main.js`).
 */
function workerEntry(): URL {
  return import.meta.url.endsWith('.ts')
    ? new URL('./pglite-worker-from-source.mjs', import.meta.url)
    : new URL('./pglite-worker.js', import.meta.url);
}

/** An error of class 08 (connection exception): `isDatabaseUnavailable` treats it as worth a retry. */
function unavailable(message: string): Error {
  return Object.assign(new Error(message), { code: '08006' });
}

/**
 * The worker's young generation, at most (MB). V8's default lets it grow to ~17 MB committed, which stays
 * resident at idle; the thread's own JavaScript keeps little alive (PGlite's state is in WebAssembly memory),
 * so a small one costs a few cheap scavenges more and saves ~11 MB (docs/decisions.md "Start-up: the database
 * opens while the app loads").
 */
const WORKER_YOUNG_GENERATION_MB = 4;

function spawn(data: WorkerData): Worker {
  return new Worker(workerEntry(), {
    workerData: data,
    resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
  });
}

/**
 * The database prepared at build time (initdb and every migration done, `make-template.ts`), beside the
 * bundle; none when running from source, where migrations may be newer than the last build.
 */
export function preparedTemplate(): string | null {
  if (import.meta.url.endsWith('.ts')) return null;
  const path = fileURLToPath(new URL('./embedded-template.tar.gz', import.meta.url));
  return existsSync(path) ? path : null;
}

/**
 * Makes a new data dir in a child process — the prepared template unpacked (~0.2 s), or else initdb (~3 s of
 * CPU) — so its memory (initdb's ~0.8 GB at peak, the unpacking's ~50 MB of buffers) goes back to the system
 * when the process ends, where this process's allocator would keep part of it (docs/decisions.md "Idle memory").
 */
async function initialise(dataDir: string, template: string | null): Promise<void> {
  const args = [fileURLToPath(workerEntry()), dataDir, ...(template ? [template] : [])];
  const child = spawnProcess(process.execPath, args, {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    if (stderr.length < 4_000) stderr += chunk;
  });
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(
            new Error(
              `making the database in ${dataDir} exited with ${code ?? signal}: ${stderr.trim().slice(-1_000)}`,
            ),
          ),
    );
  });
}

/**
 * Creates the database in a sibling folder and moves it into place once complete, so a start interrupted
 * while it is made leaves nothing that looks like a database.
 */
async function initialiseBeside(dataDir: string, template: string | null): Promise<void> {
  const entries = await readdir(dataDir);
  if (entries.length > 0) {
    throw new Error(
      `${dataDir} is not empty but holds no database (no PG_VERSION); move it away to start afresh`,
    );
  }
  const staging = `${dataDir}.initdb`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  await initialise(staging, template);
  await rmdir(dataDir);
  await rename(staging, dataDir);
}

/**
 * PGlite in a worker thread, with the part of PGlite's API drizzle uses (`query`, `exec`, `transaction`).
 * When the thread dies, the requests in flight fail as unavailable, a new thread opens the same data dir
 * (PostgreSQL recovers from its write-ahead log, so every committed transaction is there) and requests
 * made meanwhile wait for it.
 */
export class PgliteWorkerClient {
  readonly #opts: PgliteWorkerOptions;
  #worker: Worker | undefined;
  /** Resolves when a worker answers; replaced while one restarts. */
  #ready: Promise<Worker>;
  #generation = 0;
  #nextId = 1;
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (e: Error) => void }>();
  #closing: Promise<void> | undefined;
  #crashes = 0;

  private constructor(opts: PgliteWorkerOptions) {
    this.#opts = opts;
    this.#ready = this.#start();
  }

  /** Opens the data dir in a new worker thread (after initdb in a child process when it is new). */
  static async open(opts: PgliteWorkerOptions): Promise<PgliteWorkerClient> {
    await mkdir(opts.dataDir, { recursive: true });
    if (!existsSync(join(opts.dataDir, 'PG_VERSION'))) {
      await initialiseBeside(opts.dataDir, opts.template === undefined ? preparedTemplate() : opts.template);
    }
    const client = new PgliteWorkerClient(opts);
    await client.#ready;
    return client;
  }

  get closed(): boolean {
    return this.#closing !== undefined;
  }

  /** The worker thread (for tests that make it crash). */
  get threadId(): number | undefined {
    return this.#worker?.threadId;
  }

  /** Ends the worker thread as a crash would (tests). */
  async crashForTest(): Promise<void> {
    await this.#worker?.terminate();
  }

  #start(): Promise<Worker> {
    const worker = spawn({ dataDir: this.#opts.dataDir });
    const generation = ++this.#generation;
    return new Promise<Worker>((resolve, reject) => {
      let started = false;
      worker.on('message', (message: WorkerReply | { ready: true }) => {
        if ('ready' in message) {
          started = true;
          this.#worker = worker;
          resolve(worker);
          return;
        }
        const pending = this.#pending.get(message.id);
        if (!pending) return;
        this.#pending.delete(message.id);
        if (message.ok) pending.resolve(message.value);
        else pending.reject(deserializeError(message.error));
      });
      worker.on('error', (error) => {
        if (!started) reject(error);
        else this.#onExit(generation, `${error.name}: ${error.message}`);
      });
      worker.on('exit', (code) => {
        if (!started) reject(new Error(`the embedded database exited with code ${code} while opening`));
        else this.#onExit(generation, `exit code ${code}`);
      });
    });
  }

  #onExit(generation: number, reason: string): void {
    if (generation !== this.#generation) return;
    this.#worker = undefined;
    this.#generation += 1; // open transactions of the dead worker can no longer be used
    for (const [id, pending] of this.#pending) {
      this.#pending.delete(id);
      pending.reject(
        this.#closing
          ? new Error('the embedded database is closed')
          : unavailable(`the embedded database stopped (${reason}); it is restarting`),
      );
    }
    if (this.#closing) return;
    this.#opts.onEvent?.({ type: 'crashed', reason });
    this.#ready = this.#restart();
    this.#ready.catch(() => undefined); // requests see the failure through their own wait
  }

  async #restart(): Promise<Worker> {
    const started = performance.now();
    for (;;) {
      if (this.#closing) throw unavailable('the embedded database is closed');
      try {
        const worker = await this.#start();
        this.#crashes = 0;
        this.#opts.onEvent?.({ type: 'restarted', ms: Math.round(performance.now() - started) });
        return worker;
      } catch (error) {
        const retryInMs = RESTART_BACKOFF_MS[Math.min(++this.#crashes, RESTART_BACKOFF_MS.length - 1)] ?? 0;
        this.#opts.onEvent?.({
          type: 'restart-failed',
          error: error instanceof Error ? error : new Error(String(error)),
          retryInMs,
        });
        await new Promise((resolve) => setTimeout(resolve, retryInMs));
      }
    }
  }

  async #waitForWorker(): Promise<Worker> {
    const wait = this.#opts.restartWaitMs ?? 30_000;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(unavailable('the embedded database is restarting')), wait);
    });
    try {
      return await Promise.race([this.#ready, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async #request(request: Request, generation?: number): Promise<unknown> {
    if (this.#closing && request.op !== 'close') throw new Error('the embedded database is closed');
    const worker = await this.#waitForWorker();
    if (generation !== undefined && generation !== this.#generation) {
      throw unavailable('the embedded database restarted during this transaction');
    }
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id } as WorkerRequest);
    });
  }

  #query<T>(sql: string, params: unknown[] = [], options: QueryOptions = {}, tx?: number, gen?: number) {
    const rowMode: RowMode = options.rowMode ?? 'object';
    const rawTypes = Object.keys(options.parsers ?? {}).map(Number);
    return this.#request({ op: 'query', sql, params, rowMode, rawTypes, tx }, gen) as Promise<
      Results<T> & QueryResultData
    >;
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(sql, params, options);
  }

  exec(sql: string): Promise<Results[]> {
    return this.#request({ op: 'exec', sql }) as Promise<Results[]>;
  }

  /** Runs `callback` in one transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(callback: (tx: WorkerTransaction) => Promise<T>): Promise<T> {
    const generation = this.#generation;
    const id = (await this.#request({ op: 'begin' }, generation)) as number;
    const tx: WorkerTransaction = {
      query: (sql, params, options) => this.#query(sql, params, options, id, generation),
      exec: (sql) => this.#request({ op: 'exec', sql, tx: id }, generation) as Promise<Results[]>,
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      await this.#request({ op: 'end', tx: id, commit: false }, generation).catch(() => undefined);
      throw error;
    }
    await this.#request({ op: 'end', tx: id, commit: true }, generation);
    return result;
  }

  /** Closes the database (PostgreSQL writes its checkpoint) and ends the thread. Safe to call twice. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      const worker = await this.#ready.catch(() => undefined);
      if (!worker) return;
      try {
        await this.#request({ op: 'close' });
      } finally {
        await worker.terminate();
      }
    })();
    return this.#closing;
  }
}
