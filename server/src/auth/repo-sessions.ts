import { and, eq, isNull, lt, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessionRotatedTokens, sessions, type SessionRow } from '../db/schema';

export async function insertSession(
  db: Db,
  values: { userId: string; refreshTokenHash: string; expiresAt: Date },
): Promise<SessionRow> {
  const [row] = await db.insert(sessions).values(values).returning();
  if (!row) throw new Error('insert into sessions returned no row');
  return row;
}

export async function findSessionByTokenHash(db: Db, tokenHash: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(sessions).where(eq(sessions.refreshTokenHash, tokenHash)).limit(1);
  return row;
}

/** The session a rotated-away token belonged to, if `tokenHash` is one. */
export async function findSessionIdOfRotatedToken(db: Db, tokenHash: string): Promise<string | undefined> {
  const [row] = await db
    .select({ sessionId: sessionRotatedTokens.sessionId })
    .from(sessionRotatedTokens)
    .where(eq(sessionRotatedTokens.tokenHash, tokenHash))
    .limit(1);
  return row?.sessionId;
}

export async function findSessionById(db: Db, sessionId: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, sessionId)).limit(1);
  return row;
}

/** The rotated-away token `tokenHash`, if it is one: its session and when it was rotated. */
export async function findRotatedToken(
  db: Db,
  tokenHash: string,
): Promise<{ sessionId: string; rotatedAt: Date } | undefined> {
  const [row] = await db
    .select({ sessionId: sessionRotatedTokens.sessionId, rotatedAt: sessionRotatedTokens.rotatedAt })
    .from(sessionRotatedTokens)
    .where(eq(sessionRotatedTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/**
 * Replaces the session's current token hash `oldHash` by `newHash` and remembers `oldHash` as rotated.
 * False when the session no longer holds `oldHash` (rotated concurrently) or is revoked.
 */
export async function rotateSessionToken(
  db: Db,
  rotation: { sessionId: string; oldHash: string; newHash: string; now: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(sessions)
      .set({ refreshTokenHash: rotation.newHash, updatedAt: rotation.now })
      .where(
        and(
          eq(sessions.id, rotation.sessionId),
          eq(sessions.refreshTokenHash, rotation.oldHash),
          isNull(sessions.revokedAt),
        ),
      )
      .returning({ id: sessions.id });
    if (updated.length === 0) return false;
    await tx
      .insert(sessionRotatedTokens)
      .values({ tokenHash: rotation.oldHash, sessionId: rotation.sessionId, rotatedAt: rotation.now });
    return true;
  });
}

export async function revokeSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeUserSessions(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** Revokes every live session of the user except `keepSessionId` (all of them when null); answers how many. */
export async function revokeOtherUserSessions(
  db: Db,
  userId: string,
  keepSessionId: string | null,
  now: Date,
): Promise<number> {
  const live = and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(keepSessionId ? and(live, ne(sessions.id, keepSessionId)) : live)
    .returning({ id: sessions.id });
  return rows.length;
}

/** Drops the user's expired sessions (their rotated-token records go with them). */
export async function deleteExpiredUserSessions(db: Db, userId: string, now: Date): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, now)));
}
