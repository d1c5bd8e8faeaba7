// The `@google/genai` client for Vertex AI, authenticated as a service account (SPEC §3 "Google service
// key JSON"). Region fixed to us-central1, as in the original product.
import type { GoogleGenAI, GoogleGenAIOptions } from '@google/genai';
import { googleSdk } from '../../lib/provider-sdks';
import { fetchSendingAgainOnReset } from '../../net/stale-connection-retry';
import type { Credentials, GoogleServiceAccount } from '../types';

export const VERTEX_LOCATION = 'us-central1';
export const VERTEX_BASE_URL = `https://${VERTEX_LOCATION}-aiplatform.googleapis.com/`;
const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';

type GoogleAuthOptions = NonNullable<GoogleGenAIOptions['googleAuthOptions']>;

/**
 * The auth library always posts the signed JWT to Google's token URL; a key file may name another
 * `token_uri` (a private or emulated endpoint), so that one call is sent there instead.
 */
function toTokenUri(tokenUri: string): typeof fetch {
  return (input, init) => {
    const target = input instanceof Request ? input.url : String(input);
    return fetch(target === GOOGLE_TOKEN_URL ? tokenUri : input, init);
  };
}

function authOptionsOf(account: GoogleServiceAccount): GoogleAuthOptions {
  const credentials = { client_email: account.client_email, private_key: account.private_key };
  const tokenUri = account.token_uri;
  if (tokenUri === undefined || tokenUri === GOOGLE_TOKEN_URL) return { credentials };
  return {
    credentials,
    clientOptions: { transporterOptions: { fetchImplementation: toTokenUri(tokenUri) } },
  };
}

/** Project, region, credentials and base URL are all given, so the SDK reads none of its GOOGLE_* variables for them. */
export function createVertexClient(account: GoogleServiceAccount, credentials: Credentials): GoogleGenAI {
  return new (googleSdk.loaded().GoogleGenAI)({
    vertexai: true,
    project: account.project_id,
    location: VERTEX_LOCATION,
    googleAuthOptions: authOptionsOf(account),
    httpOptions: {
      fetch: fetchSendingAgainOnReset,
      baseUrl: credentials.baseURL ?? VERTEX_BASE_URL,
      ...(credentials.headers ? { headers: credentials.headers } : {}),
    },
  });
}
