import type { z } from 'zod';
import { errorBodySchema } from '@parley/shared/errors';
import { claimEarlyResponse } from './early-requests';

/** Codes the client itself assigns when there is no API error body to read. */
export const CLIENT_ERROR_CODES = {
  network: 'network',
  invalidResponse: 'invalid_response',
} as const;

/**
 * A failed API call: the API error body `{message, code?, fields?}` plus the HTTP status (0 = no response) and,
 * when the answer said so, how many seconds to wait before trying again (`Retry-After`).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string | undefined;
  readonly fields: Readonly<Record<string, string>> | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    init: {
      status: number;
      message: string;
      code?: string;
      fields?: Record<string, string>;
      retryAfterSeconds?: number;
    },
    options?: { cause?: unknown },
  ) {
    super(init.message, options);
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** Same-origin by default; the refresh call sends its cookie with `include`. */
  credentials?: RequestCredentials;
  /**
   * Whether a `401` refreshes the session and replays the call (default true). Calls that establish the
   * session themselves (login, register, refresh, password reset) answer their own 401s.
   */
  refreshOnUnauthorized?: boolean;
  /** Extra request headers (e.g. `Accept: text/event-stream`, `Last-Event-ID`). */
  headers?: Record<string, string>;
  /** The request outlives the page (a reload or a closed tab right after a small write). */
  keepalive?: boolean;
}

type TokenSource = () => string | null;
/** Exchanges the refresh cookie for a new access token; resolves to null when that is not possible. */
type TokenRefresher = () => Promise<string | null>;

let readAccessToken: TokenSource = () => null;
let refreshAccessToken: TokenRefresher = () => Promise.resolve(null);
let pendingRefresh: Promise<string | null> | null = null;
/** Counts settled refreshes, so a call knows whether one finished while it was out. */
let settledRefreshes = 0;

/** Where the bearer token comes from; the app wires this to the auth store at start-up. */
export function setAccessTokenSource(source: TokenSource): void {
  readAccessToken = source;
}

/** How a new access token is obtained after a 401; the app wires this to the session refresh at start-up. */
export function setAccessTokenRefresher(refresher: TokenRefresher): void {
  refreshAccessToken = refresher;
}

export function apiGet<S extends z.ZodType>(
  path: string,
  schema: S,
  options?: RequestOptions,
): Promise<z.output<S>> {
  return request('GET', path, undefined, schema, options);
}

export function apiPost<S extends z.ZodType>(
  path: string,
  body: unknown,
  schema: S,
  options?: RequestOptions,
): Promise<z.output<S>> {
  return request('POST', path, body, schema, options);
}

export function apiPut<S extends z.ZodType>(
  path: string,
  body: unknown,
  schema: S,
  options?: RequestOptions,
): Promise<z.output<S>> {
  return request('PUT', path, body, schema, options);
}

export function apiDelete<S extends z.ZodType>(
  path: string,
  schema: S,
  options?: RequestOptions & { body?: unknown },
): Promise<z.output<S>> {
  return request('DELETE', path, options?.body, schema, options);
}

export function apiPatch<S extends z.ZodType>(
  path: string,
  body: unknown,
  schema: S,
  options?: RequestOptions,
): Promise<z.output<S>> {
  return request('PATCH', path, body, schema, options);
}

/**
 * A call whose response the caller reads itself (event streams): the same token and refresh-on-401 as every
 * other call, but the Response is returned as it is, whatever its status.
 */
