import { openAIError } from './openai-errors';
import type { OpenAIErrorBody } from './openai-errors';

/** The parts of a chat completion request the fake acts on. */
export interface ChatRequest {
  model: string;
  stream: boolean;
  includeUsage: boolean;
  messages: unknown[];
}

export type ParsedChatRequest = { ok: true; value: ChatRequest } | { ok: false; error: OpenAIErrorBody };

function isObj(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function invalid(message: string, param: string | null): ParsedChatRequest {
  return { ok: false, error: openAIError(message, 'invalid_request_error', null, param) };
}

export function parseChatRequest(body: unknown): ParsedChatRequest {
  if (!isObj(body)) return invalid('We could not parse the JSON body of your request.', null);
  if (typeof body.model !== 'string' || body.model === '') {
    return invalid('you must provide a model parameter', 'model');
  }
  if (!Array.isArray(body.messages) || body.messages.length === 0) {
    return invalid("Invalid 'messages': expected a non-empty array.", 'messages');
  }
  const streamOptions = isObj(body.stream_options) ? body.stream_options : {};
  return {
    ok: true,
    value: {
      model: body.model,
      stream: body.stream === true,
      includeUsage: streamOptions.include_usage === true,
      messages: body.messages,
    },
  };
}

function contentChars(content: unknown): number {
  if (typeof content === 'string') return content.length;
  if (!Array.isArray(content)) return 0;
  let chars = 0;
  for (const part of content) {
    if (isObj(part) && typeof part.text === 'string') chars += part.text.length;
  }
  return chars;
}

/** A rough prompt token count: a quarter of the message text, plus a little per message. */
export function estimatePromptTokens(messages: readonly unknown[]): number {
  let chars = 0;
  for (const message of messages) {
    if (isObj(message)) chars += contentChars(message.content);
  }
  return Math.ceil(chars / 4) + 3 * messages.length;
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part) => (isObj(part) && typeof part.text === 'string' ? part.text : '')).join('');
}

/** The content of the last `tool` message (a tool call's result), or '' when there is none. */
export function lastToolOutput(messages: readonly unknown[]): string {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index];
    if (isObj(message) && message.role === 'tool') return textOf(message.content);
  }
  return '';
}
