import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openEmbedded, type OpenedEmbedded } from './open-embedded';
import type { EmbeddedDatabaseEvent } from './worker-client';

export interface EarlyHandlers {
  onEvent: (event: EmbeddedDatabaseEvent) => void;
  onLockCompromised: (error: Error) => void;
}

/** An embedded database opened before the configuration and the app's modules are loaded. */
export interface EarlyEmbedded {
  /** The database folder (`DATA_DIR/db`), for the caller to check against its configuration. */
  readonly dataDir: string;
  readonly opening: Promise<OpenedEmbedded>;
  /** Where the database's events and a lost lock go from now on; those that came before are handed over. */
  attach(handlers: EarlyHandlers): void;
  /** Closes it, once opened, and forgets any failure (the configuration is invalid or names another one). */
  discard(): Promise<void>;
}

/**
 * Starts opening the embedded database from the environment alone, for `main.ts` to call before it loads
 * the rest of the server: PGlite's worker thread compiles its WebAssembly and starts PostgreSQL on the other
 * core meanwhile. Only an existing database (`PG_VERSION` in `DATA_DIR/db`) without `DATABASE_URL` is
 * opened this way; a new one is made after the configuration is known to be valid, as before. The caller
 * checks the folder against its configuration and discards it on a mismatch.
 */
export function openEarly(env: NodeJS.ProcessEnv, cwd: string): EarlyEmbedded | undefined {
  if (env.DATABASE_URL) return undefined;
  // As config/app-config.ts resolves it.
  const dataDir = join(resolve(cwd, env.DATA_DIR ?? 'data'), 'db');
  if (!existsSync(join(dataDir, 'PG_VERSION'))) return undefined;

  let handlers: EarlyHandlers | undefined;
  const events: EmbeddedDatabaseEvent[] = [];
  let lockLost: Error | undefined;
  const opening = openEmbedded(dataDir, {
    onEvent: (event) => (handlers ? handlers.onEvent(event) : events.push(event)),
    onLockCompromised: (error) => (handlers ? handlers.onLockCompromised(error) : (lockLost ??= error)),
  });
  // Its failure is seen by whoever awaits `opening`, not as an unhandled rejection while modules load.
  opening.catch(() => undefined);
  return {
    dataDir,
    opening,
    attach(next) {
      handlers = next;
      for (const event of events.splice(0)) next.onEvent(event);
      if (lockLost) next.onLockCompromised(lockLost);
    },
    discard: () => opening.then((opened) => opened.close()).catch(() => undefined),
  };
}
