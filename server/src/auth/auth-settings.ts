import { DEFAULT_APP_TITLE, SOCIAL_PROVIDERS, type SocialProvider } from '@parley/shared/constants';
import type { AppConfig } from '../config/app-config';
import { isPasswordResetEnabled } from '../config/startup-config';

/** What the auth feature reads from the configuration, resolved once. */
export interface AuthSettings {
  appTitle: string;
  jwtSecret: string;
  /** Key from which each rotated refresh token is derived (`JWT_REFRESH_SECRET`). */
  refreshSecret: string;
  accessTokenTtlSeconds: number;
  /** Absolute lifetime of a session (its refresh tokens); rotation does not extend it. */
  refreshTokenTtlMs: number;
  resetTokenTtlMs: number;
  /** Reset by email: email configured and `ALLOW_PASSWORD_RESET` not false. */
  passwordResetEnabled: boolean;
  /** `Secure` cookies when the server is reached over https. */
  secureCookies: boolean;
  domainClient: string;
  domainServer: string;
  allowRegistration: boolean;
  allowEmailLogin: boolean;
  allowSocialLogin: boolean;
  allowSocialRegistration: boolean;
  /** YAML `registration.allowedDomains`, lower-cased; undefined = any domain. */
  allowedDomains: readonly string[] | undefined;
  /** YAML `registration.socialLogins` (default: all providers). */
  socialLogins: readonly SocialProvider[];
}

export const RESET_TOKEN_TTL_MS = 15 * 60 * 1000;

export function authSettingsFrom(config: AppConfig): AuthSettings {
  const { env, yaml, server } = config;
  return {
    appTitle: env.APP_TITLE ?? DEFAULT_APP_TITLE,
    jwtSecret: config.secrets.jwtSecret,
    refreshSecret: config.secrets.jwtRefreshSecret,
    accessTokenTtlSeconds: Math.max(1, Math.round(env.SESSION_EXPIRY / 1000)),
    refreshTokenTtlMs: env.REFRESH_TOKEN_EXPIRY,
    resetTokenTtlMs: RESET_TOKEN_TTL_MS,
    passwordResetEnabled: isPasswordResetEnabled(config),
    secureCookies: server.domainServer.startsWith('https:'),
    domainClient: server.domainClient,
    domainServer: server.domainServer,
    allowRegistration: env.ALLOW_REGISTRATION,
    allowEmailLogin: env.ALLOW_EMAIL_LOGIN,
    allowSocialLogin: env.ALLOW_SOCIAL_LOGIN,
    allowSocialRegistration: env.ALLOW_SOCIAL_REGISTRATION,
    allowedDomains: yaml?.registration?.allowedDomains?.map((domain) => domain.trim().toLowerCase()),
    socialLogins: yaml?.registration?.socialLogins ?? SOCIAL_PROVIDERS,
  };
}

/** Whether an email's domain (after the last `@`) may sign up under `allowedDomains`. */
export function isDomainAllowed(settings: Pick<AuthSettings, 'allowedDomains'>, email: string): boolean {
  if (!settings.allowedDomains) return true;
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return settings.allowedDomains.includes(domain);
}
