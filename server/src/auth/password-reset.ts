import type {
  RequestPasswordResetRequest,
  RequestPasswordResetResponse,
  ResetPasswordRequest,
} from '@parley/shared/schemas/auth';
import { authErrors } from './auth-errors';
import type { AuthContext } from './auth-context';
import { hashOpaqueToken, newOpaqueToken } from './opaque-token';
import { hashPassword } from './passwords';
import { passwordChangedEmail, resetPasswordEmail } from './reset-emails';
import { consumeResetToken, replaceResetToken } from './repo-reset-tokens';

export const RESET_MESSAGES = {
  emailSent: 'If an account with that email exists, we have sent it a link to reset the password.',
  noEmail: 'If an account with that email exists, a link to reset its password is shown below.',
  linkReady: 'Use the link below to reset your password.',
  done: 'Password reset was successful',
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Creates a single-use reset token (stored hashed, valid 15 minutes) and mails its link; the answer is
 * the same for known and unknown emails. Without email sending the link is in the answer instead, and
 * only when the account exists (API.md).
 */
export async function requestPasswordReset(
  ctx: AuthContext,
  input: RequestPasswordResetRequest,
): Promise<RequestPasswordResetResponse> {
  const account = await ctx.users.findAccountByEmail(input.email);
  const { mailer } = ctx;
  if (!account) return { message: mailer ? RESET_MESSAGES.emailSent : RESET_MESSAGES.noEmail };

  const token = newOpaqueToken();
  const expiresAt = new Date(ctx.now().getTime() + ctx.settings.resetTokenTtlMs);
  await replaceResetToken(ctx.db, { userId: account.user.id, tokenHash: hashOpaqueToken(token), expiresAt });
  const query = new URLSearchParams({ token, userId: account.user.id });
  const link = `${ctx.settings.domainClient}/reset-password?${query.toString()}`;
  if (!mailer) return { message: RESET_MESSAGES.linkReady, link };

  // Sent after answering, so that a known email does not answer measurably later than an unknown one.
  const mail = resetPasswordEmail({ to: account.user.email, name: account.user.name, link, ctx });
  mailer.send(mail).catch((error: unknown) => ctx.onBackgroundError(error, 'password reset email'));
  return { message: RESET_MESSAGES.emailSent };
}

/** Spends the token, sets the new password and ends every session of the user. */
export async function resetPassword(ctx: AuthContext, input: ResetPasswordRequest): Promise<void> {
  if (!UUID.test(input.userId)) throw authErrors.invalidResetToken();
  const consumed = await consumeResetToken(ctx.db, {
    userId: input.userId,
    tokenHash: hashOpaqueToken(input.token),
    now: ctx.now(),
  });
  if (!consumed) throw authErrors.invalidResetToken();
  await ctx.users.setPasswordHash(input.userId, await hashPassword(input.password));
  await ctx.sessions.revokeAllOf(input.userId);

  const user = ctx.mailer ? await ctx.users.getById(input.userId) : null;
  if (ctx.mailer && user) {
    const mail = passwordChangedEmail({ to: user.email, name: user.name, ctx });
    ctx.mailer.send(mail).catch((error: unknown) => ctx.onBackgroundError(error, 'password changed email'));
  }
}
