import type { AppConfig } from '../config/app-config';
import type { Coordination } from '../coordination/coordination';
import type { Db } from '../db/client';
import type { Logger } from '../lib/logger';
import { createMailer, mailerSettingsFrom } from '../lib/mailer';
import type { UsersService } from '../users/service';
import { abuseSettingsFrom, createAbuseGuard } from './abuse-guard';
import { authSettingsFrom } from './auth-settings';
import { oauthConfigFrom } from './oauth/oauth-config';
import { createOAuthService, type OAuthService } from './oauth/oauth-service';
import { createAuthService, type AuthService, type AuthServiceDeps } from './service';

/** The auth and social-login services as configured by env and YAML. */
export function createAuthFromConfig(deps: {
  config: AppConfig;
  db: Db;
  users: UsersService;
  coordination: Coordination;
  now: () => Date;
  logger?: Logger | undefined;
  /** Two-factor sign-in's second step after a right password. */
  secondFactor?: AuthServiceDeps['secondFactor'];
}): { auth: AuthService; oauth: OAuthService } {
  const { config } = deps;
  const settings = authSettingsFrom(config);
  const mailerSettings = mailerSettingsFrom(config.env);
  const auth = createAuthService({
    db: deps.db,
    users: deps.users,
    settings,
    guard: createAbuseGuard(deps.coordination.counters, abuseSettingsFrom(config.env)),
    mailer: mailerSettings ? createMailer(mailerSettings) : null,
    now: deps.now,
    onBackgroundError: (error, what) => deps.logger?.error({ err: error }, `${what} failed`),
    secondFactor: deps.secondFactor,
  });
  const oauth = createOAuthService({
    config: oauthConfigFrom(config.env, settings),
    auth,
    domainServer: settings.domainServer,
  });
  return { auth, oauth };
}
