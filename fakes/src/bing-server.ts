// A fake Bing Chat on one port: conversation create (plain HTTP here, HTTPS at Bing) and the SignalR
// ChatHub WebSocket, scripted per test through `/__control/*` or `fake.script(...)`.
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { handleCreate } from './bing-create-route';
import type { BingConversations } from './bing-create-route';
import { HUB_PATH, serveHub } from './bing-hub';
import type { HubDeps } from './bing-hub';
import { parseBingScript } from './bing-script';
import type { BingReply, BingScriptInput } from './bing-script';
import { routeControl } from './control-routes';
import { listenOn, readBody, sendJson } from './http-io';
import { flattenHeaders, RequestLog } from './request-log';
import type { RecordedRequest } from './request-log';
import { ScriptQueue } from './script-queue';

export const CREATE_PATH = '/turing/conversation/create';

export interface FakeBingOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Defaults to 127.0.0.1. */
  host?: string;
}

export interface FakeBing {
  /** `http://127.0.0.1:PORT`: the host for conversation create and, as `ws://`, for the ChatHub. */
  readonly url: string;
  /**
   * What the fake received, oldest first (live view): HTTP requests, the ChatHub upgrade (`GET`), and
   * every SignalR record the client sent (`method: 'WS'`, the parsed record as `body`).
   */
  readonly requests: readonly RecordedRequest[];
  /** Queues replies and/or sets the expected `_U` cookie (`apiKey`); same as `POST /__control/script`. */
  script(input: BingScriptInput): void;
  /** Empties the queue, the request log and the conversations; drops the expected cookie. */
  reset(): void;
  close(): Promise<void>;
}

function requestUrl(req: IncomingMessage): URL {
  return new URL(req.url ?? '/', 'http://fake.invalid');
}

function record(req: IncomingMessage, url: URL, deps: HubDeps): void {
  deps.log.record({
    method: req.method ?? 'GET',
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers: flattenHeaders(req.headers),
    body: null,
  });
}

async function handle(req: IncomingMessage, res: ServerResponse, deps: HubDeps): Promise<void> {
  const url = requestUrl(req);
  if (url.pathname.startsWith('/__control/')) {
    const rawBody = await readBody(req);
    if (url.pathname === '/__control/reset') deps.conversations.clear();
    routeControl(res, req.method ?? 'GET', url.pathname, rawBody, deps, parseBingScript);
    return;
  }
  record(req, url, deps);
  if (req.method === 'GET' && url.pathname === CREATE_PATH) {
    handleCreate(res, req.headers.cookie, deps.queue, deps.conversations);
  } else {
    sendJson(res, 404, {
      result: { value: 'NotFound', message: `Not found: ${req.method} ${url.pathname}` },
    });
  }
}

function onFailure(res: ServerResponse, error: unknown): void {
  console.error('[fake-bing] request failed:', error);
  if (res.headersSent) res.destroy();
  else sendJson(res, 500, { result: { value: 'ServiceUnavailable', message: 'The fake server failed.' } });
}

function onUpgrade(
  wss: WebSocketServer,
  deps: HubDeps,
  req: IncomingMessage,
  socket: Duplex,
  head: Buffer,
): void {
  const url = requestUrl(req);
  record(req, url, deps);
  if (url.pathname !== HUB_PATH) {
    socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
    return;
  }
  wss.handleUpgrade(req, socket, head, (ws) => serveHub(ws, Object.fromEntries(url.searchParams), deps));
}

export async function startFakeBing(opts: FakeBingOptions = {}): Promise<FakeBing> {
  const conversations: BingConversations = new Map();
  const deps: HubDeps = {
    queue: new ScriptQueue<BingReply>(['BingAI', 'Sydney']),
    log: new RequestLog(),
    conversations,
  };
  const server = createServer((req, res) => {
    handle(req, res, deps).catch((error: unknown) => onFailure(res, error));
  });
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => onUpgrade(wss, deps, req, socket, head));
  const running = await listenOn(server, opts.port ?? 0, opts.host ?? '127.0.0.1');
  return {
    url: running.url,
    get requests() {
      return deps.log.all;
    },
    script: (input) => deps.queue.apply(parseBingScript(input)),
    reset: () => {
      deps.queue.reset();
      deps.log.clear();
      conversations.clear();
    },
    close: async () => {
      for (const client of wss.clients) client.terminate();
      wss.close();
      await running.close();
    },
  };
}
