import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request carrying this header (`0`, `1`, …) goes to that upstream instead of the next in turn. */
export const UPSTREAM_HEADER = 'x-parley-upstream';

export interface ServedRequest {
  method: string;
  /** Path and query. */
  path: string;
  /** Index of the upstream that answered. */
  upstream: number;
  /** The upstream's status; 502 when it could not be reached. */
  status: number;
}

/** A load balancer in miniature: round robin over the upstreams, responses (SSE too) passed on unbuffered. */
export interface RoundRobinProxy {
  readonly url: string;
  /** Every request answered so far, oldest first. */
  readonly served: readonly ServedRequest[];
  /** Forgets the requests answered so far (each journey reads only its own). */
  clearLog(): void;
  close(): Promise<void>;
}

/** Headers that concern one connection, never forwarded (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

function endToEnd(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const kept: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name) && name !== UPSTREAM_HEADER) kept[name] = value;
  }
  return kept;
}

/** What nginx's `proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for` and friends send. */
function forwardedHeaders(req: IncomingMessage): OutgoingHttpHeaders {
  const client = req.socket.remoteAddress ?? '127.0.0.1';
  const before = req.headers['x-forwarded-for'];
  return {
    'x-forwarded-for': before ? `${String(before)}, ${client}` : client,
    'x-forwarded-proto': 'http',
    'x-forwarded-host': req.headers.host ?? '',
  };
}

export async function startRoundRobinProxy(upstreams: readonly string[]): Promise<RoundRobinProxy> {
  const targets = upstreams.map((upstream) => new URL(upstream));
  const served: ServedRequest[] = [];
  let turn = 0;

  const pick = (req: IncomingMessage): number => {
    const pinned = Number(req.headers[UPSTREAM_HEADER]);
    if (Number.isInteger(pinned) && pinned >= 0 && pinned < targets.length) return pinned;
    const index = turn % targets.length;
    turn += 1;
    return index;
  };

  const forward = (req: IncomingMessage, res: ServerResponse) => {
    const index = pick(req);
    const target = targets[index];
    if (!target) throw new Error('no upstream');
    const record = (status: number) =>
      served.push({ method: req.method ?? 'GET', path: req.url ?? '/', upstream: index, status });
    const upstream = httpRequest({
      host: target.hostname,
      port: target.port,
      method: req.method,
      path: req.url,
      headers: { ...endToEnd(req.headers), ...forwardedHeaders(req) },
    });
    upstream.on('response', (answer: IncomingMessage) => {
      record(answer.statusCode ?? 502);
      res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
      // Headers now, each body chunk as it comes: an event stream must not wait for a buffer to fill.
      res.flushHeaders();
      answer.pipe(res);
      answer.on('error', () => res.destroy());
    });
    upstream.on('error', () => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      record(502);
      res.writeHead(502, { 'content-type': 'text/plain' }).end('upstream unreachable');
    });
    // A client that goes away (a closed tab, an aborted fetch) closes its upstream request too.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  };

  const server = createServer(forward);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    clearLog: () => {
      served.length = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
