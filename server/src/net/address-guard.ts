/**
 * The one address guard for URLs a user supplies (API.md "Conventions"): a user-provided base URL, a web
 * page for the browser tool, an action's server. Administrator URLs (env, YAML) are trusted and do not
 * come here.
 *
 * Public API (other features import these names; keep them stable):
 * - `createGuardedFetch({ allow })` → a `fetch`-compatible function (give it to the OpenAI/Anthropic SDKs
 *   as their `fetch`). Only `http:`/`https:`; the host is resolved when the connection is made and every
 *   address it resolves to must be public unicast (so DNS rebinding cannot slip past a earlier check);
 *   redirects are followed by hand (at most `maxRedirects`, default 5), each hop checked again, and
 *   credentials (the usual headers plus any `credentialHeaders`) dropped when a hop changes origin. A
 *   refusal rejects with `AddressRefusedError`; it names a literal IP the user gave, never the address a
 *   host name resolved to.
 * - `assertAllowedUrl(url, allow)` → resolves the URL's host and rejects with `AddressRefusedError` when the
 *   guard would refuse it: an early, readable answer (e.g. when a user saves a base URL). The connection-time
 *   check of `createGuardedFetch` stays the authoritative one.
 * - `AddressAllowList` / `NO_EXEMPTIONS` and, in `allow-lists.ts`, `endpointsAllowList(yaml)` /
 *   `actionsAllowList(yaml)` built from the YAML keys `endpoints.allowedAddresses`,
 *   `actions.allowedAddresses` and `actions.allowedDomains`.
 * Refused: loopback, private (RFC 1918, fc00::/7), link-local (169.254/16, fe80::/10), CGNAT (100.64/10),
 * multicast, unspecified, broadcast, reserved, IPv4-mapped/compatible IPv6, NAT64 and 6to4 of any of those;
 * odd IPv4 spellings (`2130706433`, `0x7f.1`, `0177.0.0.1`, `127.1`) are normalised by the URL parser first.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { Agent, buildConnector, fetch as undiciFetch } from 'undici';
import { lazyModule } from '../lib/lazy-module';
import { matchesAddress, matchesByName, type AllowRule, type Target } from './allow-rules';
import { classifyIp } from './ip-policy';

export interface AddressAllowList {
  /** Targets these rules name are exempt from the public-address rule. */
  exempt: readonly AllowRule[];
  /** When given and not empty, a target must match one of these rules at all (actions' allowed domains). */
  only?: readonly AllowRule[];
}

export const NO_EXEMPTIONS: AddressAllowList = { exempt: [] };

/** The guard refused a URL or an address it resolved to; `message` is safe to show the user. */
export class AddressRefusedError extends Error {
  readonly code = 'address_refused';
  constructor(message: string) {
    super(message);
    this.name = 'AddressRefusedError';
  }
}

/** The shape the OpenAI and Anthropic SDKs accept as their `fetch` option. */
export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export interface GuardedFetchOptions {
  allow: AddressAllowList;
  /**
   * More headers that carry credentials (e.g. an action's custom API-key header): dropped, like
   * `authorization`, when a redirect changes origin, and kept on same-origin redirects. Any case.
   */
  credentialHeaders?: readonly string[];
  /** Redirect hops followed before giving up (default 5). */
  maxRedirects?: number;
}

const DEFAULT_MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Headers that always carry credentials: never sent on to another origin by a redirect. */
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization', 'x-api-key', 'api-key'];

/** Checks scheme and the allow list's `only` rules; parses the URL. */
function targetOf(url: URL, allow: AddressAllowList): Target {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new AddressRefusedError(
      `Only http and https addresses are allowed, not ${url.protocol.slice(0, -1)}.`,
    );
  }
  const scheme = url.protocol === 'https:' ? 'https' : 'http';
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = url.port === '' ? (scheme === 'https' ? 443 : 80) : Number(url.port);
  const target: Target = { scheme, hostname, port };
  if (allow.only && allow.only.length > 0 && !allow.only.some((rule) => matchesByName(rule, target))) {
    throw new AddressRefusedError(`The address ${hostname} is not in the allowed domains.`);
  }
  return target;
}

/**
 * The address to connect to for `target`, or an AddressRefusedError. A target the allow list names is
 * connected as is; otherwise every address the host resolves to must be public or exempt by an IP rule.
 */
