import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { RouteFuzz } from './fuzz-table';
import { bodyPayload } from './hostile-values';
import type { RegisteredRoute } from './registered-routes';

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

/** Each query parameter absent, present once or repeated (Fastify makes repeats an array). */
function queryString(query: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<string> {
  const parts = Object.entries(query).map(([name, value]) =>
    fc.array(value, { maxLength: 2 }).map((values) => values.map((v) => `${name}=${v}`)),
  );
  return fc
    .tuple(fc.tuple(...parts), fc.constantFrom('', 'unknown=1', 'a[b]=1', '__proto__[x]=1', '&&=&'))
    .map(([pairs, extra]) => [...pairs.flat(), ...(extra ? [extra] : [])].join('&'));
}

function pathOf(url: string, params: Record<string, string>): string {
  return url.replace(/:(\w+)/g, (_, name: string) => params[name] ?? 'missing');
}

/** A request to `route` with the row's fuzzed params, query, headers and body. */
export function fuzzRequest(
  route: RegisteredRoute,
  row: RouteFuzz,
  authorization: string,
): fc.Arbitrary<FuzzRequest> {
  const params = row.params ? fc.record(row.params) : fc.constant({});
  const query = row.query ? queryString(row.query) : fc.constant('');
  const headers = row.headers ? fc.record(row.headers, { requiredKeys: [] }) : fc.constant({});
  const body = row.body ? fc.option(bodyPayload(row.body), { freq: 8 }) : fc.constant(null);
  return fc.tuple(params, query, headers, body).map(([p, q, h, b]) => ({
    method: route.method,
    url: `${pathOf(route.url, p)}${q ? `?${q}` : ''}`,
    headers: {
      ...h,
      ...(row.auth ? { authorization } : {}),
      ...(b ? { 'content-type': b.contentType } : {}),
    },
    ...(b ? { payload: b.payload } : {}),
  }));
}

/** The parts of an answer the checks look at. */
export interface FuzzResponse {
  statusCode: number;
  contentType: string;
  body: string;
}

const asInject = (request: FuzzRequest): InjectOptions => ({
  method: request.method as InjectOptions['method'],
  url: request.url,
  headers: request.headers,
  ...(request.payload === undefined ? {} : { payload: request.payload }),
});

/**
 * Sends the request through `inject()`, or over a real socket to `baseUrl` when the answer may be an
 * event stream (its writer waits for `drain`, which `inject()`'s response never emits).
 */
export async function send(
  app: FastifyInstance,
  baseUrl: string,
  request: FuzzRequest,
  overSocket: boolean,
): Promise<FuzzResponse> {
  if (!overSocket) {
    const response = await app.inject(asInject(request));
    const contentType = String(response.headers['content-type'] ?? '');
    return { statusCode: response.statusCode, contentType, body: response.body };
  }
  const response = await fetch(`${baseUrl}${request.url}`, {
    method: request.method,
    headers: request.headers,
    ...(request.payload === undefined ? {} : { body: request.payload }),
  });
  const contentType = response.headers.get('content-type') ?? '';
  return { statusCode: response.status, contentType, body: await response.text() };
}

/** A failing request, short enough to read in a test report. */
export function describeRequest(request: FuzzRequest): string {
  const payload = request.payload ?? '';
  const shown = payload.length > 300 ? `${payload.slice(0, 300)}… (${payload.length} chars)` : payload;
  return `${request.method} ${request.url.slice(0, 300)} ${JSON.stringify(request.headers)} ${shown}`;
}
