// A fake Google Generative Language API (Gemini) server, scripted per test. Matches `/v1beta/` (what
// @google/genai 2.x calls) and `/v1/` (genai 3.x's default). It also plays Vertex AI
// (`/v1beta1/projects/…/publishers/google/models/…`) behind an OAuth token endpoint at `/token`.
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { googleError, invalidApiKey, missingApiKey } from './google-errors';
import { handleGenerate } from './google-generate-route';
import type { GenerateCall } from './google-generate-route';
import { TokenIssuer } from './google-oauth';
import type { IssuedToken } from './google-oauth';
import { parseGoogleScript } from './google-script';
import type { GoogleReply, GoogleScriptInput } from './google-script';
import { routeControl } from './control-routes';
import type { ControlDeps } from './control-routes';
import { listenOn, parseJson, readBody, sendJson } from './http-io';
import { flattenHeaders, RequestLog } from './request-log';
import type { RecordedRequest } from './request-log';
import { ScriptQueue } from './script-queue';
import type { ModelEntry } from './script-queue';

export const DEFAULT_GOOGLE_MODELS: readonly string[] = ['gemini-1.5-pro', 'gemini-1.5-flash', 'gemini-pro'];

export interface FakeGoogleOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Defaults to 127.0.0.1. */
  host?: string;
}

export interface FakeGoogle {
  /** `http://127.0.0.1:PORT`, genai's `httpOptions.baseUrl`. */
  readonly url: string;
  /** The OAuth token endpoint for a service account's `token_uri` (Vertex AI). */
  readonly tokenUri: string;
  /** Access tokens `/token` issued, with the claims of the JWT each was issued for. */
  readonly issuedTokens: readonly IssuedToken[];
  /** What the API routes received, oldest first (live view). */
  readonly requests: readonly RecordedRequest[];
  /** Queues replies and/or sets the models and expected key; same as `POST /__control/script`. */
  script(input: GoogleScriptInput): void;
  /** Empties the queue and the request log, restores default models, drops the expected key. */
  reset(): void;
  close(): Promise<void>;
}

interface Deps extends ControlDeps<GoogleReply> {
  tokens: TokenIssuer;
}

const GENERATE_PATH = /^\/v1(?:beta)?\/models\/([^/:]+):(streamGenerateContent|generateContent)$/;
const VERTEX_PATH =
  /^\/v1(?:beta1)?\/projects\/[^/]+\/locations\/[^/]+\/publishers\/google\/models\/([^/:]+):(streamGenerateContent|generateContent)$/;
const MODELS_PATH = /^\/v1(?:beta)?\/models$/;

interface Route {
  kind: 'models' | 'generate' | 'unknown';
  /** Vertex AI routes take an OAuth access token; Gemini API routes an API key. */
  vertex: boolean;
  call?: GenerateCall;
}

function routeOf(method: string, path: string): Route {
  if (method === 'GET' && MODELS_PATH.test(path)) return { kind: 'models', vertex: false };
  const gemini = GENERATE_PATH.exec(path);
  const vertex = gemini ? null : VERTEX_PATH.exec(path);
  const match = gemini ?? vertex;
  if (method !== 'POST' || match?.[1] === undefined) return { kind: 'unknown', vertex: false };
  const call = { model: decodeURIComponent(match[1]), stream: match[2] === 'streamGenerateContent' };
  return { kind: 'generate', vertex: vertex !== null, call };
}

function modelOf(entry: ModelEntry): Record<string, unknown> {
  return {
    name: `models/${entry.id}`,
    version: '001',
    displayName: entry.id,
    description: `${entry.id} (fake)`,
    inputTokenLimit: entry.id.includes('gemini') ? 1_048_576 : 8192,
    outputTokenLimit: entry.id.includes('gemini') ? 8192 : 1024,
    supportedGenerationMethods: ['generateContent', 'countTokens'],
  };
}

