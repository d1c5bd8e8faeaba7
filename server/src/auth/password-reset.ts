import type {
  RequestPasswordResetRequest,
  RequestPasswordResetResponse,
  ResetPasswordRequest,
} from '@parley/shared/schemas/auth';
import type { Mailer } from '../lib/mailer';
import { authErrors } from './auth-errors';
import type { AuthContext } from './auth-context';
import type { AuthSettings } from './auth-settings';
import { hashOpaqueToken, newOpaqueToken } from './opaque-token';
import { hashPassword } from './passwords';
import { passwordChangedEmail, resetPasswordEmail } from './reset-emails';
import { consumeResetToken, replaceResetToken } from './repo-reset-tokens';

export const RESET_MESSAGES = {
  emailSent: 'If an account with that email exists, we have sent it a link to reset the password.',
  disabled: 'This server does not reset passwords by email. Ask its administrator to reset yours.',
  done: 'Password reset was successful',
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Answers at once with a text that depends on the configuration only. Whether the account exists is
 * looked up after answering, together with the token and the email, so neither the text nor the time of
 * the answer tells. The link only ever goes by email; without email (or with `ALLOW_PASSWORD_RESET=false`)
 * nothing is sent and the answer says so.
 */
export function requestPasswordReset(
  ctx: AuthContext,
  input: RequestPasswordResetRequest,
): RequestPasswordResetResponse {
  const { mailer } = ctx;
  if (!ctx.settings.passwordResetEnabled || !mailer) return { message: RESET_MESSAGES.disabled };
  mailResetLink(ctx, mailer, input.email).catch((error: unknown) =>
    ctx.onBackgroundError(error, 'password reset email'),
  );
  return { message: RESET_MESSAGES.emailSent };
}

async function mailResetLink(ctx: AuthContext, mailer: Mailer, email: string): Promise<void> {
  const account = await ctx.users.findAccountByEmail(email);
  if (!account) return;
  const link = await issueResetLink(ctx, account.user.id, ctx.settings.resetTokenTtlMs);
  await mailer.send(resetPasswordEmail({ to: account.user.email, name: account.user.name, link, ctx }));
}

/**
 * Stores a new single-use reset token for the user (hashed; any earlier one is dropped) and returns the
 * web's reset link carrying it. Used by the emailed reset and by `npm run reset-password`.
 */
export async function issueResetLink(
  ctx: Pick<AuthContext, 'db' | 'now'> & { settings: Pick<AuthSettings, 'domainClient'> },
  userId: string,
  ttlMs: number,
): Promise<string> {
  const token = newOpaqueToken();
  const expiresAt = new Date(ctx.now().getTime() + ttlMs);
  await replaceResetToken(ctx.db, { userId, tokenHash: hashOpaqueToken(token), expiresAt });
  const query = new URLSearchParams({ token, userId });
  return `${ctx.settings.domainClient}/reset-password?${query.toString()}`;
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
  await setNewPassword(ctx, input.userId, input.password);

  const user = ctx.mailer ? await ctx.users.getById(input.userId) : null;
  if (ctx.mailer && user) {
    const mail = passwordChangedEmail({ to: user.email, name: user.name, ctx });
    ctx.mailer.send(mail).catch((error: unknown) => ctx.onBackgroundError(error, 'password changed email'));
  }
}

/** Sets the password and ends every session of the user (a reset, by link or by the operator). */
export async function setNewPassword(
  ctx: Pick<AuthContext, 'users' | 'sessions'>,
  userId: string,
  password: string,
): Promise<void> {
  await ctx.users.setPasswordHash(userId, await hashPassword(password));
  await ctx.sessions.revokeAllOf(userId);
}
