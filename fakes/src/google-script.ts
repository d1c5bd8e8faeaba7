// What a test can script on the fake Google server: the OpenAI fake's reply fields (text, chunks, delays,
// drops, stalls, errors) with Gemini's finish reasons, prompt blocks, usage names and function calls.
import { parseReply, parseScript, ScriptValidationError } from './parse-script';
import type { ScriptedReply, ScriptInput } from './script-types';

export const GOOGLE_FINISH_REASONS = [
  'STOP',
  'MAX_TOKENS',
  'SAFETY',
  'RECITATION',
  'BLOCKLIST',
  'PROHIBITED_CONTENT',
  'SPII',
  'LANGUAGE',
  'MALFORMED_FUNCTION_CALL',
  'OTHER',
] as const;
export type GoogleFinishReason = (typeof GOOGLE_FINISH_REASONS)[number];

export const GOOGLE_BLOCK_REASONS = [
  'SAFETY',
  'OTHER',
  'BLOCKLIST',
  'PROHIBITED_CONTENT',
  'IMAGE_SAFETY',
] as const;
export type GoogleBlockReason = (typeof GOOGLE_BLOCK_REASONS)[number];

export interface GoogleUsage {
  promptTokenCount: number;
  candidatesTokenCount: number;
}

export interface GoogleFunctionCall {
  name: string;
  args: Record<string, unknown>;
}

export type GoogleReply = Omit<ScriptedReply, 'finishReason' | 'usage' | 'toolCalls'> & {
  /** Sent on the last chunk; defaults to STOP. SAFETY and the like come without content, as the API does. */
  finishReason?: GoogleFinishReason;
  /** Blocks the prompt: one chunk with `promptFeedback.blockReason` and no candidates. */
  blockReason?: GoogleBlockReason;
  /** Defaults: prompt estimated from the request, candidates a quarter of the reply's characters. */
  usage?: GoogleUsage;
  /** Streamed after the text, one chunk per call. */
  functionCalls?: GoogleFunctionCall[];
};

export type GoogleScriptInput = ScriptInput<GoogleReply>;

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

function oneOf<T extends string>(allowed: readonly T[], value: unknown, path: string): T {
  const found = allowed.find((a) => a === value);
  if (found === undefined) fail(path, `must be one of ${allowed.join(', ')}`);
  return found;
}

function parseUsage(value: unknown, path: string): GoogleUsage {
  const o = asObject(value, path);
  const extra = Object.keys(o).find((key) => key !== 'promptTokenCount' && key !== 'candidatesTokenCount');
  if (extra !== undefined) fail(`${path}.${extra}`, 'is not a known field');
  return {
    promptTokenCount: count(o.promptTokenCount, `${path}.promptTokenCount`),
    candidatesTokenCount: count(o.candidatesTokenCount, `${path}.candidatesTokenCount`),
  };
}

function parseFunctionCalls(value: unknown, path: string): GoogleFunctionCall[] {
  if (!Array.isArray(value)) fail(path, 'must be an array');
  return value.map((item, i) => {
    const o = asObject(item, `${path}[${i}]`);
    if (typeof o.name !== 'string') fail(`${path}[${i}].name`, 'must be a string');
    return { name: o.name, args: asObject(o.args ?? {}, `${path}[${i}].args`) };
  });
}

export function parseGoogleReply(value: unknown, path: string): GoogleReply {
  const { finishReason, blockReason, usage, functionCalls, ...rest } = asObject(value, path);
  if ('toolCalls' in rest) fail(`${path}.toolCalls`, 'is not a known field (use functionCalls)');
  const { finishReason: _finish, usage: _usage, toolCalls: _tools, ...common } = parseReply(rest, path);
  const at = (key: string): string => `${path}.${key}`;
  return {
    ...common,
    ...(finishReason !== undefined && {
      finishReason: oneOf(GOOGLE_FINISH_REASONS, finishReason, at('finishReason')),
    }),
    ...(blockReason !== undefined && {
      blockReason: oneOf(GOOGLE_BLOCK_REASONS, blockReason, at('blockReason')),
    }),
    ...(usage !== undefined && { usage: parseUsage(usage, at('usage')) }),
    ...(functionCalls !== undefined && {
      functionCalls: parseFunctionCalls(functionCalls, at('functionCalls')),
    }),
  };
}

/** Checks an untrusted script (e.g. a control-route body) and returns it typed. */
export function parseGoogleScript(value: unknown): GoogleScriptInput {
  const { replies, ...rest } = asObject(value, 'script');
  const { models, apiKey } = parseScript(rest);
  const input: GoogleScriptInput = {};
  if (replies !== undefined) {
    if (!Array.isArray(replies)) fail('script.replies', 'must be an array');
    input.replies = replies.map((r, i) => parseGoogleReply(r, `script.replies[${i}]`));
  }
  if (models !== undefined) input.models = models;
  if (apiKey !== undefined) input.apiKey = apiKey;
  return input;
}
