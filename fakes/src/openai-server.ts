// A fake OpenAI server speaking the Chat Completions wire protocol (also on Azure's
// `/openai/deployments/{deployment}` routes), scripted per test.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleAzureApi } from './azure-route';
import { handleChatCompletions } from './chat-completions-route';
import { handleTextCompletions } from './text-completions-route';
import { EmbeddingFailures, handleEmbeddings } from './embeddings-route';
import { handleControl } from './control-routes';
import type { ControlDeps } from './control-routes';
import { parseJson, readBody, sendJson } from './http-io';
import { invalidApiKeyError, openAIError } from './openai-errors';
import { parseScript } from './parse-script';
import { flattenHeaders, RequestLog } from './request-log';
import type { RecordedRequest } from './request-log';
import { ScriptQueue } from './script-queue';
import { handleVendor, VendorState } from './vendor-routes';
import type { ScriptInput } from './script-types';

export interface FakeOpenAIOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Defaults to 127.0.0.1. */
  host?: string;
}

export interface FakeOpenAI {
  /** `http://127.0.0.1:PORT` */
  readonly url: string;
  /** `url + '/v1'`, the SDK's `baseURL`. */
  readonly baseURL: string;
  /** What the `/v1` and Azure `/openai` routes received, oldest first (live view). */
  readonly requests: readonly RecordedRequest[];
  /** Queues replies and/or sets the models and expected key; same as `POST /__control/script`. */
  script(input: ScriptInput): void;
  /** Lets streams held by `holdAfterChunks` go on (the next hold passes at once if none is held yet). */
  release(): void;
  /** The next embeddings requests answer these HTTP statuses, one each (e.g. `[429, 500]`). */
  failEmbeddings(statuses: readonly number[]): void;
  /** Empties the queue and the request log, restores default models, drops the expected key. */
  reset(): void;
  close(): Promise<void>;
}

function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+(.+)$/i);
  return match?.[1]?.trim() ?? null;
}

async function handleApi(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  deps: ControlDeps,
  signal: AbortSignal,
  failures: EmbeddingFailures,
): Promise<void> {
  const receivedAt = performance.now();
  const rawBody = await readBody(req);
  const parsed = parseJson(rawBody);
  const body = parsed.ok ? parsed.value : null;
  const headers = flattenHeaders(req.headers);
  const method = req.method ?? 'GET';
  const entry: RecordedRequest = {
    method,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers,
    body,
    receivedAt,
  };
  deps.log.record(entry);

  const expected = deps.queue.apiKey;
  const provided = bearerToken(headers.authorization);
  if (expected !== null && provided !== expected) {
    sendJson(res, 401, invalidApiKeyError(provided));
    return;
  }
  const route = `${method} ${url.pathname.replace(/\/+$/, '')}`;
  if (route === 'GET /v1/models') {
    sendJson(res, 200, { object: 'list', data: deps.queue.models });
  } else if (route === 'POST /v1/chat/completions') {
    await handleChatCompletions(res, body, deps.queue, signal);
    entry.answeredAt = performance.now();
  } else if (route === 'POST /v1/completions') {
    await handleTextCompletions(res, body, deps.queue, signal);
    entry.answeredAt = performance.now();
  } else if (route === 'POST /v1/embeddings') {
    handleEmbeddings(res, body, failures);
  } else {
    sendJson(res, 404, openAIError(`Invalid URL (${method} ${url.pathname})`, 'invalid_request_error', null));
  }
}

async function handle(
  req: IncomingMessage,
  res: ServerResponse,
  deps: ControlDeps,
  failures: EmbeddingFailures,
  vendors: VendorState,
): Promise<void> {
  const abort = new AbortController();
  res.on('close', () => abort.abort());
  const url = new URL(req.url ?? '/', 'http://fake.invalid');
  if (url.pathname.startsWith('/vendor/')) {
    // The tool vendors' fakes ride along, so the e2e suite needs one fake process.
    await handleVendor(req, res, url, vendors);
  } else if (url.pathname.startsWith('/__control/')) {
    if (url.pathname === '/__control/reset') vendors.reset();
    handleControl(res, req.method ?? 'GET', url.pathname, await readBody(req), deps);
  } else if (url.pathname.startsWith('/v1/')) {
    await handleApi(req, res, url, deps, abort.signal, failures);
  } else if (url.pathname.startsWith('/openai/')) {
    await handleAzureApi(req, res, url, deps, abort.signal);
  } else {
    sendJson(
      res,
      404,
      openAIError(`Invalid URL (${req.method ?? 'GET'} ${url.pathname})`, 'invalid_request_error', null),
    );
  }
}

function onFailure(res: ServerResponse, error: unknown): void {
  console.error('[fake-openai] request failed:', error);
  if (res.headersSent) res.destroy();
  else sendJson(res, 500, openAIError('The fake server failed.', 'server_error', null));
}

function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      if (address !== null && typeof address === 'object') resolve(address);
      else reject(new Error(`unexpected listen address: ${String(address)}`));
    });
  });
}

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

export async function startFakeOpenAI(opts: FakeOpenAIOptions = {}): Promise<FakeOpenAI> {
  const deps: ControlDeps = { queue: new ScriptQueue(), log: new RequestLog() };
  const failures = new EmbeddingFailures();
  const vendors = new VendorState();
  const server = createServer((req, res) => {
    handle(req, res, deps, failures, vendors).catch((error: unknown) => onFailure(res, error));
  });
  const host = opts.host ?? '127.0.0.1';
  const address = await listen(server, opts.port ?? 0, host);
  const url = `http://${urlHost(host)}:${address.port}`;
  return {
    url,
    baseURL: `${url}/v1`,
    get requests() {
      return deps.log.all;
    },
    script: (input) => deps.queue.apply(parseScript(input)),
    release: () => deps.queue.gate.release(),
    failEmbeddings: (statuses) => failures.queue(statuses),
    reset: () => {
      failures.reset();
      vendors.reset();
      deps.queue.reset();
      deps.log.clear();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
