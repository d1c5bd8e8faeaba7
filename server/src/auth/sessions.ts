import type { Db } from '../db/client';
import { hashOpaqueToken, newOpaqueToken } from './opaque-token';
import {
  deleteExpiredUserSessions,
  findSessionByTokenHash,
  findSessionIdOfRotatedToken,
  insertSession,
  revokeSession,
  revokeUserSessions,
  rotateSessionToken,
} from './repo-sessions';

/** A refresh token as handed to the client (only its hash is stored). */
export interface IssuedRefreshToken {
  token: string;
  expiresAt: Date;
}

export type RotationFailure = 'missing' | 'invalid' | 'reused' | 'expired' | 'revoked';
export type RotationOutcome =
  { ok: true; userId: string; refresh: IssuedRefreshToken } | { ok: false; reason: RotationFailure };

export interface Sessions {
  /** A new session (one login) for the user. */
  start(userId: string): Promise<IssuedRefreshToken>;
  /**
   * Swaps a refresh token for the next one of its session. A token that was already rotated away means
   * it was copied: the whole session is revoked (theft detection).
   */
  rotate(token: string | undefined): Promise<RotationOutcome>;
  /** Revokes the session of this token, if any. */
  revoke(token: string | undefined): Promise<void>;
  revokeAllOf(userId: string): Promise<void>;
}

export function createSessions(deps: { db: Db; ttlMs: number; now: () => Date }): Sessions {
  const { db, ttlMs, now } = deps;
  return {
    async start(userId) {
      const at = now();
      await deleteExpiredUserSessions(db, userId, at);
      const token = newOpaqueToken();
      const expiresAt = new Date(at.getTime() + ttlMs);
      await insertSession(db, { userId, refreshTokenHash: hashOpaqueToken(token), expiresAt });
      return { token, expiresAt };
    },

    async rotate(token) {
      if (!token) return { ok: false, reason: 'missing' };
      const at = now();
      const oldHash = hashOpaqueToken(token);
      const session = await findSessionByTokenHash(db, oldHash);
      if (!session) {
        const reusedIn = await findSessionIdOfRotatedToken(db, oldHash);
        if (!reusedIn) return { ok: false, reason: 'invalid' };
        await revokeSession(db, reusedIn, at);
        return { ok: false, reason: 'reused' };
      }
      if (session.revokedAt) return { ok: false, reason: 'revoked' };
      if (session.expiresAt <= at) return { ok: false, reason: 'expired' };
      const next = newOpaqueToken();
      const rotated = await rotateSessionToken(db, {
        sessionId: session.id,
        oldHash,
        newHash: hashOpaqueToken(next),
        now: at,
      });
      if (!rotated) {
        // Another request rotated this very token a moment ago: the same token was used twice.
        await revokeSession(db, session.id, at);
        return { ok: false, reason: 'reused' };
      }
      return { ok: true, userId: session.userId, refresh: { token: next, expiresAt: session.expiresAt } };
    },

    async revoke(token) {
      if (!token) return;
      const hash = hashOpaqueToken(token);
      const sessionId =
        (await findSessionByTokenHash(db, hash))?.id ?? (await findSessionIdOfRotatedToken(db, hash));
      if (sessionId) await revokeSession(db, sessionId, now());
    },

    async revokeAllOf(userId) {
      await revokeUserSessions(db, userId, now());
    },
  };
}
