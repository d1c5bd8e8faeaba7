import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ImportFailure, ImportFormat } from '@parley/shared/schemas/import';
import { AppError } from '../lib/errors';
import type { ReadImportOptions } from './read-file';
import type { ImportItem, WorkerInput, WorkerReply } from './worker-protocol';

/**
 * The worker's code: beside the bundle (`dist/import-worker.js`, see build.mjs); run from the TypeScript
 * source (tests, `npm run dev`), the worker is bundled on first use with esbuild (a devDependency, there),
 * once per process — loading its sources one by one in every worker would take seconds.
 */
let bundled: Promise<URL> | undefined;
function workerScript(): Promise<URL> {
  if (!import.meta.url.endsWith('.ts'))
    return Promise.resolve(new URL('./import-worker.js', import.meta.url));
  bundled ??= (async () => {
    const { build } = await import('esbuild');
    const outfile = join(mkdtempSync(join(tmpdir(), 'parley-import-worker-')), 'import-worker.mjs');
    await build({
      entryPoints: [fileURLToPath(new URL('./parse-worker.ts', import.meta.url))],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'warning',
    });
    return pathToFileURL(outfile);
  })();
  return bundled;
}

/** A 50 MB file parses into a few hundred MB of objects; past this the worker stops and the file is refused. */
const WORKER_HEAP_MB = 1536;

const TOO_LARGE = 'The file is too large to import: split it into smaller files and import them one by one.';

export interface OpenedImport {
  format: ImportFormat;
  failed: ImportFailure[];
  messages: number;
  /** The next conversation or batch of messages, or null at the end. */
  next(): Promise<ImportItem | null>;
  /** Stops the worker (at the end, or when the import is abandoned). */
  close(): Promise<void>;
}

function errorOf(reply: Extract<WorkerReply, { kind: 'error' }>): AppError {
  return new AppError(reply.status, reply.message, reply.code ? { code: reply.code } : {});
}

/**
 * Starts a worker thread on the body's bytes (moved to it, not copied, when they own their memory) and
 * resolves once it has read the whole file: its format, the conversations it could not read and its message
 * count; or rejects with the worker's 400/413.
 */
export async function openImportFile(body: Buffer, options: ReadImportOptions): Promise<OpenedImport> {
  const owned = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength;
  const bytes = owned ? (body.buffer as ArrayBuffer) : new Uint8Array(body).buffer;
  const input: WorkerInput = { body: bytes, options };
  const worker = new Worker(await workerScript(), {
    workerData: input,
    transferList: [bytes],
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
  let waiting: { resolve: (reply: WorkerReply) => void; reject: (error: Error) => void } | null = null;
  let failure: Error | null = null;
  const fail = (error: Error) => {
    failure ??= error;
    waiting?.reject(failure);
    waiting = null;
  };
  worker.on('message', (reply: WorkerReply) => {
    waiting?.resolve(reply);
    waiting = null;
  });
  worker.on('error', (error) =>
    fail(
      (error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? new AppError(413, TOO_LARGE, { code: 'import_too_large' })
        : error,
    ),
  );
  worker.on('exit', () => fail(new Error('the import worker stopped')));
  const receive = () =>
    new Promise<WorkerReply>((resolve, reject) => {
      if (failure) reject(failure);
      else waiting = { resolve, reject };
    });
  const close = async () => {
    await worker.terminate();
  };
  try {
    const summary = await receive();
    if (summary.kind === 'error') throw errorOf(summary);
    if (summary.kind !== 'summary') throw new Error(`the import worker answered ${summary.kind} first`);
    const request = () => {
      const reply = receive();
      // Awaited by the next `next()`; an import abandoned before that must not leave it unhandled.
      reply.catch(() => undefined);
      worker.postMessage('next');
      return reply;
    };
    // One request is always out, so the worker prepares the next item while this one is written.
    let ahead = request();
    return {
      format: summary.format,
      failed: summary.failed,
      messages: summary.messages,
      next: async () => {
        const item = await ahead;
        if (item.kind === 'end') return null;
        ahead = request();
        if (item.kind === 'conversation' || item.kind === 'messages') return item;
        throw new Error(`the import worker answered ${item.kind}`);
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
