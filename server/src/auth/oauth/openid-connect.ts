import {
  allowInsecureRequests,
  authorizationCodeGrant,
  buildAuthorizationUrl,
  customFetch,
  discovery,
  fetchUserInfo,
  type Configuration,
} from 'openid-client';
import { fetchSendingAgainOnReset } from '../../net/stale-connection-retry';
import type { OpenIdProvider } from './oauth-config';
import { OAuthProviderError } from './oauth-error';
import { codeChallengeOf, type OAuthFlow } from './oauth-flow';
import type { SocialProfile } from './social-profile';

export interface OpenIdConnect {
  authorizationUrl(flow: OAuthFlow, redirectUri: string): Promise<string>;
  /**
   * Validates the callback (state, `iss`), redeems the code (PKCE), checks the ID token (signature,
   * issuer, audience, expiry, nonce) and reads userinfo.
   */
  finish(callbackQuery: URLSearchParams, flow: OAuthFlow, redirectUri: string): Promise<SocialProfile>;
}

/** OpenID Connect through `openid-client`, discovering the issuer on first use (retried after a failure). */
export function createOpenIdConnect(provider: OpenIdProvider): OpenIdConnect {
  let configuration: Promise<Configuration> | undefined;
  const configure = (): Promise<Configuration> => {
    configuration ??= discover(provider).catch((error: unknown) => {
      configuration = undefined;
      throw new OAuthProviderError(`OpenID discovery failed for ${provider.issuer}`, { cause: error });
    });
    return configuration;
  };

  return {
    async authorizationUrl(flow, redirectUri) {
      const config = await configure();
      return buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: provider.scope,
        state: flow.state,
        nonce: flow.nonce,
        code_challenge: await codeChallengeOf(flow),
        code_challenge_method: 'S256',
      }).toString();
    },
    async finish(callbackQuery, flow, redirectUri) {
      const config = await configure();
      // The library takes redirect_uri from this URL (without its query) and the response from its query.
      const callbackUrl = new URL(redirectUri);
      callbackUrl.search = callbackQuery.toString();
      const tokens = await authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: flow.codeVerifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
      });
      const claims = tokens.claims();
      if (!claims) throw new OAuthProviderError('OpenID provider sent no ID token');
      const info = { ...claims, ...(await fetchUserInfo(config, tokens.access_token, claims.sub)) };
      return {
        provider: 'openid',
        providerId: claims.sub,
        email: stringOf(info.email),
        emailVerified: info.email_verified === true,
        name: stringOf(info.name) ?? stringOf(info.given_name) ?? '',
        username: stringOf(info.preferred_username) ?? '',
        avatar: stringOf(info.picture) ?? null,
      };
    },
  };
}

function discover(provider: OpenIdProvider): Promise<Configuration> {
  const issuer = new URL(provider.issuer);
  // An http:// issuer is only reachable when the operator configured one (a local or internal provider).
  const execute = issuer.protocol === 'http:' ? [allowInsecureRequests] : [];
  // Every request of the flow (discovery, token, userinfo) is sent again once on a connection closed under it.
  return discovery(issuer, provider.clientId, provider.clientSecret, undefined, {
    execute,
    [customFetch]: fetchSendingAgainOnReset,
  });
}

const stringOf = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;
