import { calculatePKCECodeChallenge, randomNonce, randomPKCECodeVerifier, randomState } from 'openid-client';
import type { SocialProvider } from '@parley/shared/constants';

/** The per-login secrets kept in the browser's state cookie between the redirect and the callback. */
export interface OAuthFlow {
  provider: SocialProvider;
  state: string;
  codeVerifier: string;
  nonce: string;
}

export function newOAuthFlow(provider: SocialProvider): OAuthFlow {
  return { provider, state: randomState(), codeVerifier: randomPKCECodeVerifier(), nonce: randomNonce() };
}

export const codeChallengeOf = (flow: OAuthFlow): Promise<string> =>
  calculatePKCECodeChallenge(flow.codeVerifier);
