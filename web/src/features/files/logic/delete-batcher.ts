import type { FileDeleteBody } from '@parley/shared/schemas/file';

export type FileToDelete = FileDeleteBody['files'][number];

/** SPEC §9: removals within a second of each other go to the server as one delete. */
export const DELETE_BATCH_MS = 1000;

export interface DeleteBatcher {
  /** Queues files; the batch leaves `delayMs` after the last call. */
  add: (files: readonly FileToDelete[]) => void;
  /** Sends what is queued now (e.g. the page is being left). */
  flush: () => void;
}

/**
 * Collects deletions and sends them together once no new one arrived for `delayMs`; a file queued twice is
 * sent once. `send` failures are the caller's to report (SPEC §8: file delete errors are only logged).
 */
export function createDeleteBatcher(
  send: (files: FileToDelete[]) => void,
  delayMs: number = DELETE_BATCH_MS,
): DeleteBatcher {
  let queued = new Map<string, FileToDelete>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (queued.size === 0) return;
    const batch = [...queued.values()];
    queued = new Map();
    send(batch);
  };

  return {
    add: (files) => {
      if (files.length === 0) return;
      for (const file of files) queued.set(file.file_id, file);
      clearTimeout(timer);
      timer = setTimeout(flush, delayMs);
    },
    flush,
  };
}
