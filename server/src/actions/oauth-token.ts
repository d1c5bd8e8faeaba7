// OAuth 2 client-credentials tokens for actions (API.md): the credentials are POSTed form-encoded to the
// token URL (through the address guard, as any user-given URL), and the token is reused until shortly before
// it expires. Concurrent calls share one token request.
import { createHash } from 'node:crypto';
import type { FetchLike } from '../net/address-guard';
import { readCapped } from './read-capped';

interface CachedToken {
  token: string;
  expiresAt: number;
}

const cache = new Map<string, CachedToken>();
const pending = new Map<string, Promise<CachedToken>>();
/** Tokens are given up this long before they expire. */
const EXPIRY_MARGIN_MS = 30_000;
/** A token response without `expires_in` is reused this long. */
const DEFAULT_LIFETIME_MS = 5 * 60_000;
const MAX_CACHED = 1000;

export interface ClientCredentials {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  scope?: string;
  /** Credentials in an `Authorization: Basic` header instead of the form. */
  basicAuthHeader: boolean;
}

function cacheKey(credentials: ClientCredentials): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        credentials.tokenUrl,
        credentials.clientId,
        credentials.clientSecret,
        credentials.scope ?? '',
        credentials.basicAuthHeader,
      ]),
    )
    .digest('hex');
}

async function requestToken(
  fetchFn: FetchLike,
  credentials: ClientCredentials,
  signal: AbortSignal,
): Promise<CachedToken> {
  const form = new URLSearchParams({ grant_type: 'client_credentials' });
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  if (credentials.basicAuthHeader) {
    const pair = `${encodeURIComponent(credentials.clientId)}:${encodeURIComponent(credentials.clientSecret)}`;
    headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
  } else {
    form.set('client_id', credentials.clientId);
    form.set('client_secret', credentials.clientSecret);
  }
  if (credentials.scope) form.set('scope', credentials.scope);
  const response = await fetchFn(credentials.tokenUrl, {
    method: 'POST',
    headers,
    body: form.toString(),
    signal,
  });
  const { text } = await readCapped(response, 64 * 1024);
  if (!response.ok) {
    throw new Error(`The OAuth token request failed with status ${response.status}.`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error('The OAuth token response is not JSON.');
  }
  const record = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  if (typeof record.access_token !== 'string' || record.access_token === '') {
    throw new Error('The OAuth token response has no access_token.');
  }
  const lifetime =
    typeof record.expires_in === 'number' && record.expires_in > 0
      ? record.expires_in * 1000
      : typeof record.expires_in === 'string' && Number(record.expires_in) > 0
        ? Number(record.expires_in) * 1000
        : DEFAULT_LIFETIME_MS;
  return { token: record.access_token, expiresAt: Date.now() + lifetime - EXPIRY_MARGIN_MS };
}

/** A bearer token for `credentials`, from the cache while it is still valid. */
export async function clientCredentialsToken(
  fetchFn: FetchLike,
  credentials: ClientCredentials,
  signal: AbortSignal,
): Promise<string> {
  const key = cacheKey(credentials);
  const cached = cache.get(key);
  if (cached && cached.expiresAt > Date.now()) return cached.token;
  let inFlight = pending.get(key);
  if (!inFlight) {
    inFlight = requestToken(fetchFn, credentials, signal).finally(() => pending.delete(key));
    pending.set(key, inFlight);
  }
  const fresh = await inFlight;
  if (cache.size >= MAX_CACHED) {
    for (const [oldKey, entry] of cache) if (entry.expiresAt <= Date.now()) cache.delete(oldKey);
    if (cache.size >= MAX_CACHED) cache.clear();
  }
  cache.set(key, fresh);
  return fresh.token;
}

/** Forgets every cached token (tests). */
export function clearTokenCache(): void {
  cache.clear();
}
