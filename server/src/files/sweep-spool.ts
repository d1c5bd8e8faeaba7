import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** Older than this, a temporary upload file belongs to no request still running. */
export const STALE_SPOOL_MS = 24 * 60 * 60 * 1000;

/**
 * Removes temporary upload files left by a process that stopped mid-upload (a crash skips every cleanup).
 * Only old ones: another server sharing DATA_DIR may be receiving the newer ones. Never throws.
 */
export function sweepSpool(directory: string, now = Date.now()): Promise<number> {
  return removeStale(directory, /^upload-[0-9a-f-]{36}\.part$/, now);
}

/** A half-written stored file of the local storage (`DATA_DIR/uploads/<user>/.<uuid>.part`). */
const UPLOAD_PART = /^\.[0-9a-f-]{36}\.part$/;

/**
 * Removes the half-written files a stopped process left in the local storage's user folders (they are
 * renamed into place once complete, so one a day old belongs to no write still running). Never throws.
 */
export async function sweepUploadParts(root: string, now = Date.now()): Promise<number> {
  let removed = 0;
  for (const folder of await namesIn(root))
    removed += await removeStale(join(root, folder), UPLOAD_PART, now);
  return removed;
}

/** The entries of a directory; none when it is missing or not a directory. */
async function namesIn(directory: string): Promise<string[]> {
  try {
    return await readdir(directory);
  } catch {
    return [];
  }
}

/** Removes the files of `directory` whose names match `pattern` and that are older than a day. */
async function removeStale(directory: string, pattern: RegExp, now: number): Promise<number> {
  let removed = 0;
  for (const name of await namesIn(directory)) {
    if (!pattern.test(name)) continue;
    const path = join(directory, name);
    try {
      if (now - (await stat(path)).mtimeMs < STALE_SPOOL_MS) continue;
      await rm(path, { force: true });
      removed += 1;
    } catch {
      // Gone already, or not ours to remove: either way nothing to do.
    }
  }
  return removed;
}
