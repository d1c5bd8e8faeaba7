import { mkdir } from 'node:fs/promises';
import lockfile from 'proper-lockfile';

/** A lock not refreshed for this long belongs to a server that died; another may take it over. */
const STALE_MS = 10_000;

export class DataDirLockedError extends Error {
  constructor(dataDir: string) {
    super(
      `another Parley server is using the embedded database in ${dataDir}. Stop it first, or give this ` +
        'server its own DATA_DIR (or a DATABASE_URL).',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface LockDataDirOptions {
  /** Called when the lock was lost (e.g. its file removed, or not refreshed in time); the caller stops. */
  onCompromised: (error: Error) => void;
  /** How long to wait for a lock left by a server that just died to go stale (default a bit over `STALE_MS`). */
  waitMs?: number;
}

/**
 * Takes the embedded database's lock (`<dataDir>.lock`, refreshed every 5 s), so two servers never open
 * one data dir. A server that was killed leaves its lock behind; it counts as stale after 10 s, so a server
 * restarted at once waits for it that long. Resolves to the release function.
 */
export async function lockDataDir(dataDir: string, opts: LockDataDirOptions): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  const waitMs = opts.waitMs ?? STALE_MS + 2_000;
  const attempts = Math.max(0, Math.ceil(waitMs / 1_000));
  try {
    return await lockfile.lock(dataDir, {
      stale: STALE_MS,
      retries: { retries: attempts, factor: 1, minTimeout: 1_000, maxTimeout: 1_000 },
      onCompromised: opts.onCompromised,
    });
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ELOCKED') {
      throw new DataDirLockedError(dataDir);
    }
    throw error;
  }
}
