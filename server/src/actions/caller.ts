// Calls an action's API for a function call of the model (API.md "Assistants and actions"): the spec's first
// server URL, path parameters substituted and encoded, query, headers and body per the operation, the auth
// applied, a whole-call time limit, the answer capped; every connection (token URL, redirects included) goes
// through the address guard. Errors are thrown with a message that can be shown to the user and the model.
import { AddressRefusedError, createGuardedFetch, type FetchLike } from '../net/address-guard';
import { withStaleConnectionRetry } from '../net/stale-connection-retry';
import { clientCredentialsToken } from './oauth-token';
import { planOperations, WRAPPED_BODY_KEY, type OperationPlan } from './operations';
import { readCapped } from './read-capped';
import type { ActionAuth, ActionCaller, ActionCallerOptions, ActionSecrets } from './types';
import { firstServerUrl } from './spec-check';

export const DEFAULT_ACTION_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024;
/** Headers a spec's header parameters may not set: the transport's own and the auth's. */
const RESERVED_HEADERS = new Set([
  'host',
  'authorization',
  'proxy-authorization',
  'cookie',
  'content-length',
  'content-type',
  'transfer-encoding',
  'connection',
  'accept-encoding',
]);

/** A failed action call; `message` is safe to show. */
export class ActionCallError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ActionCallError';
  }
}

function scalar(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return JSON.stringify(value) ?? '';
}

/** A path segment URLs resolve away (`.`/`..`, percent-encoded dots included, as the URL standard says). */
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

/**
 * The operation's path with its parameters substituted. Each value is percent-encoded (`/`, `\`, `?`, `#`,
 * `%` included), so it stays inside its segment; a segment a value makes `.` or `..` is refused, as no
 * encoding keeps it: URL parsers and servers read `%2E%2E` as `..` too.
 */
function fillPath(plan: OperationPlan, args: Record<string, unknown>): string {
  // Split at the slashes outside `{…}`, so a (strange) name with a slash still matches as a whole.
  const segments = plan.path.split(/\/(?![^{]*\})/).map((segment) => {
    const names: string[] = [];
    const filled = segment.replace(/\{([^}]+)\}/g, (_whole, name: string) => {
      const value = args[name];
      if (value === undefined || value === null || value === '') {
        throw new ActionCallError(`The path parameter "${name}" is missing.`);
      }
      names.push(name);
      return encodeURIComponent(scalar(value));
    });
    if (names.length > 0 && DOT_SEGMENT.test(filled)) {
      const named =
        names.length === 1
          ? `parameter "${names[0]}"`
          : `parameters ${names.map((n) => `"${n}"`).join(', ')}`;
      throw new ActionCallError(
        `The path ${named} cannot be "${filled}": that would leave the operation's path ${plan.path}.`,
      );
    }
    return filled;
  });
  return segments.join('/');
}

function buildUrl(base: URL, plan: OperationPlan, args: Record<string, unknown>): URL {
  const path = fillPath(plan, args);
  const url = new URL(base.href);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  for (const { name, explode } of plan.queryParams) {
    const value = args[name];
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      if (explode) for (const item of value) url.searchParams.append(name, scalar(item));
      else url.searchParams.append(name, value.map(scalar).join(','));
    } else {
      url.searchParams.append(name, scalar(value));
    }
  }
  return url;
}

function buildBody(
  plan: OperationPlan,
  args: Record<string, unknown>,
): { body?: string; contentType?: string } {
  const { body } = plan;
  if (body.mode === 'none') return {};
  let payload: unknown;
  if (body.mode === 'wrapped') {
    payload = args[WRAPPED_BODY_KEY];
    if (payload === undefined) return {};
  } else {
    const picked: Record<string, unknown> = {};
    for (const key of body.keys) if (args[key] !== undefined) picked[key] = args[key];
    payload = picked;
  }
  if (/x-www-form-urlencoded/i.test(body.contentType)) {
    const form = new URLSearchParams();
    if (typeof payload === 'object' && payload !== null) {
      for (const [key, value] of Object.entries(payload))
        if (value !== undefined) form.append(key, scalar(value));
    }
    return { body: form.toString(), contentType: 'application/x-www-form-urlencoded' };
  }
  return { body: JSON.stringify(payload), contentType: 'application/json' };
}

