import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { fileReservations, files, type FileRow, type NewFileRow } from '../db/schema';

/** First key of the two-key advisory lock that serialises one user's storage accounting (the second is the user). */
const QUOTA_LOCK_NAMESPACE = 0x71_75_6f_74;
/** A reservation this old was left by a process that died mid-upload; it no longer counts. */
const STALE_RESERVATION = sql`now() - interval '1 hour'`;

/** Whether `bytes` more fit: taken, or refused with what the user's files and reservations already take. */
export type Reservation = { type: 'reserved'; reservationId: string } | { type: 'full'; used: number };
/** The file row written, or refused because it would take the user past the limit. */
export type ReservedInsert = { type: 'inserted'; row: FileRow } | { type: 'full'; used: number };

/** Takes the user's accounting lock until the end of the transaction `db` runs in. */
async function lockUsage(db: Db, userId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${QUOTA_LOCK_NAMESPACE}, hashtext(${userId}))`);
}

/** Bytes of the user's files and of their live reservations. */
async function bytesTaken(db: Db, userId: string): Promise<number> {
  const { rows } = await db.execute<{ used: string }>(sql`
    select (select coalesce(sum(${files.bytes}), 0) from ${files} where ${files.userId} = ${userId})
         + (select coalesce(sum(${fileReservations.bytes}), 0) from ${fileReservations}
             where ${fileReservations.userId} = ${userId}
               and ${fileReservations.createdAt} >= ${STALE_RESERVATION}) as used`);
  return Number(rows[0]?.used ?? 0);
}

/**
 * Reserves `bytes` of the user's storage when their files and live reservations leave room under `limit`,
 * all under the user's lock, so reservations made at once by any number of server processes never add up
 * past the limit. The user's stale reservations are deleted on the way.
 */
export async function reserveStorage(
  db: Db,
  userId: string,
  bytes: number,
  limit: number,
): Promise<Reservation> {
  return db.transaction(async (tx) => {
    await lockUsage(tx, userId);
    await tx
      .delete(fileReservations)
      .where(and(eq(fileReservations.userId, userId), lt(fileReservations.createdAt, STALE_RESERVATION)));
    const used = await bytesTaken(tx, userId);
    if (used + bytes > limit) return { type: 'full', used };
    const [row] = await tx
      .insert(fileReservations)
      .values({ userId, bytes })
      .returning({ reservationId: fileReservations.reservationId });
    if (!row) throw new Error('insert into file_reservations returned no row');
    return { type: 'reserved', reservationId: row.reservationId };
  });
}

/**
 * Writes the file's row in place of its reservation, in one transaction under the user's lock. The room is
 * checked again without the reservation: it normally fits (its room was held), and when the reservation went
 * stale meanwhile the file is refused rather than taking the user past `limit`.
 */
export async function insertReservedFile(
  db: Db,
  values: NewFileRow,
  reservationId: string,
  limit: number,
): Promise<ReservedInsert> {
  return db.transaction(async (tx) => {
    await lockUsage(tx, values.userId);
    await tx.delete(fileReservations).where(eq(fileReservations.reservationId, reservationId));
    const used = await bytesTaken(tx, values.userId);
    if (used + values.bytes > limit) return { type: 'full', used };
    const [row] = await tx.insert(files).values(values).returning();
    if (!row) throw new Error('insert into files returned no row');
    return { type: 'inserted', row };
  });
}

/** Gives the reservation's room back (nothing when its file row already took its place). */
export async function releaseReservation(db: Db, reservationId: string): Promise<void> {
  await db.delete(fileReservations).where(eq(fileReservations.reservationId, reservationId));
}
