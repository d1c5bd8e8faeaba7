import { and, count, eq, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { userTwoFactor, userTwoFactorBackupCodes, type UserTwoFactorRow } from '../db/schema';

export async function findTwoFactor(db: Db, userId: string): Promise<UserTwoFactorRow | undefined> {
  const [row] = await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId)).limit(1);
  return row;
}

/**
 * Of `userIds`, the ones with two-factor sign-in on (confirmed, not merely pending): the admin user list's
 * `twoFactorEnabled`.
 */
export async function twoFactorEnabledFor(db: Db, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: userTwoFactor.userId })
    .from(userTwoFactor)
    .where(and(inArray(userTwoFactor.userId, [...userIds]), isNotNull(userTwoFactor.enabledAt)));
  return new Set(rows.map((row) => row.userId));
}

/**
 * Starts (or restarts) setting up: the new secret and backup codes replace any pending ones. Refuses (false)
 * when two-factor sign-in is already on, leaving it as it was.
 */
export async function startPendingTwoFactor(
  db: Db,
  setup: { userId: string; secretEncrypted: string; backupCodeHashes: readonly string[] },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(userTwoFactor)
      .values({ userId: setup.userId, secretEncrypted: setup.secretEncrypted })
      .onConflictDoUpdate({
        target: userTwoFactor.userId,
        set: { secretEncrypted: setup.secretEncrypted, lastUsedStep: null },
        setWhere: isNull(userTwoFactor.enabledAt),
      })
      .returning({ userId: userTwoFactor.userId });
    if (!row) return false;
    await replaceBackupCodes(tx, setup.userId, setup.backupCodeHashes);
    return true;
  });
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function replaceBackupCodes(tx: Tx | Db, userId: string, hashes: readonly string[]): Promise<void> {
  await tx.delete(userTwoFactorBackupCodes).where(eq(userTwoFactorBackupCodes.userId, userId));
  await tx.insert(userTwoFactorBackupCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** New backup codes for a user with two-factor sign-in on; the old ones stop working. */
export async function replaceEnabledBackupCodes(
  db: Db,
  userId: string,
  hashes: readonly string[],
): Promise<void> {
  await db.transaction((tx) => replaceBackupCodes(tx, userId, hashes));
}

/**
 * Records `step` as the last code used, only when it is later than the last one: false means the code (or
 * an earlier one) was already used, also when two requests race with the same code.
 */
export async function claimTotpStep(db: Db, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(userTwoFactor)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(userTwoFactor.userId, userId),
        or(isNull(userTwoFactor.lastUsedStep), lt(userTwoFactor.lastUsedStep, step)),
      ),
    )
    .returning({ userId: userTwoFactor.userId });
  return rows.length > 0;
}

/** Turns a pending setup on. False when there is none pending. */
export async function markTwoFactorEnabled(db: Db, userId: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(userTwoFactor)
    .set({ enabledAt: at })
    .where(and(eq(userTwoFactor.userId, userId), isNull(userTwoFactor.enabledAt)))
    .returning({ userId: userTwoFactor.userId });
  return rows.length > 0;
}

/** Uses an unused backup code once (false when it is not one, or was used, also under a race). */
export async function useBackupCode(db: Db, userId: string, codeHash: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(userTwoFactorBackupCodes)
    .set({ usedAt: at })
    .where(
      and(
        eq(userTwoFactorBackupCodes.userId, userId),
        eq(userTwoFactorBackupCodes.codeHash, codeHash),
        isNull(userTwoFactorBackupCodes.usedAt),
      ),
    )
    .returning({ userId: userTwoFactorBackupCodes.userId });
  return rows.length > 0;
}

export async function countUnusedBackupCodes(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ left: count() })
    .from(userTwoFactorBackupCodes)
    .where(and(eq(userTwoFactorBackupCodes.userId, userId), isNull(userTwoFactorBackupCodes.usedAt)));
  return row?.left ?? 0;
}

/** Turns two-factor sign-in off (or drops a pending setup) with its backup codes. True when there was one. */
export async function deleteTwoFactor(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .delete(userTwoFactor)
    .where(eq(userTwoFactor.userId, userId))
    .returning({ userId: userTwoFactor.userId });
  return rows.length > 0;
}