export async function apiFetch(
  method: string,
  path: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<Response> {
  const sentToken = readAccessToken();
  const refreshesBefore = settledRefreshes;
  const response = await send(method, path, body, sentToken, options);
  if (response.status !== 401 || options.refreshOnUnauthorized === false) return response;
  const freshToken = await tokenAfterUnauthorized(sentToken, refreshesBefore !== settledRefreshes);
  if (freshToken === null) return response;
  await response.body?.cancel();
  return send(method, path, body, freshToken, options);
}

/** Every call goes through here: the one place for headers, error mapping and refresh-on-401. */
async function request<S extends z.ZodType>(
  method: string,
  path: string,
  body: unknown,
  schema: S,
  options: RequestOptions = {},
): Promise<z.output<S>> {
  const sentToken = readAccessToken();
  const refreshesBefore = settledRefreshes;
  let response = await send(method, path, body, sentToken, options);
  // SPEC §4: a 401 refreshes the session once and the call is replayed once with the new token.
  if (response.status === 401 && options.refreshOnUnauthorized !== false) {
    const freshToken = await tokenAfterUnauthorized(sentToken, refreshesBefore !== settledRefreshes);
    if (freshToken !== null) {
      await response.body?.cancel();
      response = await send(method, path, body, freshToken, options);
    }
  }

  const text = await response.text();
  if (!response.ok) {
    throw errorFromResponse(response.status, response.statusText, text, response.headers.get('Retry-After'));
  }
  return parseSuccessBody(response.status, text, schema);
}

/**
 * The token to replay a call with after its 401, or null when the session cannot be renewed. The first 401
 * starts the one refresh and concurrent ones wait for it: the refresh cookie rotates on every use, so a second
 * parallel refresh would present a rotated cookie and end the session. A call that was out while a refresh
 * settled takes that refresh's outcome: the current token if it changed, else none.
 */
function tokenAfterUnauthorized(
  sentToken: string | null,
  refreshSettledSince: boolean,
): Promise<string | null> {
  const current = readAccessToken();
  if (current !== null && current !== sentToken) return Promise.resolve(current);
  if (pendingRefresh) return pendingRefresh;
  if (refreshSettledSince) return Promise.resolve(null);
  pendingRefresh = refreshAccessToken()
    .catch(() => null)
    .finally(() => {
      settledRefreshes += 1;
      pendingRefresh = null;
    });
  return pendingRefresh;
}

async function send(
  method: string,
  path: string,
  body: unknown,
  token: string | null,
  options: RequestOptions,
): Promise<Response> {
  // Start-up: the request may have gone out before the bundle loaded (public/early-requests.js).
  const early = claimEarlyResponse(method, path);
  if (early) {
    try {
      return await early;
    } catch {
      // It could not be made (no session yet, network): made now, as any other.
    }
  }
  const headers = new Headers({ Accept: 'application/json' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  // A FormData body (file uploads) sets its own multipart Content-Type; a Blob (a JSON file) goes as it is.
  const isForm = body instanceof FormData;
  const isFile = body instanceof Blob;
  if (body !== undefined && !isForm) headers.set('Content-Type', 'application/json');
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  try {
    return await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : isForm || isFile ? body : JSON.stringify(body),
      credentials: options.credentials ?? 'same-origin',
      signal: options.signal,
      ...(options.keepalive ? { keepalive: true } : {}),
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiError(
      { status: 0, message: 'Unable to reach the server.', code: CLIENT_ERROR_CODES.network },
      { cause },
    );
  }
}

/**
 * Builds the ApiError for a non-2xx response; bodies that are not the API error shape keep the status. A
 * `Retry-After` of whole seconds is kept (an HTTP date is not: the API sends seconds).
 */
export function errorFromResponse(
  status: number,
  statusText: string,
  bodyText: string,
  retryAfter?: string | null,
): ApiError {
  const seconds = retryAfter && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter) : undefined;
  const wait = seconds === undefined ? {} : { retryAfterSeconds: seconds };
  const parsed = errorBodySchema.safeParse(parseJson(bodyText));
  if (parsed.success) return new ApiError({ status, ...parsed.data, ...wait });
  return new ApiError({ status, message: statusText || `Request failed with status ${status}`, ...wait });
}

/** Parses a 2xx body with the route's schema; an empty body is read as `undefined`. */
export function parseSuccessBody<S extends z.ZodType>(
  status: number,
  bodyText: string,
  schema: S,
): z.output<S> {
  const json = bodyText === '' ? undefined : parseJson(bodyText);
  if (json === invalidJson) {
    throw new ApiError({
      status,
      message: 'The server sent a response that is not JSON.',
      code: CLIENT_ERROR_CODES.invalidResponse,
    });
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  throw new ApiError(
    { status, message: 'The server sent an unexpected response.', code: CLIENT_ERROR_CODES.invalidResponse },
    { cause: parsed.error },
  );
}

const invalidJson = Symbol('invalid JSON');

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return invalidJson;
  }
}
