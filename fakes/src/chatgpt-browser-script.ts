// What a test can script on the fake ChatGPT web backend: the OpenAI fake's text, timing, drop, stall and
// HTTP error fields, with the backend's own finish details, mid-stream errors and conversation ids.
import { parseReply, parseScript, ScriptValidationError } from './parse-script';
import type { ScriptedReply, ScriptInput } from './script-types';

/** `message.metadata.finish_details.type` of the last event. */
export const CHATGPT_FINISH_TYPES = ['stop', 'max_tokens', 'interrupted'] as const;
export type ChatGPTFinishType = (typeof CHATGPT_FINISH_TYPES)[number];

/** A `data: {"message": null, "error": "…"}` event sent after some deltas, then `[DONE]`. */
export interface ChatGPTStreamError {
  afterChunks: number;
  message: string;
}

export type ChatGPTBrowserReply = Pick<
  ScriptedReply,
  | 'text'
  | 'chunks'
  | 'chunkSize'
  | 'delayMs'
  | 'firstChunkDelayMs'
  | 'dropAfterChunks'
  | 'stallAfterChunks'
  | 'error'
> & {
  /** Defaults to `stop`. */
  finishType?: ChatGPTFinishType;
  streamError?: ChatGPTStreamError;
  /** Echo the user's message as the first event, as some backend versions do. */
  echoUserMessage?: boolean;
};

export type ChatGPTBrowserScriptInput = ScriptInput<ChatGPTBrowserReply>;

type Obj = Record<string, unknown>;

const OWN_FIELDS = ['finishType', 'streamError', 'echoUserMessage'];
const UNSUPPORTED = ['finishReason', 'usage', 'toolCalls'];

function fail(path: string, problem: string): never {
  throw new ScriptValidationError(`${path}: ${problem}`);
}

function asObject(value: unknown, path: string): Obj {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(path, 'must be an object');
  return value as Obj;
}

function parseFinishType(value: unknown, path: string): ChatGPTFinishType {
  const type = CHATGPT_FINISH_TYPES.find((t) => t === value);
  if (type === undefined) fail(path, `must be one of ${CHATGPT_FINISH_TYPES.join(', ')}`);
  return type;
}

function parseStreamError(value: unknown, path: string): ChatGPTStreamError {
  const o = asObject(value, path);
  const { afterChunks, message } = o;
  if (typeof afterChunks !== 'number' || !Number.isInteger(afterChunks) || afterChunks < 0) {
    fail(`${path}.afterChunks`, 'must be an integer >= 0');
  }
  if (typeof message !== 'string') fail(`${path}.message`, 'must be a string');
  return { afterChunks, message };
}

export function parseChatGPTBrowserReply(value: unknown, path: string): ChatGPTBrowserReply {
  const o = asObject(value, path);
  const bad = Object.keys(o).find((key) => UNSUPPORTED.includes(key));
  if (bad !== undefined) fail(`${path}.${bad}`, 'is not a known field');
  const common = Object.fromEntries(Object.entries(o).filter(([key]) => !OWN_FIELDS.includes(key)));
  const reply: ChatGPTBrowserReply = parseReply(common, path);
  if (o.finishType !== undefined) reply.finishType = parseFinishType(o.finishType, `${path}.finishType`);
  if (o.streamError !== undefined) {
    reply.streamError = parseStreamError(o.streamError, `${path}.streamError`);
  }
  if (o.echoUserMessage !== undefined) {
    if (typeof o.echoUserMessage !== 'boolean') fail(`${path}.echoUserMessage`, 'must be a boolean');
    reply.echoUserMessage = o.echoUserMessage;
  }
  return reply;
}

/** Checks an untrusted script (e.g. a control-route body); `apiKey` is the expected access token. */
export function parseChatGPTBrowserScript(value: unknown): ChatGPTBrowserScriptInput {
  const { replies, ...rest } = asObject(value, 'script');
  const { models, apiKey } = parseScript(rest);
  const input: ChatGPTBrowserScriptInput = {};
  if (replies !== undefined) {
    if (!Array.isArray(replies)) fail('script.replies', 'must be an array');
    input.replies = replies.map((r, i) => parseChatGPTBrowserReply(r, `script.replies[${i}]`));
  }
  if (models !== undefined) input.models = models;
  if (apiKey !== undefined) input.apiKey = apiKey;
  return input;
}
