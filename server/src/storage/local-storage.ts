import { randomUUID } from 'node:crypto';
import { access, copyFile, mkdir, open, rename, rm, writeFile, type FileHandle } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { FileStorage } from './file-storage';
import { assertStorageKey } from './storage-key';

const isMissing = (error: unknown): boolean =>
  error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR');

/**
 * Files under `root` (DATA_DIR/uploads), one folder per user. Writes go to a temporary name first and are
 * renamed into place, so a reader never sees half a file.
 */
export function createLocalStorage(root: string): FileStorage {
  const base = resolve(root);
  const pathOf = (key: string): string => {
    assertStorageKey(key);
    const path = resolve(base, key);
    // The key check already makes this impossible; a second fence costs nothing.
    if (!path.startsWith(`${base}${sep}`)) throw new Error('storage key leaves the uploads folder');
    return path;
  };

  /** Writes through a temporary name in the key's folder, renamed into place once complete. */
  async function writeAtomically(key: string, write: (temporary: string) => Promise<void>): Promise<void> {
    const path = pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const temporary = join(dirname(path), `.${randomUUID()}.part`);
    try {
      await write(temporary);
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  return {
    kind: 'local',
    put: (key, body) => writeAtomically(key, (temporary) => writeFile(temporary, body)),
    // copyFile lets the kernel move the bytes (or share them, on a copy-on-write filesystem).
    putFile: (key, source) => writeAtomically(key, (temporary) => copyFile(source, temporary)),
    async get(key) {
      const path = pathOf(key);
      // The file is opened here, not when the stream starts: a delete after this cannot turn into an error.
      let handle: FileHandle;
      try {
        handle = await open(path, 'r');
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      return handle.createReadStream();
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async exists(key) {
      try {
        await access(pathOf(key));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async close() {},
  };
}