/** Answers the request itself when its API key is missing or wrong; returns true if it did. */
function rejectedKey(res: ServerResponse, headers: Record<string, string>, url: URL, deps: Deps): boolean {
  const expected = deps.queue.apiKey;
  if (expected === null) return false;
  const provided = headers['x-goog-api-key'] ?? url.searchParams.get('key');
  if (provided === null || provided === undefined) sendJson(res, 403, missingApiKey());
  else if (provided !== expected) sendJson(res, 400, invalidApiKey());
  else return false;
  return true;
}

const DEFAULT_UNAUTHENTICATED =
  'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.';

/** Vertex AI wants a token from the fake's `/token`; returns true if it answered a missing or unknown one. */
function rejectedToken(res: ServerResponse, headers: Record<string, string>, deps: Deps): boolean {
  if (deps.tokens.accepts(headers.authorization)) return false;
  sendJson(res, 401, googleError(401, DEFAULT_UNAUTHENTICATED, 'UNAUTHENTICATED'));
  return true;
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
  const route = routeOf(method, url.pathname);
  if (route.vertex ? rejectedToken(res, headers, deps) : rejectedKey(res, headers, url, deps)) return;
  if (route.kind === 'models') {
    sendJson(res, 200, { models: deps.queue.models.map(modelOf) });
  } else if (route.call === undefined) {
    sendJson(res, 404, googleError(404, `Not found: ${method} ${url.pathname}`));
  } else if (route.call.stream && url.searchParams.get('alt') !== 'sse') {
    sendJson(res, 400, googleError(400, 'The fake streams only with alt=sse.'));
  } else {
    await handleGenerate(res, route.call, body, deps.queue, signal);
  }
}

/** `POST /token`: a form body, recorded as an object of its fields. */
async function handleToken(req: IncomingMessage, res: ServerResponse, url: URL, deps: Deps): Promise<void> {
  const raw = await readBody(req);
  const body = Object.fromEntries(new URLSearchParams(raw));
  const headers = flattenHeaders(req.headers);
  deps.log.record({ method: 'POST', path: url.pathname, query: {}, headers, body });
  deps.tokens.handle(res, raw);
}

async function handle(req: IncomingMessage, res: ServerResponse, deps: Deps): Promise<void> {
  const abort = new AbortController();
  res.on('close', () => abort.abort());
  const url = new URL(req.url ?? '/', 'http://fake.invalid');
  if (url.pathname.startsWith('/__control/')) {
    routeControl(res, req.method ?? 'GET', url.pathname, await readBody(req), deps, parseGoogleScript);
  } else if (req.method === 'POST' && url.pathname === '/token') {
    await handleToken(req, res, url, deps);
  } else {
    await handleApi(req, res, url, deps, abort.signal);
  }
}

function onFailure(res: ServerResponse, error: unknown): void {
  console.error('[fake-google] request failed:', error);
  if (res.headersSent) res.destroy();
  else sendJson(res, 500, googleError(500, 'The fake server failed.'));
}

export async function startFakeGoogle(opts: FakeGoogleOptions = {}): Promise<FakeGoogle> {
  const deps: Deps = {
    queue: new ScriptQueue<GoogleReply>(DEFAULT_GOOGLE_MODELS),
    log: new RequestLog(),
    tokens: new TokenIssuer(),
  };
  const server = createServer((req, res) => {
    handle(req, res, deps).catch((error: unknown) => onFailure(res, error));
  });
  const running = await listenOn(server, opts.port ?? 0, opts.host ?? '127.0.0.1');
  return {
    url: running.url,
    tokenUri: `${running.url}/token`,
    get issuedTokens() {
      return deps.tokens.all;
    },
    get requests() {
      return deps.log.all;
    },
    script: (input) => deps.queue.apply(parseGoogleScript(input)),
    reset: () => {
      deps.queue.reset();
      deps.log.clear();
    },
    close: running.close,
  };
}
