import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';

/** Who a valid access token speaks for; set on `request.user` by the authenticate hook. */
export interface AuthUser {
  id: string;
  role: 'USER' | 'ADMIN';
}

const claimsSchema = z.object({ sub: z.uuid(), role: z.enum(['USER', 'ADMIN']) });
const ALGORITHM = 'HS256';

const keyOf = (secret: string) => new TextEncoder().encode(secret);

/**
 * Tokens already verified, with their user and expiry: a client sends the same token on every request
 * until it expires, and an HMAC check plus claim parsing cost more CPU than the rest of a small request.
 * An entry is used only before the token's own `exp`, for the same secret.
 */
const VERIFIED_MAX = 2_000;
const verified = new Map<string, { user: AuthUser; exp: number }>();

function rememberVerified(cacheKey: string, user: AuthUser, exp: number | undefined): void {
  if (exp === undefined) return;
  if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string);
  verified.set(cacheKey, { user, exp });
}

/** A short-lived HS256 JWT carrying the user id (`sub`) and role. */
export function signAccessToken(secret: string, user: AuthUser, ttlSeconds: number): Promise<string> {
  return new SignJWT({ role: user.role })
    .setProtectedHeader({ alg: ALGORITHM })
    .setSubject(user.id)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(keyOf(secret));
}

/** The user of a valid, unexpired access token, or null for anything else. */
export async function verifyAccessToken(secret: string, token: string): Promise<AuthUser | null> {
  const cacheKey = `${secret}\u0000${token}`;
  const known = verified.get(cacheKey);
  // jose's own rule: a token is expired once the current second reaches `exp`.
  if (known && Math.floor(Date.now() / 1000) < known.exp) return { ...known.user };
  if (known) verified.delete(cacheKey);
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: [ALGORITHM] });
    const claims = claimsSchema.safeParse(payload);
    if (!claims.success) return null;
    const user: AuthUser = { id: claims.data.sub, role: claims.data.role };
    rememberVerified(cacheKey, user, payload.exp);
    return { ...user };
  } catch {
    return null;
  }
}
