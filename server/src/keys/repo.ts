import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { userKeys } from '../db/schema';

export interface StoredKey {
  valueEncrypted: string;
  expiresAt: Date | null;
}

/** Creates or replaces the caller's key of that name. */
export async function upsertKey(
  db: Db,
  key: { userId: string; name: string; valueEncrypted: string; expiresAt: Date | null },
): Promise<void> {
  await db
    .insert(userKeys)
    .values(key)
    .onConflictDoUpdate({
      target: [userKeys.userId, userKeys.name],
      set: { valueEncrypted: key.valueEncrypted, expiresAt: key.expiresAt, updatedAt: new Date() },
    });
}

export async function findKey(db: Db, userId: string, name: string): Promise<StoredKey | undefined> {
  const [row] = await db
    .select({ valueEncrypted: userKeys.valueEncrypted, expiresAt: userKeys.expiresAt })
    .from(userKeys)
    .where(and(eq(userKeys.userId, userId), eq(userKeys.name, name)));
  return row;
}

export async function deleteKey(db: Db, userId: string, name: string): Promise<void> {
  await db.delete(userKeys).where(and(eq(userKeys.userId, userId), eq(userKeys.name, name)));
}

export async function deleteAllKeys(db: Db, userId: string): Promise<void> {
  await db.delete(userKeys).where(eq(userKeys.userId, userId));
}
