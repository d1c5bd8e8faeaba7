import { accessTokenFor, type AuthContext, type SignedIn } from './auth-context';
import type { RotationFailure } from './sessions';

export type RefreshOutcome = { ok: true; signedIn: SignedIn } | { ok: false; reason: RotationFailure };

/** A new access token for a valid refresh token, which is rotated on the way. */
export async function refresh(ctx: AuthContext, token: string | undefined): Promise<RefreshOutcome> {
  const rotation = await ctx.sessions.rotate(token);
  if (!rotation.ok) return rotation;
  const user = await ctx.users.getById(rotation.userId);
  if (!user) return { ok: false, reason: 'invalid' };
  return { ok: true, signedIn: { token: await accessTokenFor(ctx, user), user, refresh: rotation.refresh } };
}
