// `POST /v1/completions`: OpenAI's legacy (text) Completions API, one prompt string in, text out. Parley calls it
// for a custom endpoint with YAML `forcePrompt: true` (and completion-only models behind such an endpoint).
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { contentDeltas, finishReasonOf, replyText, usageOf, type WireUsage } from './chat-payloads';
import { sendJson } from './http-io';
import { openAIError, scriptedErrorBody } from './openai-errors';
import { playStream, respondJson } from './play-completion';
import { pause, writeData } from './sse';
import type { ScriptQueue } from './script-queue';

interface TextChoice {
  text: string;
  index: 0;
  logprobs: null;
  finish_reason: string | null;
}

interface TextCompletion {
  id: string;
  object: 'text_completion';
  created: number;
  model: string;
  choices: TextChoice[];
  usage?: WireUsage | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The request's problem in OpenAI's words, or undefined. */
function problemOf(body: Record<string, unknown>): string | undefined {
  if (typeof body.model !== 'string' || body.model === '') return "'model' is a required property";
  if (body.messages !== undefined) return 'Unrecognized request argument supplied: messages';
  if (typeof body.prompt !== 'string') return "'prompt' must be a string in this fake";
  return undefined;
}

export async function handleTextCompletions(
  res: ServerResponse,
  body: unknown,
  queue: ScriptQueue,
  signal: AbortSignal,
): Promise<void> {
  if (!isRecord(body)) {
    sendJson(
      res,
      400,
      openAIError('We could not parse the JSON body of your request.', 'invalid_request_error', null),
    );
    return;
  }
  const problem = problemOf(body);
  if (problem) {
    sendJson(res, 400, openAIError(problem, 'invalid_request_error', null));
    return;
  }
  const reply = queue.next();
  if (reply.error) {
    const error = reply.error;
    await pause(reply.firstChunkDelayMs ?? 0, signal).catch(() => undefined);
    if (signal.aborted) return;
    sendJson(res, error.status, scriptedErrorBody(error), error.headers);
    return;
  }
  const prompt = String(body.prompt);
  const base = {
    id: `cmpl-${randomBytes(12).toString('hex')}`,
    object: 'text_completion' as const,
    created: Math.floor(Date.now() / 1000),
    model: String(body.model),
  };
  const usage = usageOf(reply, Math.ceil(prompt.length / 4));
  const finish = finishReasonOf(reply);
  if (body.stream !== true) {
    const whole: TextCompletion = {
      ...base,
      choices: [{ text: replyText(reply), index: 0, logprobs: null, finish_reason: finish }],
      usage,
    };
    await respondJson(res, reply, () => whole, signal);
    return;
  }
  const includeUsage = isRecord(body.stream_options) && body.stream_options.include_usage === true;
  const chunk = (text: string, finishReason: string | null): TextCompletion => ({
    ...base,
    choices: [{ text, index: 0, logprobs: null, finish_reason: finishReason }],
    ...(includeUsage ? { usage: null } : {}),
  });
  const tail: Array<TextCompletion | string> = [chunk('', finish)];
  if (includeUsage) tail.push({ ...base, choices: [], usage });
  tail.push('[DONE]');
  const frames = { head: [], deltas: contentDeltas(reply).map((text) => chunk(text, null)), tail };
  await playStream<TextCompletion | string>(res, frames, reply, writeData, signal);
}
