// What a test can script on the fake Anthropic server: the OpenAI fake's reply fields (text, chunks,
// delays, drops, stalls, errors, tool calls) with Anthropic's own stop reasons and usage names.
import { parseReply, parseScript, ScriptValidationError } from './parse-script';
import type { ScriptedReply, ScriptInput } from './script-types';

export const ANTHROPIC_STOP_REASONS = [
  'end_turn',
  'max_tokens',
  'stop_sequence',
  'tool_use',
  'pause_turn',
  'refusal',
] as const;
export type AnthropicStopReason = (typeof ANTHROPIC_STOP_REASONS)[number];

export interface AnthropicUsage {
  input_tokens: number;
  output_tokens: number;
}

/** An `event: error` sent in the middle of a stream (how the API reports overload once streaming). */
export interface AnthropicStreamError {
  /** Deltas written before the error event. */
  afterChunks: number;
  /** e.g. `overloaded_error`, `api_error`. */
  type: string;
  message?: string;
}

export type AnthropicReply = Omit<ScriptedReply, 'finishReason' | 'usage'> & {
  /** Defaults to `tool_use` when tool calls are scripted, else `end_turn`. */
  stopReason?: AnthropicStopReason;
  /** The matched stop sequence, sent with `stop_reason: 'stop_sequence'`. */
  stopSequence?: string;
  /** Defaults: input estimated from the request, output a quarter of the reply's characters. */
  usage?: AnthropicUsage;
  streamError?: AnthropicStreamError;
};

export type AnthropicScriptInput = ScriptInput<AnthropicReply>;

type Obj = Record<string, unknown>;

function fail(path: string, problem: string): never {
  throw new ScriptValidationError(`${path}: ${problem}`);
}

function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asObject(value: unknown, path: string): Obj {
  if (!isObj(value)) fail(path, 'must be an object');
  return value;
}

function count(value: unknown, path: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
    fail(path, 'must be an integer >= 0');
  return value;
}

function text(value: unknown, path: string): string {
  if (typeof value !== 'string') fail(path, 'must be a string');
  return value;
}

function parseUsage(value: unknown, path: string): AnthropicUsage {
  const o = asObject(value, path);
  const extra = Object.keys(o).find((key) => key !== 'input_tokens' && key !== 'output_tokens');
  if (extra !== undefined) fail(`${path}.${extra}`, 'is not a known field');
  return {
    input_tokens: count(o.input_tokens, `${path}.input_tokens`),
    output_tokens: count(o.output_tokens, `${path}.output_tokens`),
  };
}

function parseStreamError(value: unknown, path: string): AnthropicStreamError {
  const o = asObject(value, path);
  return {
    afterChunks: count(o.afterChunks, `${path}.afterChunks`),
    type: text(o.type, `${path}.type`),
    ...(o.message !== undefined && { message: text(o.message, `${path}.message`) }),
  };
}

function parseStopReason(value: unknown, path: string): AnthropicStopReason {
  const reason = ANTHROPIC_STOP_REASONS.find((r) => r === value);
  if (reason === undefined) fail(path, `must be one of ${ANTHROPIC_STOP_REASONS.join(', ')}`);
  return reason;
}

export function parseAnthropicReply(value: unknown, path: string): AnthropicReply {
  const { stopReason, stopSequence, usage, streamError, ...rest } = asObject(value, path);
  if ('finishReason' in rest) fail(`${path}.finishReason`, 'is not a known field (use stopReason)');
  const { finishReason: _finish, usage: _usage, ...common } = parseReply(rest, path);
  return {
    ...common,
    ...(stopReason !== undefined && { stopReason: parseStopReason(stopReason, `${path}.stopReason`) }),
    ...(stopSequence !== undefined && { stopSequence: text(stopSequence, `${path}.stopSequence`) }),
    ...(usage !== undefined && { usage: parseUsage(usage, `${path}.usage`) }),
    ...(streamError !== undefined && { streamError: parseStreamError(streamError, `${path}.streamError`) }),
  };
}

/** Checks an untrusted script (e.g. a control-route body) and returns it typed. */
export function parseAnthropicScript(value: unknown): AnthropicScriptInput {
  const { replies, ...rest } = asObject(value, 'script');
  const { models, apiKey } = parseScript(rest);
  const input: AnthropicScriptInput = {};
  if (replies !== undefined) {
    if (!Array.isArray(replies)) fail('script.replies', 'must be an array');
    input.replies = replies.map((r, i) => parseAnthropicReply(r, `script.replies[${i}]`));
  }
  if (models !== undefined) input.models = models;
  if (apiKey !== undefined) input.apiKey = apiKey;
  return input;
}
