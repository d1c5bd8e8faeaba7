// The signed-in user's own account (SPEC §2 Settings "Account"): password change and signing out elsewhere.
import { ACCOUNT_ERRORS, type ChangePasswordRequest } from '@parley/shared/schemas/account';
import { AppError } from '../lib/errors';
import { readUserRecord as findUserById } from '../users/service';
import type { AuthContext } from './auth-context';
import { hashPassword, verifyPassword } from './passwords';

export { ACCOUNT_ERRORS };

/**
 * Changes the password after checking the current one, then signs out every other session (the one making
 * the change stays); answers how many were signed out. A wrong current password is a `400` (a `401` would
 * read as an expired sign-in), and counts as a failed login against the abuse guard.
 */
export async function changePassword(
  ctx: AuthContext,
  userId: string,
  input: ChangePasswordRequest,
  refreshToken: string | undefined,
): Promise<number> {
  const row = await findUserById(ctx.db, userId);
  if (!row) throw new AppError(401, 'Unauthorized');
  if (!row.passwordHash) throw new AppError(400, ACCOUNT_ERRORS.noPassword);
  if (!(await verifyPassword(row.passwordHash, input.currentPassword))) {
    throw new AppError(400, ACCOUNT_ERRORS.wrongPassword);
  }
  if (input.password === input.currentPassword) throw new AppError(400, ACCOUNT_ERRORS.samePassword);
  await ctx.users.setPasswordHash(userId, await hashPassword(input.password));
  return ctx.sessions.revokeOthers(userId, refreshToken);
}
