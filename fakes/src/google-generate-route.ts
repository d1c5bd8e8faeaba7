// `POST …/models/{model}:streamGenerateContent` and `:generateContent`: checks the request as the Gemini API
// does, takes the next scripted reply and plays it.
import type { ServerResponse } from 'node:http';
import { frameChunk, newGenerationContext, planGoogleStream, responseOf } from './google-chunks';
import type { GoogleChunk } from './google-chunks';
import { invalidArgument, scriptedGoogleError } from './google-errors';
import type { GoogleReply } from './google-script';
import { sendJson } from './http-io';
import { playStream, respondJson } from './play-completion';
import type { ScriptQueue } from './script-queue';
import { pause, writeFrame } from './sse';

type Obj = Record<string, unknown>;

export interface GenerateCall {
  model: string;
  stream: boolean;
}

const DEFAULT_REPLY: GoogleReply = { text: 'Hello from the fake Gemini.' };

function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function partsOf(content: unknown): unknown[] {
  return isObj(content) && Array.isArray(content.parts) ? content.parts : [];
}

function checkContent(content: unknown, i: number, previous: unknown): string | null {
  if (!isObj(content)) return `* GenerateContentRequest.contents[${i}]: must be an object`;
  const role = content.role;
  if (role !== undefined && role !== 'user' && role !== 'model' && role !== 'function') {
    return 'Please use a valid role: user, model.';
  }
  if (i === 0 && role === 'model') return "First content should be with role 'user', got model";
  if (i > 0 && role === previous && role !== 'function') {
    return 'Please ensure that multiturn requests alternate between user and model.';
  }
  const parts = partsOf(content);
  if (parts.length === 0)
    return `* GenerateContentRequest.contents[${i}].parts: contents.parts must not be empty.`;
  if (parts.some((p) => isObj(p) && p.text === '')) {
    return 'Unable to submit request because it has an empty text parameter. Add a value to the parameter and try again.';
  }
  return null;
}

function checkRequest(body: unknown): string | null {
  if (!isObj(body) || !Array.isArray(body.contents) || body.contents.length === 0) {
    return '* GenerateContentRequest.contents: contents is not specified';
  }
  let previous: unknown = undefined;
  for (const [i, content] of body.contents.entries()) {
    const problem = checkContent(content, i, previous);
    if (problem !== null) return problem;
    previous = isObj(content) ? content.role : undefined;
  }
  return null;
}

function textChars(value: unknown): number {
  return partsOf(value).reduce<number>(
    (sum, p) => sum + (isObj(p) && typeof p.text === 'string' ? p.text.length : 0),
    0,
  );
}

function estimatePromptTokens(body: Obj): number {
  const contents = Array.isArray(body.contents) ? body.contents : [];
  const chars = contents.reduce<number>((sum, c) => sum + textChars(c), textChars(body.systemInstruction));
  return Math.ceil(chars / 4) + contents.length;
}

const writeChunk = (res: ServerResponse, chunk: GoogleChunk): Promise<void> =>
  writeFrame(res, frameChunk(chunk));

export async function handleGenerate(
  res: ServerResponse,
  call: GenerateCall,
  body: unknown,
  queue: ScriptQueue<GoogleReply>,
  signal: AbortSignal,
): Promise<void> {
  const problem = checkRequest(body);
  if (problem !== null || !isObj(body)) {
    sendJson(res, 400, invalidArgument(problem ?? 'Invalid JSON payload received.'));
    return;
  }
  const reply = queue.take() ?? DEFAULT_REPLY;
  if (reply.error) {
    const error = reply.error;
    await pause(reply.firstChunkDelayMs ?? 0, signal).catch(() => undefined);
    if (!signal.aborted) sendJson(res, error.status, scriptedGoogleError(error), error.headers);
    return;
  }
  const ctx = newGenerationContext(call.model, estimatePromptTokens(body));
  if (call.stream) await playStream(res, planGoogleStream(ctx, reply), reply, writeChunk, signal);
  else await respondJson(res, reply, () => responseOf(ctx, reply), signal);
}
