import type { OAuthErrorCode } from '@parley/shared/schemas/auth';
import type { User } from '@parley/shared/schemas/user';
import { AppError } from '../lib/errors';
import { signIn, type AuthContext, type SignedIn } from './auth-context';
import { isDomainAllowed } from './auth-settings';
import type { SocialProfile } from './oauth/social-profile';

/** Why a social sign-in was refused; `code` goes to the `/login?error=` redirect. */
export class SocialLoginError extends Error {
  readonly code: OAuthErrorCode;
  constructor(code: OAuthErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SocialLoginError';
    this.code = code;
  }
}

/**
 * Signs in the account linked to this provider id; else links the account with the provider's verified
 * email; else creates an account (when ALLOW_SOCIAL_REGISTRATION and the domain allow-list permit it).
 * An unverified email never matches or claims an account.
 */
export async function socialLogin(ctx: AuthContext, profile: SocialProfile): Promise<SignedIn> {
  const user = await findOrCreateUser(ctx, profile);
  if ((await ctx.guard.banRemainingMs([{ userId: user.id }])) > 0) {
    throw new SocialLoginError('banned', 'account is banned');
  }
  try {
    return await signIn(ctx, user);
  } catch (error) {
    if (error instanceof AppError && error.code === 'account_disabled') {
      throw new SocialLoginError('account_disabled', 'account is disabled', { cause: error });
    }
    throw error;
  }
}

async function findOrCreateUser(ctx: AuthContext, profile: SocialProfile): Promise<User> {
  const { provider, providerId } = profile;
  const linked = await ctx.users.findAccountByProvider(provider, providerId);
  if (linked) return linked.user;
  if (!profile.email || !profile.emailVerified) {
    throw new SocialLoginError('email_not_verified', `${provider} gave no verified email`);
  }
  const byEmail = await ctx.users.findAccountByEmail(profile.email);
  if (byEmail) {
    const link = { provider, providerId, avatar: profile.avatar, emailVerified: true };
    const updated = await ctx.users.linkProvider(byEmail.user.id, link);
    return (updated ?? byEmail).user;
  }
  if (!ctx.settings.allowSocialRegistration) {
    throw new SocialLoginError('registration_disabled', 'social registration is off');
  }
  if (!isDomainAllowed(ctx.settings, profile.email)) {
    throw new SocialLoginError('domain_not_allowed', 'email domain not allowed');
  }
  const created = await ctx.users.create({
    name: profile.name,
    username: profile.username,
    email: profile.email,
    passwordHash: null,
    avatar: profile.avatar,
    emailVerified: true,
    social: { provider, providerId },
  });
  return created.user;
}
