import { AppError } from '../lib/errors';

export interface ImportSlotLimits {
  perUser: number;
  total: number;
}

const BUSY_USER =
  'An import of yours is still running: wait until it has finished, then import the next file.';
const BUSY_SERVER = 'The server is busy importing other files: try again in a minute.';

/**
 * How many imports run at once, per user and on this server instance (each holds a worker thread and up to
 * a few hundred MB while it reads its file). `take` answers 429 when either is full; the release it returns
 * is safe to call more than once.
 */
export function createImportSlots(limits: ImportSlotLimits) {
  const byUser = new Map<string, number>();
  let running = 0;
  return {
    take(userId: string): () => void {
      const mine = byUser.get(userId) ?? 0;
      if (mine >= limits.perUser) throw new AppError(429, BUSY_USER, { code: 'import_in_progress' });
      if (running >= limits.total) throw new AppError(429, BUSY_SERVER, { code: 'import_server_busy' });
      byUser.set(userId, mine + 1);
      running += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        running -= 1;
        const left = (byUser.get(userId) ?? 1) - 1;
        if (left > 0) byUser.set(userId, left);
        else byUser.delete(userId);
      };
    },
  };
}

export type ImportSlots = ReturnType<typeof createImportSlots>;
