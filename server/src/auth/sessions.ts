import { createHmac } from 'node:crypto';
import type { Db } from '../db/client';
import { hashOpaqueToken, newOpaqueToken } from './opaque-token';
import {
  deleteExpiredUserSessions,
  findRotatedToken,
  findSessionById,
  findSessionByTokenHash,
  findSessionIdOfRotatedToken,
  insertSession,
  revokeSession,
  revokeOtherUserSessions,
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
   * it was copied: the whole session is revoked (theft detection) — except a token rotated away within
   * `ROTATION_GRACE_MS` and at most `GRACE_ROTATIONS` rotations behind (several tabs refreshing at once),
   * which gets the session's current token.
   */
  rotate(token: string | undefined): Promise<RotationOutcome>;
  /** Revokes the session of this token, if any. */
  revoke(token: string | undefined): Promise<void>;
  revokeAllOf(userId: string): Promise<void>;
  /** Revokes the user's sessions but the one of `token` (all when it is none of theirs); answers how many. */
  revokeOthers(userId: string, token: string | undefined): Promise<number>;
}

/** How long a token rotated away still answers with the session's current one (tabs refreshing together). */
export const ROTATION_GRACE_MS = 30_000;
/**
 * How many rotations behind the session such a token may be: tabs opened together send their refreshes
 * unordered (each page's first one goes out before its app can take the tabs' lock), so a tab may present
 * the cookie of two rotations ago after another tab already refreshed with the newer one.
 */
export const GRACE_ROTATIONS = 8;

export function createSessions(deps: {
  db: Db;
  ttlMs: number;
  now: () => Date;
  /** Server secret from which each next token is derived (the same on every instance). */
  rotationKey: string;
}): Sessions {
  const { db, ttlMs, now, rotationKey } = deps;
  // The next token is a keyed hash of the current one: every instance, and a second request with the same
  // token, arrives at the same next token without storing it; without the key it cannot be guessed.
  const nextOf = (token: string) => createHmac('sha256', rotationKey).update(token).digest('base64url');
  /** The session's current token when it is at most `GRACE_ROTATIONS` rotations after `token`, else undefined. */
  const currentFrom = (token: string, currentHash: string): string | undefined => {
    let next = token;
    for (let step = 0; step < GRACE_ROTATIONS; step += 1) {
      next = nextOf(next);
      if (hashOpaqueToken(next) === currentHash) return next;
    }
    return undefined;
  };

  /** `token` is no session's current token: the grace answer, or a reuse that revokes its session. */
  const replay = async (token: string, hash: string, at: Date): Promise<RotationOutcome> => {
    const rotated = await findRotatedToken(db, hash);
    if (!rotated) return { ok: false, reason: 'invalid' };
    const session = await findSessionById(db, rotated.sessionId);
    if (!session || session.revokedAt) return { ok: false, reason: 'revoked' };
    if (session.expiresAt <= at) return { ok: false, reason: 'expired' };
    if (at.getTime() - rotated.rotatedAt.getTime() <= ROTATION_GRACE_MS) {
      const current = currentFrom(token, session.refreshTokenHash);
      if (current)
        return {
          ok: true,
          userId: session.userId,
          refresh: { token: current, expiresAt: session.expiresAt },
        };
    }
    await revokeSession(db, session.id, at);
    return { ok: false, reason: 'reused' };
  };

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
      if (!session) return replay(token, oldHash, at);
      if (session.revokedAt) return { ok: false, reason: 'revoked' };
      if (session.expiresAt <= at) return { ok: false, reason: 'expired' };
      const next = nextOf(token);
      const rotated = await rotateSessionToken(db, {
        sessionId: session.id,
        oldHash,
        newHash: hashOpaqueToken(next),
        now: at,
      });
      // Another request rotated this very token a moment ago (another tab): the grace answer applies.
      if (!rotated) return replay(token, oldHash, at);
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

    async revokeOthers(userId, token) {
      let keep: string | null = null;
      if (token) {
        const hash = hashOpaqueToken(token);
        const current = await findSessionByTokenHash(db, hash);
        const id = current?.id ?? (await findSessionIdOfRotatedToken(db, hash));
        const session = id ? (current ?? (await findSessionById(db, id))) : undefined;
        if (session && session.userId === userId) keep = session.id;
      }
      return revokeOtherUserSessions(db, userId, keep, now());
    },
  };
}
