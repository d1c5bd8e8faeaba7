import { createHmac, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';

/**
 * What a temp token lets its holder do after the password was right: `login` finish signing in with a code
 * (`twoFAPending`), `setup` set up two-factor sign-in first (`twoFASetupRequired`).
 */
export type TempTokenPurpose = 'login' | 'setup';

export interface TempTokenClaims {
  userId: string;
  purpose: TempTokenPurpose;
  /** Unique per token: the key under which its single use is recorded. */
  id: string;
  expiresAtMs: number;
}

const ALGORITHM = 'HS256';
const claimsSchema = z.object({
  sub: z.uuid(),
  purpose: z.enum(['login', 'setup']),
  jti: z.string().min(1),
  exp: z.number(),
});

/**
 * Temp tokens are JWTs signed with a key derived from the JWT secret for this use only, so an access token
 * is never a temp token and a temp token never an access token. Times come from the injected clock.
 */
export function createTempTokens(jwtSecret: string, now: () => Date) {
  const key = createHmac('sha256', jwtSecret).update('parley two-factor temp token').digest();
  const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
  return {
    sign(userId: string, purpose: TempTokenPurpose, ttlMs: number): Promise<string> {
      const issuedAt = seconds(now());
      return new SignJWT({ purpose })
        .setProtectedHeader({ alg: ALGORITHM })
        .setSubject(userId)
        .setJti(randomUUID())
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + Math.ceil(ttlMs / 1000))
        .sign(key);
    },
    /** The claims of a valid, unexpired temp token of `purpose`, or null for anything else. */
    async verify(token: string, purpose: TempTokenPurpose): Promise<TempTokenClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], currentDate: now() });
        const claims = claimsSchema.safeParse(payload);
        if (!claims.success || claims.data.purpose !== purpose) return null;
        return {
          userId: claims.data.sub,
          purpose,
          id: claims.data.jti,
          expiresAtMs: claims.data.exp * 1000,
        };
      } catch {
        return null;
      }
    },
  };
}

export type TempTokens = ReturnType<typeof createTempTokens>;
