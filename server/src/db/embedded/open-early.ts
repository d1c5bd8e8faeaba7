import { existsSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { openEmbedded, type OpenedEmbedded } from './open-embedded';
import { preparedTemplate, type EmbeddedDatabaseEvent } from './worker-client';

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
  /**
   * Closes it, once opened, and forgets any failure (the configuration is invalid or names another one). A
   * database this start made from the prepared one is removed again: nothing was written to it.
   */
  discard(): Promise<void>;
}

export interface OpenEarlyOptions {
  /** What a new data dir starts from; default the database prepared beside the built bundle (none from source). */
  template?: string | null;
}

function isMissingOrEmpty(dir: string): boolean {
  try {
    return readdirSync(dir).length === 0;
  } catch {
    return true;
  }
}

/**
 * Starts opening the embedded database from the environment alone, for `main.ts` to call before it loads
 * the rest of the server: PGlite's worker thread compiles its WebAssembly and starts PostgreSQL on the other
 * core meanwhile. Without `DATABASE_URL`, an existing database (`PG_VERSION` in `DATA_DIR/db`) is opened this
 * way, and so is a new one made from the prepared database (its child process unpacks on the other core); a
 * new one made by initdb (no prepared database: running from source) waits for the configuration, as before.
 * The caller checks the folder against its configuration and discards it on a mismatch.
 */
export function openEarly(
  env: NodeJS.ProcessEnv,
  cwd: string,
  opts: OpenEarlyOptions = {},
): EarlyEmbedded | undefined {
  if (env.DATABASE_URL) return undefined;
  // As config/app-config.ts resolves it.
  const dataDir = join(resolve(cwd, env.DATA_DIR ?? 'data'), 'db');
  const template = opts.template === undefined ? preparedTemplate() : opts.template;
  const fresh = !existsSync(join(dataDir, 'PG_VERSION'));
  if (fresh && (template === null || !isMissingOrEmpty(dataDir))) return undefined;

  let handlers: EarlyHandlers | undefined;
  const events: EmbeddedDatabaseEvent[] = [];
  let lockLost: Error | undefined;
  const opening = openEmbedded(dataDir, {
    template,
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
    discard: async () => {
      // Only a database this start opened (so made, when fresh) is closed and removed: a folder whose lock
      // another server holds is left alone.
      const opened = await opening.catch(() => undefined);
      if (!opened) return;
      await opened.close().catch(() => undefined);
      if (fresh) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
