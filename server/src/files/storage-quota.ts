import { toMegabytes } from '@parley/shared/files/file-config';
import type { Db } from '../db/client';
import type { FileRow, NewFileRow } from '../db/schema';
import { AppError } from '../lib/errors';
import { isForeignKeyViolation } from './is-foreign-key-violation';
import { insertFile } from './repo';
import { insertReservedFile, releaseReservation, reserveStorage } from './reservations-repo';

/** Room reserved for one incoming file; null when there is no limit to keep. */
export type Room = { reservationId: string; limit: number } | null;

/**
 * The per-user storage limit (YAML `fileConfig.userStorageLimit`), kept in the database: room is reserved
 * before a file's bytes are stored and the row takes its place, so at most the limit is ever stored
 * whatever runs at once, in one server process or several sharing one PostgreSQL.
 */
export interface StorageQuota {
  /**
   * Runs `use` with `bytes` reserved in the user's storage, 413 (nothing run) when they do not fit. The
   * reservation is given back when `use` ends, whether or not its file was stored.
   */
  withRoom<T>(userId: string, bytes: number, use: (room: Room) => Promise<T>): Promise<T>;
  /** Writes the file's row in the place of its room; 413 when the room was lost and the file does not fit. */
  insert(values: NewFileRow, room: Room): Promise<FileRow>;
}

export function createStorageQuota(db: Db, limit: number | null | undefined): StorageQuota {
  async function reserve(userId: string, bytes: number): Promise<Room> {
    if (limit === null || limit === undefined) return null;
    try {
      const reservation = await reserveStorage(db, userId, bytes, limit);
      if (reservation.type === 'full') throw storageLimitReached(reservation.used, limit);
      return { reservationId: reservation.reservationId, limit };
    } catch (error) {
      // A valid token of a deleted account speaks for nobody.
      if (isForeignKeyViolation(error)) throw new AppError(401, 'Unauthorized', { cause: error });
      throw error;
    }
  }

  return {
    async withRoom(userId, bytes, use) {
      const room = await reserve(userId, bytes);
      try {
        return await use(room);
      } finally {
        // A release that fails (the database gone) leaves the room taken for an hour at most.
        if (room) await releaseReservation(db, room.reservationId).catch(() => undefined);
      }
    },
    async insert(values, room) {
      if (!room) return insertFile(db, values);
      const inserted = await insertReservedFile(db, values, room.reservationId, room.limit);
      if (inserted.type === 'full') throw storageLimitReached(inserted.used, room.limit);
      return inserted.row;
    },
  };
}

/** Uploads past the per-user storage limit (YAML `fileConfig.userStorageLimit`). */
export const storageLimitReached = (used: number, limit: number): AppError =>
  new AppError(
    413,
    `Storage limit reached: your files take ${toMegabytes(used)} MB of your ${toMegabytes(limit)} MB. Delete some files to upload more.`,
    { code: 'storage_limit' },
  );
