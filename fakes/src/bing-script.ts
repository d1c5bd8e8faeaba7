// What a test can script on the fake Bing Chat: the OpenAI fake's text, timing, drop and stall fields
// (played as SignalR `update` messages), an HTTP error or a refused result at conversation create, and
// the final message's result, sources, suggestions, search query, image prompt or apology.
import { parseReply, parseScript, ScriptValidationError } from './parse-script';
import type { ScriptedReply, ScriptInput } from './script-types';

export interface BingSource {
  providerDisplayName: string;
  seeMoreUrl: string;
}

/** `result` of a create answer or of the final (type 2) message: `Success` or an error value. */
export interface BingResult {
  value: string;
  message?: string;
}

export type BingReply = Pick<
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
  /** Conversation create answers 200 with this result instead of `Success` (e.g. `UnauthorizedRequest`). */
  createResult?: BingResult;
  /** The final message's result; defaults to `Success`. */
  result?: BingResult;
  sourceAttributions?: BingSource[];
  suggestedResponses?: string[];
  /** An `InternalSearchQuery` update ("Searching for: …") before the reply's text. */
  searchQuery?: string;
  /** A `GenerateContentQuery` message with `contentType: IMAGE` after the reply's text. */
  imagePrompt?: string;
  /** After the deltas, the reply is retracted and replaced by this apology (`contentOrigin: Apology`). */
  apology?: string;
  /** After the deltas, a type-7 close carrying this error instead of the completion. */
  hubError?: string;
};

export type BingScriptInput = ScriptInput<BingReply>;

type Obj = Record<string, unknown>;

const OWN_FIELDS = [
  'createResult',
  'result',
  'sourceAttributions',
  'suggestedResponses',
  'searchQuery',
  'imagePrompt',
  'apology',
  'hubError',
];
const UNSUPPORTED = ['finishReason', 'usage', 'toolCalls'];

function fail(path: string, problem: string): never {
  throw new ScriptValidationError(`${path}: ${problem}`);
}

function asObject(value: unknown, path: string): Obj {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(path, 'must be an object');
  return value as Obj;
}

function text(value: unknown, path: string): string {
  if (typeof value !== 'string') fail(path, 'must be a string');
  return value;
}

function list(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) fail(path, 'must be an array');
  return value;
}

function parseResult(value: unknown, path: string): BingResult {
  const o = asObject(value, path);
  const value_ = text(o.value, `${path}.value`);
  return o.message === undefined
    ? { value: value_ }
    : { value: value_, message: text(o.message, `${path}.message`) };
}

function parseSource(value: unknown, path: string): BingSource {
  const o = asObject(value, path);
  return {
    providerDisplayName: text(o.providerDisplayName, `${path}.providerDisplayName`),
    seeMoreUrl: text(o.seeMoreUrl, `${path}.seeMoreUrl`),
  };
}

function parseOwnFields(o: Obj, path: string): Partial<BingReply> {
  const own: Partial<BingReply> = {};
  if (o.createResult !== undefined) own.createResult = parseResult(o.createResult, `${path}.createResult`);
  if (o.result !== undefined) own.result = parseResult(o.result, `${path}.result`);
  if (o.sourceAttributions !== undefined) {
    const p = `${path}.sourceAttributions`;
    own.sourceAttributions = list(o.sourceAttributions, p).map((s, i) => parseSource(s, `${p}[${i}]`));
  }
  if (o.suggestedResponses !== undefined) {
    const p = `${path}.suggestedResponses`;
    own.suggestedResponses = list(o.suggestedResponses, p).map((s, i) => text(s, `${p}[${i}]`));
  }
  for (const key of ['searchQuery', 'imagePrompt', 'apology', 'hubError'] as const) {
    if (o[key] !== undefined) own[key] = text(o[key], `${path}.${key}`);
  }
  return own;
}

export function parseBingReply(value: unknown, path: string): BingReply {
  const o = asObject(value, path);
  const bad = Object.keys(o).find((key) => UNSUPPORTED.includes(key));
  if (bad !== undefined) fail(`${path}.${bad}`, 'is not a known field');
  const common = Object.fromEntries(Object.entries(o).filter(([key]) => !OWN_FIELDS.includes(key)));
  return { ...parseReply(common, path), ...parseOwnFields(o, path) };
}

/** Checks an untrusted script (e.g. a control-route body); `apiKey` is the expected `_U` cookie. */
export function parseBingScript(value: unknown): BingScriptInput {
  const { replies, ...rest } = asObject(value, 'script');
  const { models, apiKey } = parseScript(rest);
  const input: BingScriptInput = {};
  if (replies !== undefined) {
    input.replies = list(replies, 'script.replies').map((r, i) => parseBingReply(r, `script.replies[${i}]`));
  }
  if (models !== undefined) input.models = models;
  if (apiKey !== undefined) input.apiKey = apiKey;
  return input;
}
