// `POST /v1/messages`: checks the request as the real API does, takes the next scripted reply and plays it.
import type { ServerResponse } from 'node:http';
import { invalidRequest, scriptedAnthropicError } from './anthropic-errors';
import type { AnthropicErrorBody } from './anthropic-errors';
import { frameEvents, messageOf, newMessageContext, planAnthropicStream } from './anthropic-events';
import type { EventGroup } from './anthropic-events';
import type { AnthropicReply } from './anthropic-script';
import { sendJson } from './http-io';
import { playStream, respondJson } from './play-completion';
import type { ScriptQueue } from './script-queue';
import { pause, writeFrame } from './sse';

type Obj = Record<string, unknown>;

interface MessagesRequest {
  model: string;
  stream: boolean;
  inputTokens: number;
}

const DEFAULT_REPLY: AnthropicReply = { text: 'Hello from the fake Claude.' };

function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function textChars(content: unknown): number {
  if (typeof content === 'string') return content.length;
  if (!Array.isArray(content)) return 0;
  return content.reduce<number>(
    (sum, block) => sum + (isObj(block) && typeof block.text === 'string' ? block.text.length : 0),
    0,
  );
}

function hasEmptyText(content: unknown): boolean {
  if (typeof content === 'string') return content === '';
  if (!Array.isArray(content)) return true;
  return content.length === 0 || content.some((b) => isObj(b) && b.type === 'text' && b.text === '');
}

/** The message-list rules the real API enforces: user first, strict alternation, no empty text. */
function checkMessages(messages: unknown[]): string | null {
  let previous: unknown = null;
  for (const [i, message] of messages.entries()) {
    if (!isObj(message)) return `messages.${i}: Input should be a valid dictionary`;
    const role = message.role;
    if (role !== 'user' && role !== 'assistant') {
      return `messages.${i}.role: Input should be 'user' or 'assistant'`;
    }
    if (i === 0 && role !== 'user') return 'messages: first message must use the "user" role';
    if (role === previous) {
      return `messages: roles must alternate between "user" and "assistant", but found multiple "${role}" roles in a row`;
    }
    if (hasEmptyText(message.content)) return `messages.${i}: all messages must have non-empty content`;
    previous = role;
  }
  return null;
}

function checkRequest(body: Obj): string | null {
  if (typeof body.model !== 'string' || body.model === '') return 'model: Field required';
  if (typeof body.max_tokens !== 'number' || !Number.isInteger(body.max_tokens) || body.max_tokens < 1) {
    return 'max_tokens: Field required (an integer >= 1)';
  }
  if (!Array.isArray(body.messages) || body.messages.length === 0) {
    return 'messages: at least one message is required';
  }
  const temperature = body.temperature;
  if (temperature !== undefined && (typeof temperature !== 'number' || temperature < 0 || temperature > 1)) {
    return 'temperature: range: 0..1';
  }
  return checkMessages(body.messages);
}

function estimateInputTokens(system: unknown, messages: readonly unknown[]): number {
  const chars = messages.reduce<number>(
    (sum, m) => sum + (isObj(m) ? textChars(m.content) : 0),
    textChars(system),
  );
  return Math.ceil(chars / 4) + 3 * messages.length;
}

function parseMessagesRequest(
  body: unknown,
): { ok: true; value: MessagesRequest } | { ok: false; error: AnthropicErrorBody } {
  if (!isObj(body)) return { ok: false, error: invalidRequest('Request body must be a JSON object.') };
  const problem = checkRequest(body);
  const { model, messages } = body;
  if (problem !== null || typeof model !== 'string' || !Array.isArray(messages)) {
    return { ok: false, error: invalidRequest(problem ?? 'Invalid request.') };
  }
  const inputTokens = estimateInputTokens(body.system, messages);
  return { ok: true, value: { model, stream: body.stream === true, inputTokens } };
}

const writeGroup = (res: ServerResponse, group: EventGroup): Promise<void> =>
  writeFrame(res, frameEvents(group));

export async function handleMessages(
  res: ServerResponse,
  body: unknown,
  queue: ScriptQueue<AnthropicReply>,
  signal: AbortSignal,
): Promise<void> {
  const parsed = parseMessagesRequest(body);
  if (!parsed.ok) {
    sendJson(res, 400, parsed.error);
    return;
  }
  const request = parsed.value;
  const reply = queue.take() ?? DEFAULT_REPLY;
  if (reply.error) {
    const error = reply.error;
    await pause(reply.firstChunkDelayMs ?? 0, signal).catch(() => undefined);
    if (!signal.aborted) sendJson(res, error.status, scriptedAnthropicError(error), error.headers);
    return;
  }
  const ctx = newMessageContext(request.model, request.inputTokens);
  if (request.stream) await playStream(res, planAnthropicStream(ctx, reply), reply, writeGroup, signal);
  else await respondJson(res, reply, () => messageOf(ctx, reply), signal);
}
