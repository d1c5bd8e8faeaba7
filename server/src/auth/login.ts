import type { LoginRequest, RegisterRequest } from '@parley/shared/schemas/auth';
import type { LoginChallenge } from '@parley/shared/schemas/two-factor';
import { authErrors } from './auth-errors';
import { signIn, type AuthContext, type SignedIn } from './auth-context';
import { isDomainAllowed } from './auth-settings';
import { hashPassword, verifyPassword } from './passwords';

/**
 * Email and password sign-in. Unknown email and wrong password fail alike, in about the same time
 * (the password is verified against a dummy hash when there is no account). A right password of an account
 * with two-factor sign-in (or that must set it up) answers the second step instead of a session.
 */
export async function login(ctx: AuthContext, input: LoginRequest): Promise<SignedIn | LoginChallenge> {
  if (!ctx.settings.allowEmailLogin) throw authErrors.emailLoginDisabled();
  const account = await ctx.users.findAccountByEmail(input.email);
  const matches = await verifyPassword(account?.passwordHash ?? null, input.password);
  if (!account || !matches) throw authErrors.invalidCredentials();
  if (account.disabled) throw authErrors.accountDisabled();
  if ((await ctx.guard.banRemainingMs([{ userId: account.user.id }])) > 0) throw authErrors.banned();
  const challenge = await ctx.secondFactor?.(account.user);
  if (challenge) return challenge;
  return signIn(ctx, account.user);
}

/** Creates a local account (the first one ever is ADMIN) and signs it in. */
export async function register(ctx: AuthContext, input: RegisterRequest): Promise<SignedIn> {
  if (!ctx.settings.allowRegistration) throw authErrors.registrationDisabled();
  if (!isDomainAllowed(ctx.settings, input.email)) throw authErrors.domainNotAllowed();
  const account = await ctx.users.create({
    name: input.name,
    username: input.username,
    email: input.email,
    passwordHash: await hashPassword(input.password),
  });
  return signIn(ctx, account.user);
}
