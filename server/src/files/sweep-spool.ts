import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** Older than this, a temporary upload file belongs to no request still running. */
export const STALE_SPOOL_MS = 24 * 60 * 60 * 1000;

/**
 * Removes temporary upload files left by a process that stopped mid-upload (a crash skips every cleanup).
 * Only old ones: another server sharing DATA_DIR may be receiving the newer ones. Never throws.
 */
export async function sweepSpool(directory: string, now = Date.now()): Promise<number> {
  let removed = 0;
  let names: string[];
  try {
    names = await readdir(directory);
  } catch {
    return 0;
  }
  for (const name of names) {
    if (!/^upload-[0-9a-f-]{36}\.part$/.test(name)) continue;
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

/** A half-written stored file of the local storage (`DATA_DIR/uploads/<user>/.<uuid>.part`). */
const UPLOAD_PART = /^\.[0-9a-f-]{36}\.part$/;

/**
 * Removes the half-written files a stopped process left in the local storage's user folders (they are
 * renamed into place once complete, so one a day old belongs to no write still running). Never throws.
 */
export async function sweepUploadParts(root: string, now = Date.now()): Promise<number> {
  let folders: string[];
  try {
    folders = await readdir(root);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const folder of folders) {
    let names: string[];
    try {
      names = await readdir(join(root, folder));
    } catch {
      continue; // Not a folder, or gone: nothing of ours inside.
    }
    for (const name of names) {
      if (!UPLOAD_PART.test(name)) continue;
      const path = join(root, folder, name);
      try {
        if (now - (await stat(path)).mtimeMs < STALE_SPOOL_MS) continue;
        await rm(path, { force: true });
        removed += 1;
      } catch {
        // Gone already, or not ours to remove.
      }
    }
  }
  return removed;
}
