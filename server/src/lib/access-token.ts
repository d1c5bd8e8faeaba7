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
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: [ALGORITHM] });
    const claims = claimsSchema.safeParse(payload);
    return claims.success ? { id: claims.data.sub, role: claims.data.role } : null;
  } catch {
    return null;
  }
}
