import type { FileObject } from '@parley/shared/schemas/file';

/**
 * The files list to attach from shows a file uploaded again (same name, type and size, as when the same PDF is
 * picked in two chats) once, as its newest upload: choosing either sends the same document. My files, where
 * files are managed and deleted, still lists every upload.
 */
export function distinctFiles<T extends Pick<FileObject, 'filename' | 'type' | 'bytes' | 'updatedAt'>>(
  files: readonly T[],
): T[] {
  const newest = new Map<string, T>();
  for (const file of files) {
    const key = JSON.stringify([file.filename, file.type, file.bytes]);
    const kept = newest.get(key);
    if (!kept || Date.parse(file.updatedAt) > Date.parse(kept.updatedAt)) newest.set(key, file);
  }
  const chosen = new Set(newest.values());
  return files.filter((file) => chosen.has(file));
}
