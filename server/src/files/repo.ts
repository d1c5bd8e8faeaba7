import { and, desc, eq, inArray, ne, or, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { files, type FileRow, type NewFileRow } from '../db/schema';

/** The caller's files for "My files": newest change first, avatars left out. */
export async function listUserFiles(db: Db, userId: string, limit: number): Promise<FileRow[]> {
  return db
    .select()
    .from(files)
    .where(and(eq(files.userId, userId), or(isNull(files.context), ne(files.context, 'avatar'))))
    .orderBy(desc(files.updatedAt), desc(files.createdAt))
    .limit(limit);
}

/** Bytes all of the user's files take (avatars included). */
export async function userStorageBytes(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ used: sql<string>`coalesce(sum(${files.bytes}), 0)` })
    .from(files)
    .where(eq(files.userId, userId));
  return Number(row?.used ?? 0);
}

export async function insertFile(db: Db, values: NewFileRow): Promise<FileRow> {
  const [row] = await db.insert(files).values(values).returning();
  if (!row) throw new Error('insert into files returned no row');
  return row;
}

/** One file of one user; `fileId` must be a UUID. */
export async function findUserFile(db: Db, userId: string, fileId: string): Promise<FileRow | undefined> {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.userId, userId), eq(files.fileId, fileId)))
    .limit(1);
  return row;
}

/** Any user's file, for a signed link (the signature is the permission); `fileId` must be a UUID. */
export async function findFileById(db: Db, fileId: string): Promise<FileRow | undefined> {
  const [row] = await db.select().from(files).where(eq(files.fileId, fileId)).limit(1);
  return row;
}

/** The user's files among `fileIds` (UUIDs), in no particular order. */
export async function findUserFiles(db: Db, userId: string, fileIds: string[]): Promise<FileRow[]> {
  if (fileIds.length === 0) return [];
  return db
    .select()
    .from(files)
    .where(and(eq(files.userId, userId), inArray(files.fileId, fileIds)));
}

/** Deletes the user's files among `fileIds` (UUIDs) and returns what was deleted. */
export async function deleteUserFiles(db: Db, userId: string, fileIds: string[]): Promise<FileRow[]> {
  if (fileIds.length === 0) return [];
  return db
    .delete(files)
    .where(and(eq(files.userId, userId), inArray(files.fileId, fileIds)))
    .returning();
}

/** Deletes every file row of the user (avatars included); answers them, for their bytes. */
export async function deleteAllUserFiles(db: Db, userId: string): Promise<FileRow[]> {
  return db.delete(files).where(eq(files.userId, userId)).returning();
}

/** Deletes one of the user's avatar files (and no other kind of file); answers it when it was there. */
export async function deleteUserAvatarFile(
  db: Db,
  userId: string,
  fileId: string,
): Promise<FileRow | undefined> {
  const [row] = await db
    .delete(files)
    .where(and(eq(files.userId, userId), eq(files.fileId, fileId), eq(files.context, 'avatar')))
    .returning();
  return row;
}

/** Counts one more message using each file and records its conversation (when it is a UUID). */
export async function incrementUsage(
  db: Db,
  userId: string,
  fileIds: string[],
  conversationId: string | null,
): Promise<void> {
  if (fileIds.length === 0) return;
  await db
    .update(files)
    .set({
      usage: sql`${files.usage} + 1`,
      ...(conversationId ? { conversationId } : {}),
    })
    .where(and(eq(files.userId, userId), inArray(files.fileId, fileIds)));
}

/** Sets a file's knowledge state (see `files.text_state`); answers the updated row. */
export async function setTextState(
  db: Db,
  fileId: string,
  textState: FileRow['textState'],
): Promise<FileRow | undefined> {
  const [row] = await db.update(files).set({ textState }).where(eq(files.fileId, fileId)).returning();
  return row;
}
