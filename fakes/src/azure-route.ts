// Azure OpenAI's data plane on the fake: `POST /openai/deployments/{deployment}/chat/completions?api-version=…`
// authenticated with the `api-key` header (or an Entra ID bearer token), answered like `/v1/chat/completions`.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { handleChatCompletions } from './chat-completions-route';
import type { ControlDeps } from './control-routes';
import { parseJson, readBody, sendJson } from './http-io';
import { flattenHeaders } from './request-log';

const CHAT_PATH = /^\/openai\/deployments\/([^/]+)\/chat\/completions\/?$/;

/** Azure's error body: `{ error: { code, message } }`, where `code` is often the status as a string. */
export function azureError(code: string, message: string): { error: { code: string; message: string } } {
  return { error: { code, message } };
}

function providedKey(headers: Record<string, string>): string | null {
  const apiKey = headers['api-key'];
  if (apiKey !== undefined) return apiKey.trim();
  const match = headers.authorization?.match(/^Bearer\s+(.+)$/i);
  return match?.[1]?.trim() ?? null;
}

/** Azure names the model by its deployment; a body without `model` is answered as that deployment. */
function withDeploymentModel(body: unknown, deployment: string): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  return 'model' in body ? body : { ...body, model: deployment };
}

export async function handleAzureApi(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  deps: ControlDeps,
  signal: AbortSignal,
): Promise<void> {
  const parsed = parseJson(await readBody(req));
  const body = parsed.ok ? parsed.value : null;
  const headers = flattenHeaders(req.headers);
  const method = req.method ?? 'GET';
  const deployment = CHAT_PATH.exec(url.pathname)?.[1];
  const apiVersion = url.searchParams.get('api-version');
  deps.log.record({
    method,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers,
    body,
    ...(deployment === undefined
      ? {}
      : { azure: { deployment: decodeURIComponent(deployment), apiVersion } }),
  });

  const expected = deps.queue.apiKey;
  if (expected !== null && providedKey(headers) !== expected) {
    sendJson(
      res,
      401,
      azureError(
        '401',
        'Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key for an active subscription and use a correct regional API endpoint for your resource.',
      ),
    );
  } else if (deployment === undefined || method !== 'POST') {
    sendJson(res, 404, azureError('404', 'Resource not found'));
  } else if (apiVersion === null || apiVersion === '') {
    sendJson(res, 404, azureError('404', 'Resource not found'));
  } else {
    await handleChatCompletions(
      res,
      withDeploymentModel(body, decodeURIComponent(deployment)),
      deps.queue,
      signal,
    );
  }
}
