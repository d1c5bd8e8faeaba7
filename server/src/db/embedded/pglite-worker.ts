/**
 * The embedded database's thread: PGlite (PostgreSQL compiled to WebAssembly) on the data dir, answering
 * the server's requests (see protocol.ts). Queries run here, so a slow one never stalls the HTTP event loop.
 * Run as a process of its own (`node pglite-worker.js <dataDir> [prepared database]`), it only creates the
 * database (initdb, or the prepared one unpacked) and exits: the server does that in a child process, so none
 * of that memory (initdb's 0.8 GB, the unpacking's buffers) stays in the server's.
 */
import { setFlagsFromString } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { createPglite } from '../pglite';
import { keepDrizzleTypesRaw } from './raw-types';
import {
  serializeError,
  type QueryResultData,
  type WorkerData,
  type WorkerReady,
  type WorkerReply,
  type WorkerRequest,
} from './protocol';

// WebAssembly code compiled once by the baseline compiler only: ~45 MB less resident code than with the
// optimising tier, for queries that measured the same (the time goes to PostgreSQL's own work and to I/O).
// The flag is process-wide and only concerns WebAssembly; it must be set before PGlite compiles its module.
setFlagsFromString('--liftoff-only');

const port = parentPort;

/** A WebAssembly trap or a failed memory growth leaves PGlite unusable: the thread exits and is restarted. */
function isFatal(error: unknown): boolean {
  return (
    (error instanceof Error && error.name === 'RuntimeError') ||
    (error instanceof RangeError && /memory/i.test(error.message))
  );
}

function reply(message: WorkerReply): void {
  port?.postMessage(message);
}

async function serve(db: PGlite): Promise<void> {
  const transactions = new Map<number, { tx: Transaction; end: (commit: boolean) => void }>();
  const ROLLBACK = Symbol('rollback');
  const rawTypes = keepDrizzleTypesRaw(db);

  const runner = (tx: number | undefined): Pick<Transaction, 'query' | 'exec'> => {
    if (tx === undefined) return db;
    const open = transactions.get(tx);
    if (!open) throw new Error(`transaction ${tx} is not open`);
    return open.tx;
  };

  const handle = async (request: WorkerRequest): Promise<unknown> => {
    switch (request.op) {
      case 'query': {
        const parsers = rawTypes.parsersFor(request.rawTypes);
        const result = await runner(request.tx).query(request.sql, request.params, {
          rowMode: request.rowMode,
          ...(parsers ? { parsers } : {}),
        });
        const data: QueryResultData = {
          rows: result.rows,
          fields: result.fields,
          affectedRows: result.affectedRows,
        };
        return data;
      }
      case 'exec': {
        const results = await runner(request.tx).exec(request.sql);
        return results.map((result): QueryResultData => ({
          rows: result.rows,
          fields: result.fields,
          affectedRows: result.affectedRows,
        }));
      }
      case 'begin':
        return new Promise<number>((opened, failed) => {
          const id = request.id;
          db.transaction(async (tx) => {
            const commit = await new Promise<boolean>((end) => {
              transactions.set(id, { tx, end });
              opened(id);
            });
            transactions.delete(id);
            if (!commit) throw ROLLBACK;
          }).then(
            () => endings.get(id)?.(undefined),
            (error: unknown) => {
              transactions.delete(id);
              const ending = endings.get(id);
              if (ending) ending(error === ROLLBACK ? undefined : error);
              else failed(error); // BEGIN itself failed
            },
          );
        });
      case 'end': {
        const open = transactions.get(request.tx);
        if (!open) throw new Error(`transaction ${request.tx} is not open`);
        const ended = new Promise<void>((resolve, reject) => {
          endings.set(request.tx, (error) => {
            endings.delete(request.tx);
            if (error === undefined) resolve();
            else reject(error instanceof Error ? error : new Error(String(error)));
          });
        });
        open.end(request.commit);
        await ended;
        return undefined;
      }
      case 'close':
        await db.close();
        return undefined;
    }
  };
  const endings = new Map<number, (error: unknown) => void>();

  port?.on('message', (request: WorkerRequest) => {
    handle(request).then(
      (value) => reply({ id: request.id, ok: true, value }),
      (error: unknown) => {
        reply({ id: request.id, ok: false, error: serializeError(error) });
        if (isFatal(error)) process.exit(70);
      },
    );
  });
  const ready: WorkerReady = { ready: true };
  port?.postMessage(ready);
}

if (port) {
  const { dataDir } = workerData as WorkerData;
  await serve(await createPglite({ dataDir, smallMemory: true }));
} else {
  const [dataDir, template] = process.argv.slice(2);
  if (!dataDir) throw new Error('usage: pglite-worker.js <data dir to initialise> [prepared database]');
  if (template) {
    // Only this one-off process unpacks: the worker thread never loads `tar`.
    const { unpackTemplate } = await import('./unpack-template');
    unpackTemplate(template, dataDir);
  } else {
    const db = await createPglite({ dataDir, smallMemory: true });
    await db.close();
  }
}
