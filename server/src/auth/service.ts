import type {
  LoginRequest,
  RegisterRequest,
  RequestPasswordResetRequest,
  RequestPasswordResetResponse,
  ResetPasswordRequest,
} from '@parley/shared/schemas/auth';
import type { ChangePasswordRequest } from '@parley/shared/schemas/account';
import type { LoginChallenge } from '@parley/shared/schemas/two-factor';
import type { User } from '@parley/shared/schemas/user';
import type { Db } from '../db/client';
import type { Mailer } from '../lib/mailer';
import type { UsersService } from '../users/service';
import type { AbuseGuard } from './abuse-guard';
import { changePassword } from './account';
import { signIn, type AuthContext, type SignedIn } from './auth-context';
import type { AuthSettings } from './auth-settings';
import { login, register } from './login';
import type { SocialProfile } from './oauth/social-profile';
import { requestPasswordReset, resetPassword } from './password-reset';
import { refresh, type RefreshOutcome } from './refresh';
import { createSessions } from './sessions';
import { socialLogin } from './social-login';

export type { SignedIn } from './auth-context';
export type { RefreshOutcome } from './refresh';

export interface AuthService {
  readonly settings: AuthSettings;
  readonly guard: AbuseGuard;
  register(input: RegisterRequest): Promise<SignedIn>;
  /** Signed in, or the second step first (two-factor sign-in). */
  login(input: LoginRequest): Promise<SignedIn | LoginChallenge>;
  /** Starts a session for a user whose sign-in finished elsewhere (two-factor's second step). */
  startSession(user: User): Promise<SignedIn>;
  refresh(refreshToken: string | undefined): Promise<RefreshOutcome>;
  logout(refreshToken: string | undefined): Promise<void>;
  requestPasswordReset(input: RequestPasswordResetRequest): RequestPasswordResetResponse;
  resetPassword(input: ResetPasswordRequest): Promise<void>;
  socialLogin(profile: SocialProfile): Promise<SignedIn>;
  /** Ends every session of the user (e.g. when banning them). */
  revokeAllSessions(userId: string): Promise<void>;
  /** Checks the current password, sets the new one, signs out the user's other sessions (answers how many). */
  changePassword(
    userId: string,
    input: ChangePasswordRequest,
    refreshToken: string | undefined,
  ): Promise<number>;
  /** Signs out every session of the user but the one of `refreshToken`; answers how many. */
  revokeOtherSessions(userId: string, refreshToken: string | undefined): Promise<number>;
}

export interface AuthServiceDeps {
  db: Db;
  users: UsersService;
  settings: AuthSettings;
  guard: AbuseGuard;
  mailer: Mailer | null;
  now: () => Date;
  onBackgroundError: (error: unknown, what: string) => void;
  secondFactor?: AuthContext['secondFactor'];
}

export function createAuthService(deps: AuthServiceDeps): AuthService {
  const sessions = createSessions({
    db: deps.db,
    ttlMs: deps.settings.refreshTokenTtlMs,
    now: deps.now,
    rotationKey: deps.settings.refreshSecret,
  });
  const ctx: AuthContext = { ...deps, sessions };
  return {
    settings: deps.settings,
    guard: deps.guard,
    register: (input) => register(ctx, input),
    login: (input) => login(ctx, input),
    startSession: (user) => signIn(ctx, user),
    refresh: (token) => refresh(ctx, token),
    logout: (token) => sessions.revoke(token),
    requestPasswordReset: (input) => requestPasswordReset(ctx, input),
    resetPassword: (input) => resetPassword(ctx, input),
    socialLogin: (profile) => socialLogin(ctx, profile),
    revokeAllSessions: (userId) => sessions.revokeAllOf(userId),
    changePassword: (userId, input, token) => changePassword(ctx, userId, input, token),
    revokeOtherSessions: (userId, token) => sessions.revokeOthers(userId, token),
  };
}