async function addressFor(target: Target, allow: AddressAllowList): Promise<string> {
  if (allow.exempt.some((rule) => matchesByName(rule, target))) return target.hostname;
  const addresses = isIP(target.hostname)
    ? [target.hostname]
    : await lookup(target.hostname, { all: true, verbatim: true }).then(
        (found) => found.map((entry) => entry.address),
        () => {
          throw new AddressRefusedError(`The address ${target.hostname} could not be resolved.`);
        },
      );
  for (const address of addresses) {
    if (allow.exempt.some((rule) => matchesAddress(rule, target, address))) continue;
    const verdict = classifyIp(address);
    if (!verdict.allowed) {
      // A literal IP the user typed may be named; the address a NAME resolved to may not (it would let
      // users map the server's internal DNS).
      throw new AddressRefusedError(
        isIP(target.hostname)
          ? `The address ${address} is not allowed: it is ${verdict.reason}.`
          : `The address ${target.hostname} is not allowed: it resolves to ${verdict.reason}.`,
      );
    }
  }
  const first = addresses[0];
  if (first === undefined)
    throw new AddressRefusedError(`The address ${target.hostname} could not be resolved.`);
  return first;
}

/** Rejects with AddressRefusedError when the guard would refuse `url` right now. */
export async function assertAllowedUrl(url: string | URL, allow: AddressAllowList): Promise<URL> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new AddressRefusedError('The address is not a valid URL.');
  }
  await addressFor(targetOf(parsed, allow), allow);
  return parsed;
}

/** undici, loaded with the first guarded request (docs/decisions.md "Idle memory"; ~110 module files). */
const undici = lazyModule(() => import('undici'));

/** An undici connector that resolves and checks the host itself, then connects to the checked address. */
function guardedConnector(allow: AddressAllowList): buildConnector.connector {
  const connect = undici.loaded().buildConnector({});
  return (options, callback) => {
    const scheme = options.protocol === 'https:' ? 'https' : 'http';
    const port = options.port === '' ? (scheme === 'https' ? 443 : 80) : Number(options.port);
    addressFor({ scheme, hostname: options.hostname, port }, allow).then(
      (address) => connect({ ...options, hostname: address }, callback),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  };
}

type UndiciInit = NonNullable<Parameters<typeof undiciFetch>[1]>;
type Body = RequestInit['body'];

/** A fetch for user-supplied URLs: see the header comment. */
export function createGuardedFetch(options: GuardedFetchOptions): FetchLike {
  const { allow } = options;
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const credentials = new Set([
    ...CREDENTIAL_HEADERS,
    ...(options.credentialHeaders ?? []).map((name) => name.trim().toLowerCase()),
  ]);
  let agent: Promise<Agent> | undefined;
  const dispatcher = () =>
    (agent ??= undici.load().then(({ Agent }) => new Agent({ connect: guardedConnector(allow) })));

  return async (input, init = {}) => {
    const request = input instanceof Request ? input : undefined;
    let url = new URL(request ? request.url : input instanceof URL ? input.href : input);
    let method = (init.method ?? request?.method ?? 'GET').toUpperCase();
    const headers = new Headers(request?.headers);
    new Headers(init.headers).forEach((value, name) => headers.set(name, value));
    let body: Body = init.body ?? request?.body ?? null;
    const signal = init.signal ?? request?.signal ?? null;

    for (let hop = 0; ; hop++) {
      targetOf(url, allow);
      const response = await send(url, { method, headers, body, signal, dispatcher: await dispatcher() });
      const location = response.headers.get('location');
      if (!REDIRECT_STATUSES.has(response.status) || location === null) return response;
      await response.body?.cancel().catch(() => undefined);
      if (hop >= maxRedirects)
        throw new AddressRefusedError(`Too many redirects (more than ${maxRedirects}).`);
      const next = new URL(location, url);
      if (
        response.status === 303 ||
        ((response.status === 301 || response.status === 302) && method === 'POST')
      ) {
        if (method !== 'HEAD') method = 'GET';
        body = null;
        headers.delete('content-type');
        headers.delete('content-length');
      } else if (body instanceof ReadableStream) {
        throw new AddressRefusedError('A redirect asked to send a streamed request body again.');
      }
      if (next.origin !== url.origin) {
        // Header names iterate lower-cased; a copy, as deleting while iterating skips entries.
        for (const name of [...headers.keys()]) if (credentials.has(name)) headers.delete(name);
      }
      url = next;
    }
  };
}

async function send(
  url: URL,
  init: { method: string; headers: Headers; body: Body; signal: AbortSignal | null; dispatcher: Agent },
): Promise<Response> {
  try {
    const undiciInit = {
      method: init.method,
      headers: [...init.headers],
      body: init.body,
      signal: init.signal,
      dispatcher: init.dispatcher,
      redirect: 'manual',
      ...(init.body instanceof ReadableStream ? { duplex: 'half' } : {}),
    } as unknown as UndiciInit;
    // undici's own Response implements the same WHATWG interface as the global one the SDKs expect.
    return (await undici.loaded().fetch(url, undiciInit)) as unknown as Response;
  } catch (error) {
    if (error instanceof TypeError && error.cause instanceof AddressRefusedError) throw error.cause;
    throw error;
  }
}
