import type { ServerResponse } from 'node:http';
import { newCompletionContext } from './chat-payloads';
import { estimatePromptTokens, parseChatRequest } from './chat-request';
import { sendJson } from './http-io';
import { openAIError, scriptedErrorBody } from './openai-errors';
import { respondCompletion, streamCompletion } from './play-completion';
import { pause } from './sse';
import type { ScriptQueue } from './script-queue';

/** `POST /v1/chat/completions`: validates the request, takes the next scripted reply and plays it. */
export async function handleChatCompletions(
  res: ServerResponse,
  body: unknown,
  queue: ScriptQueue,
  signal: AbortSignal,
): Promise<void> {
  if (body === null) {
    sendJson(
      res,
      400,
      openAIError('We could not parse the JSON body of your request.', 'invalid_request_error', null),
    );
    return;
  }
  const parsed = parseChatRequest(body);
  if (!parsed.ok) {
    sendJson(res, 400, parsed.error);
    return;
  }
  const request = parsed.value;
  const reply = queue.next();
  if (reply.error) {
    const error = reply.error;
    await pause(reply.firstChunkDelayMs ?? 0, signal).catch(() => undefined);
    if (signal.aborted) return;
    if (error.rawBody === undefined) sendJson(res, error.status, scriptedErrorBody(error), error.headers);
    else res.writeHead(error.status, { 'content-type': 'text/html', ...error.headers }).end(error.rawBody);
    return;
  }
  const ctx = newCompletionContext(
    request.model,
    request.stream && request.includeUsage,
    estimatePromptTokens(request.messages),
  );
  if (request.stream) await streamCompletion(res, ctx, reply, signal);
  else await respondCompletion(res, ctx, reply, signal);
}
