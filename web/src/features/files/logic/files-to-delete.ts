import { z } from 'zod';
import { FILE_SOURCES } from '@parley/shared/schemas/file';
import { readStored, writeStored } from '../../../lib/local-storage';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import { UPLOAD_PROGRESS, type Attachment } from './attachment';
import type { FileToDelete } from './delete-batcher';

/**
 * SPEC §3/§4: files uploaded in the composer but not yet sent, remembered in localStorage (`filesToDelete`)
 * so a new conversation, or the next visit after a reload, can delete them from the server.
 */
const storedSchema = z.record(
  z.string(),
  z.object({
    file_id: z.string(),
    temp_file_id: z.string().optional(),
    filepath: z.string().optional(),
    source: z.enum(FILE_SOURCES).optional(),
    embedded: z.boolean().optional(),
  }),
);
export type PendingFiles = z.infer<typeof storedSchema>;
export type PendingFile = PendingFiles[string];

/** The stored record; anything unreadable counts as empty. */
export function parsePendingFiles(text: string | null): PendingFiles {
  if (!text) return {};
  try {
    const parsed = storedSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

export function withPending(record: PendingFiles, file: PendingFile): PendingFiles {
  return { ...record, [file.file_id]: file };
}

export function withoutPending(record: PendingFiles, fileIds: readonly string[]): PendingFiles {
  const next = { ...record };
  for (const id of fileIds) delete next[id];
  return next;
}

/** SPEC §4: only temporary files (with a temp id, not embedded) are deleted on load. */
export function temporaryFiles(record: PendingFiles): FileToDelete[] {
  return Object.values(record)
    .filter((file) => file.temp_file_id !== undefined && file.embedded !== true)
    .map(({ file_id, filepath, source, embedded }) => ({ file_id, filepath, source, embedded }));
}

/**
 * The chips whose files go when the chips go (a removed chip, a new conversation): only this message's
 * finished uploads. Files still uploading are not deleted (SPEC §4), and files attached from the user's
 * files are not temporary — they stay on the server (SPEC §4: attached files are not deleted remotely).
 */
export function uploadsToDelete(items: readonly Attachment[]): FileToDelete[] {
  return items.flatMap((item) =>
    item.fileId !== null && item.progress >= UPLOAD_PROGRESS.done && !item.attached
      ? [
          {
            file_id: item.fileId,
            filepath: item.filepath ?? undefined,
            source: item.source,
            embedded: item.embedded,
          },
        ]
      : [],
  );
}

export function readPendingFiles(): PendingFiles {
  return parsePendingFiles(readStored(STORAGE_KEYS.filesToDelete));
}

export function writePendingFiles(record: PendingFiles): void {
  writeStored(STORAGE_KEYS.filesToDelete, JSON.stringify(record));
}
