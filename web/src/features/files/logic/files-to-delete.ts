import { z } from 'zod';
import { FILE_SOURCES } from '@parley/shared/schemas/file';
import { readStored, writeStored } from '../../../lib/local-storage';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import { UPLOAD_PROGRESS, type Attachment } from './attachment';
import type { FileToDelete } from './delete-batcher';

/**
 * SPEC §3/§4: files uploaded in the composer but not yet sent, remembered in localStorage (`filesToDelete`)
 * so a new conversation, or the next visit after a reload, can delete them from the server. localStorage is
 * shared by every tab (and every account) of the browser, so each entry records the tab and user that
 * uploaded it and when: a tab never deletes what another open tab's composer still holds.
 */
const storedSchema = z.record(
  z.string(),
  z.object({
    file_id: z.string(),
    temp_file_id: z.string().optional(),
    filepath: z.string().optional(),
    source: z.enum(FILE_SOURCES).optional(),
    embedded: z.boolean().optional(),
    /** The uploading tab (`currentTabId`); missing in entries written before tabs were recorded. */
    tab_id: z.string().optional(),
    user_id: z.string().optional(),
    /** When the upload was remembered (ms since the epoch). */
    added_at: z.number().optional(),
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

/** Who is looking at the record: this tab, and the signed-in user (null while unknown). */
export interface PendingOwner {
  tabId: string;
  userId: string | null;
}

/** Entries of the same user older than this belong to tabs long gone and are deleted on load. */
export const STALE_UPLOAD_MS = 24 * 60 * 60 * 1000;
/** Another user's entries are never deleted; they leave the record once older than this. */
export const FORGET_FOREIGN_MS = 7 * 24 * 60 * 60 * 1000;
/** `DELETE /api/files` takes at most this many files per request. */
export const DELETE_BATCH_SIZE = 1000;

/** SPEC §4: only temporary files (with a temp id, not embedded) are deleted. */
function isTemporary(file: PendingFile): boolean {
  return file.temp_file_id !== undefined && file.embedded !== true;
}

function toDelete({ file_id, filepath, source, embedded }: PendingFile): FileToDelete {
  return { file_id, filepath, source, embedded };
}

/** Old entries (no time recorded) count as old. */
function ageOf(file: PendingFile, now: number): number {
  return file.added_at === undefined ? Number.POSITIVE_INFINITY : now - file.added_at;
}

/** Old entries (no user recorded) count as the current user's. */
function isOwnUser(file: PendingFile, owner: PendingOwner): boolean {
  return file.user_id === undefined || (owner.userId !== null && file.user_id === owner.userId);
}

/**
 * On load: this tab's own entries (the tab was reloaded) and the same user's entries older than
 * `STALE_UPLOAD_MS` (their tabs are long gone) are deleted; entries without tab or user (old format) too.
 * Another user's entries are never deleted, only forgotten once older than `FORGET_FOREIGN_MS`. Entries
 * that are due but not temporary (nothing to delete on the server) are forgotten as well.
 */
export function leftoversOnLoad(
  record: PendingFiles,
  owner: PendingOwner,
  now: number,
): { remove: FileToDelete[]; forget: string[] } {
  const remove: FileToDelete[] = [];
  const forget: string[] = [];
  for (const [id, file] of Object.entries(record)) {
    const age = ageOf(file, now);
    if (!isOwnUser(file, owner)) {
      if (age > FORGET_FOREIGN_MS) forget.push(id);
      continue;
    }
    const due = file.tab_id === undefined || file.tab_id === owner.tabId || age > STALE_UPLOAD_MS;
    if (!due) continue;
    if (isTemporary(file)) remove.push(toDelete(file));
    else forget.push(id);
  }
  return { remove, forget };
}

/** SPEC §4 New conversation: only this tab's own temporary uploads (another tab's composer keeps its files). */
export function tabUploads(record: PendingFiles, owner: PendingOwner): FileToDelete[] {
  return Object.values(record)
    .filter(
      (file) => file.tab_id === owner.tabId && (file.user_id ?? null) === owner.userId && isTemporary(file),
    )
    .map(toDelete);
}

/** Splits a deletion into requests the server accepts (at most `size` files each). */
export function deleteBatches<T>(files: readonly T[], size: number = DELETE_BATCH_SIZE): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < files.length; start += size) batches.push(files.slice(start, start + size));
  return batches;
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
