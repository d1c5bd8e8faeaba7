import type { ServerResponse } from 'node:http';
import { newCompletionContext } from './chat-payloads';
import { estimatePromptTokens, lastToolOutput, parseChatRequest } from './chat-request';
import { sendJson } from './http-io';
import { openAIError, scriptedErrorBody } from './openai-errors';
import { respondCompletion, streamCompletion } from './play-completion';
import { pause } from './sse';
import type { ScriptQueue } from './script-queue';
import type { ScriptedReply } from './script-types';

/** A reply that quotes the last tool output gets it appended to its text (its explicit chunks dropped). */
function quoting(reply: ScriptedReply, messages: readonly unknown[]): ScriptedReply {
  if (!reply.quoteToolOutput) return reply;
  const quoted: ScriptedReply = { ...reply, text: `${reply.text ?? ''}${lastToolOutput(messages)}` };
  delete quoted.chunks;
  return quoted;
}

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
  const reply = quoting(queue.next(), request.messages);
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
  if (request.stream) await streamCompletion(res, ctx, reply, signal, queue.gate);
  else await respondCompletion(res, ctx, reply, signal);
}
