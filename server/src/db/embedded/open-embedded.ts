import { lockDataDir } from './data-dir-lock';
import { PgliteWorkerClient, type EmbeddedDatabaseEvent } from './worker-client';

export interface OpenEmbeddedOptions {
  onEvent?: (event: EmbeddedDatabaseEvent) => void;
  /** The data dir's lock was lost: another process may have it now, so the caller should stop. */
  onLockCompromised: (error: Error) => void;
  /** What a new data dir starts from (PgliteWorkerOptions.template). */
  template?: string | null;
}

/** The embedded database's worker and the data dir's lock, before drizzle is put on top (`db/client.ts`). */
export interface OpenedEmbedded {
  readonly dataDir: string;
  readonly client: PgliteWorkerClient;
  /** Closes the database, ends its thread and releases the lock. */
  close(): Promise<void>;
}

/**
 * Locks the data dir and opens PGlite on it in a worker thread. Imports neither drizzle nor the schema, so
 * `main.ts` can start it before the app's modules load (docs/decisions.md "Start-up: the database opens
 * while the app loads").
 */
export async function openEmbedded(dataDir: string, opts: OpenEmbeddedOptions): Promise<OpenedEmbedded> {
  const release = await lockDataDir(dataDir, { onCompromised: opts.onLockCompromised });
  let client: PgliteWorkerClient;
  try {
    client = await PgliteWorkerClient.open({ dataDir, onEvent: opts.onEvent, template: opts.template });
  } catch (error) {
    await release();
    throw error;
  }
  let closing: Promise<void> | undefined;
  return {
    dataDir,
    client,
    close: () =>
      (closing ??= (async () => {
        try {
          await client.close();
        } finally {
          await release();
        }
      })()),
  };
}
