// A fake ChatGPT web backend (`/backend-api/conversation`, as reverse proxies expose it), scripted per test.
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { handleConversation } from './chatgpt-browser-conversation-route';
import type { ConversationStore } from './chatgpt-browser-conversation-route';
import { chatGPTError } from './chatgpt-browser-errors';
import { parseChatGPTBrowserScript } from './chatgpt-browser-script';
import type { ChatGPTBrowserReply, ChatGPTBrowserScriptInput } from './chatgpt-browser-script';
import { routeControl } from './control-routes';
import type { ControlDeps } from './control-routes';
import { listenOn, parseJson, readBody, sendJson } from './http-io';
import { flattenHeaders, RequestLog } from './request-log';
import type { RecordedRequest } from './request-log';
import { ScriptQueue } from './script-queue';

export const CHATGPT_CONVERSATION_PATH = '/backend-api/conversation';

export interface FakeChatGPTBrowserOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Defaults to 127.0.0.1. */
  host?: string;
}

export interface FakeChatGPTBrowser {
  /** `http://127.0.0.1:PORT`. */
  readonly url: string;
  /** The full conversation URL, what `CHATGPT_REVERSE_PROXY` holds. */
  readonly conversationUrl: string;
  /** What the backend routes received, oldest first (live view). */
  readonly requests: readonly RecordedRequest[];
  /** Queues replies and/or sets the expected access token (`apiKey`); same as `POST /__control/script`. */
  script(input: ChatGPTBrowserScriptInput): void;
  /** Empties the queue, the request log and the conversations; drops the expected token. */
  reset(): void;
  close(): Promise<void>;
}

interface Deps extends ControlDeps<ChatGPTBrowserReply> {
  conversations: ConversationStore;
}

function bearer(headers: Record<string, string>): string | null {
  return headers.authorization?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim() ?? null;
}

/** Answers the request itself when its access token is missing or wrong; returns true if it did. */
function rejected(res: ServerResponse, headers: Record<string, string>, deps: Deps): boolean {
  const expected = deps.queue.apiKey;
  if (expected === null) return false;
  const token = bearer(headers);
  if (token === null) {
    sendJson(res, 401, { detail: 'Unauthorized' });
    return true;
  }
  if (token !== expected) {
    sendJson(res, 401, chatGPTError(401));
    return true;
  }
  return false;
}

async function handleBackend(
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
  if (route === `POST ${CHATGPT_CONVERSATION_PATH}`) {
    await handleConversation(res, body, deps.queue, deps.conversations, signal);
  } else {
    sendJson(res, 404, { detail: 'Not Found' });
  }
}

async function handle(req: IncomingMessage, res: ServerResponse, deps: Deps): Promise<void> {
  const abort = new AbortController();
  res.on('close', () => abort.abort());
  const url = new URL(req.url ?? '/', 'http://fake.invalid');
  if (url.pathname.startsWith('/__control/')) {
    const rawBody = await readBody(req);
    if (url.pathname === '/__control/reset') deps.conversations.clear();
    routeControl(res, req.method ?? 'GET', url.pathname, rawBody, deps, parseChatGPTBrowserScript);
  } else {
    await handleBackend(req, res, url, deps, abort.signal);
  }
}

function onFailure(res: ServerResponse, error: unknown): void {
  console.error('[fake-chatgpt-browser] request failed:', error);
  if (res.headersSent) res.destroy();
  else sendJson(res, 500, chatGPTError(500));
}

export async function startFakeChatGPTBrowser(
  opts: FakeChatGPTBrowserOptions = {},
): Promise<FakeChatGPTBrowser> {
  const deps: Deps = {
    queue: new ScriptQueue<ChatGPTBrowserReply>(['text-davinci-002-render-sha', 'gpt-4']),
    log: new RequestLog(),
    conversations: new Map(),
  };
  const server = createServer((req, res) => {
    handle(req, res, deps).catch((error: unknown) => onFailure(res, error));
  });
  const running = await listenOn(server, opts.port ?? 0, opts.host ?? '127.0.0.1');
  return {
    url: running.url,
    conversationUrl: `${running.url}${CHATGPT_CONVERSATION_PATH}`,
    get requests() {
      return deps.log.all;
    },
    script: (input) => deps.queue.apply(parseChatGPTBrowserScript(input)),
    reset: () => {
      deps.queue.reset();
      deps.log.clear();
      deps.conversations.clear();
    },
    close: running.close,
  };
}
