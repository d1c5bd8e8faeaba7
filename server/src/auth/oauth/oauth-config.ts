import type { SocialProvider } from '@parley/shared/constants';
import type { ParsedEnv } from '../../config/env';
import type { AuthSettings } from '../auth-settings';

export const OAUTH2_PROVIDERS = ['google', 'facebook', 'github', 'discord'] as const;
export type OAuth2ProviderName = (typeof OAUTH2_PROVIDERS)[number];

/** A plain OAuth 2.0 provider: authorization-code flow, then its user-info API. */
export interface OAuth2Provider {
  name: OAuth2ProviderName;
  clientId: string;
  clientSecret: string;
  authorizationUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  /** GitHub only: where the verified addresses are listed. */
  emailsUrl?: string;
  scope: string;
  /** Extra query parameters of the authorization request. */
  authorizationParams?: Record<string, string>;
}

export interface OpenIdProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  scope: string;
}

/** The enabled social providers (ALLOW_SOCIAL_LOGIN, YAML `registration.socialLogins`, client id+secret). */
export interface OAuthConfig {
  oauth2: Partial<Record<OAuth2ProviderName, OAuth2Provider>>;
  openid: OpenIdProvider | undefined;
}

type Endpoints = Pick<
  OAuth2Provider,
  'authorizationUrl' | 'tokenUrl' | 'userinfoUrl' | 'emailsUrl' | 'scope'
>;

/**
 * Endpoints default to the public providers; each can be overridden by env (GitHub Enterprise, a
 * proxy, a test server):
 * GOOGLE_AUTHORIZATION_URL, GOOGLE_TOKEN_URL, GOOGLE_USERINFO_URL;
 * FACEBOOK_AUTHORIZATION_URL, FACEBOOK_TOKEN_URL, FACEBOOK_USERINFO_URL;
 * GITHUB_AUTHORIZATION_URL, GITHUB_TOKEN_URL, GITHUB_USERINFO_URL, GITHUB_EMAILS_URL;
 * DISCORD_AUTHORIZATION_URL, DISCORD_TOKEN_URL, DISCORD_USERINFO_URL.
 * OpenID Connect discovers its endpoints from OPENID_ISSUER (scope OPENID_SCOPE, default
 * `openid profile email`).
 */
const endpointsOf: Record<OAuth2ProviderName, (env: ParsedEnv) => Endpoints> = {
  google: (env) => ({
    authorizationUrl: env.GOOGLE_AUTHORIZATION_URL ?? 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: env.GOOGLE_TOKEN_URL ?? 'https://oauth2.googleapis.com/token',
    userinfoUrl: env.GOOGLE_USERINFO_URL ?? 'https://openidconnect.googleapis.com/v1/userinfo',
    scope: 'openid profile email',
  }),
  facebook: (env) => ({
    authorizationUrl: env.FACEBOOK_AUTHORIZATION_URL ?? 'https://www.facebook.com/v19.0/dialog/oauth',
    tokenUrl: env.FACEBOOK_TOKEN_URL ?? 'https://graph.facebook.com/v19.0/oauth/access_token',
    userinfoUrl:
      env.FACEBOOK_USERINFO_URL ??
      'https://graph.facebook.com/v19.0/me?fields=id,name,email,picture.type(large)',
    scope: 'public_profile,email',
  }),
  github: (env) => ({
    authorizationUrl: env.GITHUB_AUTHORIZATION_URL ?? 'https://github.com/login/oauth/authorize',
    tokenUrl: env.GITHUB_TOKEN_URL ?? 'https://github.com/login/oauth/access_token',
    userinfoUrl: env.GITHUB_USERINFO_URL ?? 'https://api.github.com/user',
    emailsUrl: env.GITHUB_EMAILS_URL ?? 'https://api.github.com/user/emails',
    scope: 'read:user user:email',
  }),
  discord: (env) => ({
    authorizationUrl: env.DISCORD_AUTHORIZATION_URL ?? 'https://discord.com/oauth2/authorize',
    tokenUrl: env.DISCORD_TOKEN_URL ?? 'https://discord.com/api/oauth2/token',
    userinfoUrl: env.DISCORD_USERINFO_URL ?? 'https://discord.com/api/users/@me',
    scope: 'identify email',
  }),
};

const credentialsOf = (env: ParsedEnv): Record<SocialProvider, [string | undefined, string | undefined]> => ({
  google: [env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET],
  facebook: [env.FACEBOOK_CLIENT_ID, env.FACEBOOK_CLIENT_SECRET],
  github: [env.GITHUB_CLIENT_ID, env.GITHUB_CLIENT_SECRET],
  discord: [env.DISCORD_CLIENT_ID, env.DISCORD_CLIENT_SECRET],
  openid: [env.OPENID_CLIENT_ID, env.OPENID_CLIENT_SECRET],
});

/** A provider is enabled by ALLOW_SOCIAL_LOGIN, YAML `registration.socialLogins` and its client id+secret. */
export function oauthConfigFrom(env: ParsedEnv, settings: AuthSettings): OAuthConfig {
  const credentials = credentialsOf(env);
  const clientOf = (provider: SocialProvider) => {
    const [clientId, clientSecret] = credentials[provider];
    const enabled = settings.allowSocialLogin && settings.socialLogins.includes(provider);
    return enabled && clientId && clientSecret ? { clientId, clientSecret } : undefined;
  };
  const oauth2: OAuthConfig['oauth2'] = {};
  for (const name of OAUTH2_PROVIDERS) {
    const client = clientOf(name);
    if (client) oauth2[name] = { name, ...client, ...endpointsOf[name](env) };
  }
  const openidClient = clientOf('openid');
  const openid =
    env.OPENID_ISSUER && openidClient
      ? { issuer: env.OPENID_ISSUER, ...openidClient, scope: env.OPENID_SCOPE ?? 'openid profile email' }
      : undefined;
  return { oauth2, openid };
}
