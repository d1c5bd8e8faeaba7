import type { LoginChallenge } from '@parley/shared/schemas/two-factor';
import type { User } from '@parley/shared/schemas/user';
import type { Db } from '../db/client';
import { signAccessToken } from '../lib/access-token';
import type { Mailer } from '../lib/mailer';
import type { UsersService } from '../users/service';
import { authErrors } from './auth-errors';
import type { AbuseGuard } from './abuse-guard';
import type { AuthSettings } from './auth-settings';
import type { IssuedRefreshToken, Sessions } from './sessions';

/** What every auth operation works with; built once in `createAuthService`. */
export interface AuthContext {
  db: Db;
  users: UsersService;
  sessions: Sessions;
  settings: AuthSettings;
  guard: AbuseGuard;
  /** Null when email sending is not configured. */
  mailer: Mailer | null;
  now: () => Date;
  /** Failures of work that finishes after the response (sending mail). */
  onBackgroundError: (error: unknown, what: string) => void;
  /** After a right password: the second step the user must take first (two-factor), or null. */
  secondFactor?: ((user: User) => Promise<LoginChallenge | null>) | undefined;
}

/** A signed-in user: the access token and user for the body, the refresh token for the cookie. */
export interface SignedIn {
  token: string;
  user: User;
  refresh: IssuedRefreshToken;
}

/**
 * Starts a session for `user` and signs its first access token; every way of signing in ends here, so a
 * disabled account is refused here too (`403 account_disabled`) and the time of the sign-in recorded.
 */
export async function signIn(ctx: AuthContext, user: User): Promise<SignedIn> {
  if (!(await ctx.users.recordSignIn(user.id, ctx.now()))) throw authErrors.accountDisabled();
  const refresh = await ctx.sessions.start(user.id);
  return { token: await accessTokenFor(ctx, user), user, refresh };
}

export function accessTokenFor(ctx: Pick<AuthContext, 'settings'>, user: User): Promise<string> {
  return signAccessToken(
    ctx.settings.jwtSecret,
    { id: user.id, role: user.role },
    ctx.settings.accessTokenTtlSeconds,
  );
}
