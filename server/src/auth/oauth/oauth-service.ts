import type { SocialProvider } from '@parley/shared/constants';
import type { AuthService, SignedIn } from '../service';
import { SocialLoginError } from '../social-login';
import type { OAuthConfig } from './oauth-config';
import { newOAuthFlow, type OAuthFlow } from './oauth-flow';
import { exchangeOAuth2Code, oauth2AuthorizationUrl } from './oauth2-client';
import { createOpenIdConnect } from './openid-connect';
import { profileReaders } from './profile-readers';
import type { SocialProfile } from './social-profile';

export interface OAuthService {
  /** Whether `/oauth/{provider}` is served (known, enabled and configured). */
  isEnabled(provider: string): provider is SocialProvider;
  /** Where to send the browser, and the flow secrets to keep in its state cookie. */
  start(provider: SocialProvider): Promise<{ url: string; flow: OAuthFlow }>;
  /**
   * Checks the callback against the browser's flow (state), redeems the code, reads the profile and signs
   * the person in. Refusals throw `SocialLoginError` (its code names the reason).
   */
  complete(provider: SocialProvider, query: URLSearchParams, flow: OAuthFlow | undefined): Promise<SignedIn>;
}

export function createOAuthService(deps: {
  config: OAuthConfig;
  auth: AuthService;
  domainServer: string;
}): OAuthService {
  const { config, auth } = deps;
  const openid = config.openid ? createOpenIdConnect(config.openid) : undefined;
  const redirectUri = (provider: SocialProvider) => `${deps.domainServer}/oauth/${provider}/callback`;
  const isEnabled = (provider: string): provider is SocialProvider =>
    provider === 'openid' ? openid !== undefined : isOAuth2Enabled(config, provider);

  async function readProfile(provider: SocialProvider, query: URLSearchParams, flow: OAuthFlow) {
    if (provider === 'openid') {
      if (!openid) throw new SocialLoginError('auth_failed', 'openid is not enabled');
      return openid.finish(query, flow, redirectUri(provider));
    }
    const settings = config.oauth2[provider];
    const code = query.get('code');
    if (!settings || !code) throw new SocialLoginError('auth_failed', `no code from ${provider}`);
    const accessToken = await exchangeOAuth2Code(settings, code, flow, redirectUri(provider));
    return profileReaders[provider](settings, accessToken);
  }

  return {
    isEnabled,
    async start(provider) {
      const flow = newOAuthFlow(provider);
      const settings = provider === 'openid' ? undefined : config.oauth2[provider];
      const url = settings
        ? await oauth2AuthorizationUrl(settings, flow, redirectUri(provider))
        : await requireOpenId(openid).authorizationUrl(flow, redirectUri(provider));
      return { url, flow };
    },
    async complete(provider, query, flow) {
      if (!flow || flow.provider !== provider || query.get('state') !== flow.state) {
        throw new SocialLoginError('invalid_state', 'state does not match this browser’s login');
      }
      const error = query.get('error');
      if (error) throw new SocialLoginError('auth_failed', `${provider} answered ${error}`);
      let profile: SocialProfile;
      try {
        profile = await readProfile(provider, query, flow);
      } catch (cause) {
        if (cause instanceof SocialLoginError) throw cause;
        throw new SocialLoginError('auth_failed', `${provider} sign-in failed`, { cause });
      }
      return auth.socialLogin(profile);
    },
  };
}

/** `oauth2` holds exactly the enabled OAuth2 providers. */
const isOAuth2Enabled = (config: OAuthConfig, provider: string): boolean =>
  provider !== 'openid' && Object.hasOwn(config.oauth2, provider);

function requireOpenId<T>(openid: T | undefined): T {
  if (!openid) throw new SocialLoginError('auth_failed', 'openid is not enabled');
  return openid;
}
