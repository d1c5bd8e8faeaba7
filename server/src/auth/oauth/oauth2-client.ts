import { z } from 'zod';
import { fetchSendingAgainOnReset } from '../../net/stale-connection-retry';
import type { OAuth2Provider } from './oauth-config';
import { OAuthProviderError } from './oauth-error';
import { codeChallengeOf, type OAuthFlow } from './oauth-flow';

const TIMEOUT_MS = 10_000;
const HEADERS = { Accept: 'application/json', 'User-Agent': 'Parley' };

/** The provider's authorization URL with state and a PKCE challenge (ignored by providers without PKCE). */
export async function oauth2AuthorizationUrl(
  provider: OAuth2Provider,
  flow: OAuthFlow,
  redirectUri: string,
): Promise<string> {
  const url = new URL(provider.authorizationUrl);
  const params = {
    response_type: 'code',
    client_id: provider.clientId,
    redirect_uri: redirectUri,
    scope: provider.scope,
    state: flow.state,
    code_challenge: await codeChallengeOf(flow),
    code_challenge_method: 'S256',
    ...provider.authorizationParams,
  };
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

// GitHub answers failures with 200 and an `error` field, so the body decides, not the status.
const tokenResponseSchema = z.union([
  z.object({ access_token: z.string().min(1) }),
  z.object({ error: z.string(), error_description: z.string().optional() }),
]);

/** Exchanges the authorization code (client_secret_post, with the PKCE verifier) for an access token. */
export async function exchangeOAuth2Code(
  provider: OAuth2Provider,
  code: string,
  flow: OAuthFlow,
  redirectUri: string,
): Promise<string> {
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    client_id: provider.clientId,
    client_secret: provider.clientSecret,
    code_verifier: flow.codeVerifier,
  });
  const json = await requestJson(provider.tokenUrl, { method: 'POST', body });
  const parsed = tokenResponseSchema.safeParse(json);
  if (!parsed.success) throw new OAuthProviderError(`${provider.name}: unexpected token response`);
  if ('error' in parsed.data) {
    const { error, error_description: description } = parsed.data;
    throw new OAuthProviderError(
      `${provider.name}: token exchange failed: ${error} ${description ?? ''}`.trim(),
    );
  }
  return parsed.data.access_token;
}

/** GET a provider API with the user's access token. */
export function fetchWithToken(url: string, accessToken: string): Promise<unknown> {
  return requestJson(url, { method: 'GET', headers: { Authorization: `Bearer ${accessToken}` } });
}

async function requestJson(
  url: string,
  init: { method: string; body?: URLSearchParams; headers?: Record<string, string> },
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetchSendingAgainOnReset(url, {
      ...init,
      headers: { ...HEADERS, ...init.headers },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (cause) {
    throw new OAuthProviderError(`cannot reach ${new URL(url).origin}`, { cause });
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (cause) {
    throw new OAuthProviderError(`${new URL(url).origin} answered ${response.status} without JSON`, {
      cause,
    });
  }
  if (!response.ok && !(typeof json === 'object' && json !== null && 'error' in json)) {
    throw new OAuthProviderError(`${new URL(url).origin} answered ${response.status}`);
  }
  return json;
}
