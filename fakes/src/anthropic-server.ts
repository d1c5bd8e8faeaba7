// A fake Anthropic server speaking the Messages API wire protocol, scripted per test.
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { anthropicError } from './anthropic-errors';
import { handleMessages } from './anthropic-messages-route';
import { parseAnthropicScript } from './anthropic-script';
import type { AnthropicReply, AnthropicScriptInput } from './anthropic-script';
import { routeControl } from './control-routes';
import type { ControlDeps } from './control-routes';
import { listenOn, parseJson, readBody, sendJson } from './http-io';
import { flattenHeaders, RequestLog } from './request-log';
import type { RecordedRequest } from './request-log';
import { ScriptQueue } from './script-queue';
import type { ModelEntry } from './script-queue';

export const DEFAULT_ANTHROPIC_MODELS: readonly string[] = [
  'claude-3-5-sonnet-20240620',
  'claude-3-opus-20240229',
  'claude-3-haiku-20240307',
];

export interface FakeAnthropicOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Defaults to 127.0.0.1. */
  host?: string;
}

export interface FakeAnthropic {
  /** `http://127.0.0.1:PORT`, the SDK's `baseURL` (it adds `/v1/...` itself). */
  readonly url: string;
  /** What the `/v1` routes received, oldest first (live view). */
  readonly requests: readonly RecordedRequest[];
  /** Queues replies and/or sets the models and expected key; same as `POST /__control/script`. */
  script(input: AnthropicScriptInput): void;
  /** Empties the queue and the request log, restores default models, drops the expected key. */
  reset(): void;
  close(): Promise<void>;
}

type Deps = ControlDeps<AnthropicReply>;

/** The SDK sends `Authorization: Bearer` (apiKey/authToken); curl and older SDKs send `x-api-key`. */
function providedKey(headers: Record<string, string>): string | null {
  const apiKey = headers['x-api-key'];
  if (apiKey !== undefined) return apiKey.trim();
  const match = headers.authorization?.match(/^Bearer\s+(.+)$/i);
  return match?.[1]?.trim() ?? null;
}

function modelInfo(model: ModelEntry): Record<string, unknown> {
  const createdAt = new Date(model.created * 1000).toISOString();
  return { type: 'model', id: model.id, display_name: model.id, created_at: createdAt };
}

function modelsPage(deps: Deps): Record<string, unknown> {
  const data = deps.queue.models.map(modelInfo);
  return {
    data,
    has_more: false,
    first_id: deps.queue.models[0]?.id ?? null,
    last_id: deps.queue.models.at(-1)?.id ?? null,
  };
}

/** Answers the request itself when it fails authentication or versioning; returns true if it did. */
function rejected(res: ServerResponse, headers: Record<string, string>, deps: Deps): boolean {
  const expected = deps.queue.apiKey;
  const provided = providedKey(headers);
  if (expected !== null && provided === null) {
    sendJson(res, 401, anthropicError('authentication_error', 'x-api-key header is required'));
    return true;
  }
  if (expected !== null && provided !== expected) {
    sendJson(res, 401, anthropicError('authentication_error', 'invalid x-api-key'));
    return true;
  }
  if (headers['anthropic-version'] === undefined) {
    sendJson(res, 400, anthropicError('invalid_request_error', 'anthropic-version: header is required'));
    return true;
  }
  return false;
}

async function handleApi(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  deps: Deps,
  signal: AbortSignal,
): Promise<void> {
  const parsed = parseJson(await readBody(req));
  const body = parsed.ok ? parsed.value : null;
  const headers = flattenHeaders(req.headers);
  const method = req.method ?? 'GET';
  deps.log.record({ method, path: url.pathname, query: Object.fromEntries(url.searchParams), headers, body });
  if (rejected(res, headers, deps)) return;
  const route = `${method} ${url.pathname.replace(/\/+$/, '')}`;
  if (route === 'GET /v1/models') sendJson(res, 200, modelsPage(deps));
  else if (route === 'POST /v1/messages') await handleMessages(res, body, deps.queue, signal);
  else sendJson(res, 404, anthropicError('not_found_error', `Not found: ${method} ${url.pathname}`));
}

async function handle(req: IncomingMessage, res: ServerResponse, deps: Deps): Promise<void> {
  const abort = new AbortController();
  res.on('close', () => abort.abort());
  const url = new URL(req.url ?? '/', 'http://fake.invalid');
  if (url.pathname.startsWith('/__control/')) {
    routeControl(res, req.method ?? 'GET', url.pathname, await readBody(req), deps, parseAnthropicScript);
  } else {
    await handleApi(req, res, url, deps, abort.signal);
  }
}

function onFailure(res: ServerResponse, error: unknown): void {
  console.error('[fake-anthropic] request failed:', error);
  if (res.headersSent) res.destroy();
  else sendJson(res, 500, anthropicError('api_error', 'The fake server failed.'));
}

export async function startFakeAnthropic(opts: FakeAnthropicOptions = {}): Promise<FakeAnthropic> {
  const deps: Deps = {
    queue: new ScriptQueue<AnthropicReply>(DEFAULT_ANTHROPIC_MODELS),
    log: new RequestLog(),
  };
  const server = createServer((req, res) => {
    handle(req, res, deps).catch((error: unknown) => onFailure(res, error));
  });
  const running = await listenOn(server, opts.port ?? 0, opts.host ?? '127.0.0.1');
  return {
    url: running.url,
    get requests() {
      return deps.log.all;
    },
    script: (input) => deps.queue.apply(parseAnthropicScript(input)),
    reset: () => {
      deps.queue.reset();
      deps.log.clear();
    },
    close: running.close,
  };
}