/** The header name of a `custom` API key, when the auth has a valid one. */
function customAuthHeader(auth: ActionAuth): string | undefined {
  if (auth.type !== 'service_http' || auth.authorization_type !== 'custom') return undefined;
  const header = auth.custom_auth_header?.trim();
  return header && /^[!#$%&'*+.^_`|~0-9a-z-]+$/i.test(header) ? header : undefined;
}

async function authHeaders(
  auth: ActionAuth,
  secrets: ActionSecrets,
  fetchFn: FetchLike,
  signal: AbortSignal,
): Promise<Record<string, string>> {
  if (auth.type === 'service_http') {
    const key = secrets.apiKey;
    if (!key) throw new ActionCallError('The action needs an API key, and none is saved.');
    if (auth.authorization_type === 'custom') {
      const header = customAuthHeader(auth);
      if (!header) throw new ActionCallError('The action has no valid custom authorization header name.');
      return { [header]: key };
    }
    if (auth.authorization_type === 'bearer') return { authorization: `Bearer ${key}` };
    return { authorization: `Basic ${Buffer.from(key).toString('base64')}` };
  }
  if (auth.type === 'oauth') {
    const { oauthClientId: clientId, oauthClientSecret: clientSecret } = secrets;
    if (!clientId || !clientSecret || !auth.client_url) {
      throw new ActionCallError('The action needs an OAuth client id, client secret and token URL.');
    }
    const token = await clientCredentialsToken(
      fetchFn,
      {
        tokenUrl: auth.client_url,
        clientId,
        clientSecret,
        ...(auth.scope ? { scope: auth.scope } : {}),
        basicAuthHeader: auth.token_exchange_method === 'basic_auth_header',
      },
      signal,
    );
    return { authorization: `Bearer ${token}` };
  }
  return {};
}

function describeFailure(
  error: unknown,
  domain: string,
  timeoutMs: number,
  timedOut: boolean,
): ActionCallError {
  if (error instanceof ActionCallError) return error;
  if (error instanceof AddressRefusedError) {
    return new ActionCallError(`The action's address was refused: ${error.message}`, { cause: error });
  }
  if (timedOut) {
    return new ActionCallError(
      `The API at ${domain} did not answer within ${Number((timeoutMs / 1000).toFixed(1))} s.`,
      {
        cause: error,
      },
    );
  }
  if (error instanceof Error && error.name === 'AbortError') {
    return new ActionCallError('The action call was stopped.', { cause: error });
  }
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : undefined;
  const code = cause && 'code' in cause && typeof cause.code === 'string' ? ` (${cause.code})` : '';
  const message = error instanceof Error ? error.message : String(error);
  return new ActionCallError(`API call to ${domain} failed: ${message.slice(0, 200)}${code}`, {
    cause: error,
  });
}

/** A function that runs one of the action's operations (see the header comment). */
export function createActionCaller(options: ActionCallerOptions): ActionCaller {
  const { spec, domain, auth, secrets, allow } = options;
  const timeoutMs = options.timeoutMs ?? DEFAULT_ACTION_TIMEOUT_MS;
  const maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const plans = planOperations(spec, domain);
  const base = firstServerUrl(spec);
  // The custom API-key header is a credential whatever its name: no redirect carries it to another origin.
  const customHeader = customAuthHeader(auth);
  // A GET (or PUT, DELETE) whose kept-alive connection the API closed under it is sent again; a POST is not: a
  // reset does not prove the API never acted on it.
  const fetchFn = withStaleConnectionRetry(
    createGuardedFetch({ allow, credentialHeaders: customHeader ? [customHeader] : [] }),
    { idempotentOnly: true },
  );

  return async (functionName, args, signal) => {
    const plan = plans.get(functionName);
    if (!plan) throw new ActionCallError(`The action has no function named "${functionName}".`);
    if (!base) throw new ActionCallError('Could not find a valid URL in `servers`');
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    try {
      const url = buildUrl(base, plan, args);
      const { body, contentType } = buildBody(plan, args);
      const headers: Record<string, string> = { accept: 'application/json, text/plain;q=0.9, */*;q=0.5' };
      for (const name of plan.headerParams) {
        const value = args[name];
        if (value !== undefined && value !== null && !RESERVED_HEADERS.has(name.toLowerCase())) {
          headers[name] = scalar(value).replace(/[\r\n]/g, ' ');
        }
      }
      if (contentType) headers['content-type'] = contentType;
      Object.assign(headers, await authHeaders(auth, secrets, fetchFn, combined));
      const response = await fetchFn(url, {
        method: plan.method.toUpperCase(),
        headers,
        ...(body !== undefined ? { body } : {}),
        signal: combined,
      });
      const { text, truncated } = await readCapped(response, maxBytes);
      if (!response.ok) {
        const shown = text.replace(/\s+/g, ' ').trim().slice(0, 500);
        throw new ActionCallError(
          `API call to ${domain} failed with status ${response.status}${shown ? `: ${shown}` : '.'}`,
        );
      }
      if (text === '' && !truncated) return `(The API answered ${response.status} with no content.)`;
      return truncated ? `${text}\n[The response was cut at ${maxBytes} bytes.]` : text;
    } catch (error) {
      throw describeFailure(error, domain, timeoutMs, timeout.aborted);
    }
  };
}
