import type {
  FinishReason,
  ScriptedError,
  ScriptedModel,
  ScriptedReply,
  ScriptedToolCall,
  ScriptedUsage,
  ScriptInput,
} from './script-types';

/** Thrown when a script is malformed; the message reads `"<path>: <problem>"`. */
export class ScriptValidationError extends Error {
  override readonly name = 'ScriptValidationError';
}

type Obj = Record<string, unknown>;

const FINISH_REASONS: readonly FinishReason[] = ['stop', 'length', 'content_filter', 'tool_calls'];

function fail(path: string, problem: string): never {
  throw new ScriptValidationError(`${path}: ${problem}`);
}

function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function object(value: unknown, path: string, allowed: readonly string[]): Obj {
  if (!isObj(value)) fail(path, 'must be an object');
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) fail(`${path}.${key}`, 'is not a known field');
  }
  return value;
}

function string(value: unknown, path: string): string {
  if (typeof value !== 'string') fail(path, 'must be a string');
  return value;
}

function count(value: unknown, path: string, min: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) {
    fail(path, `must be an integer >= ${min}`);
  }
  return value;
}

function boolean(value: unknown, path: string): boolean {
  if (typeof value !== 'boolean') fail(path, 'must be a boolean');
  return value;
}

function array(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) fail(path, 'must be an array');
  return value;
}

function optional<T>(obj: Obj, key: string, path: string, read: (v: unknown, p: string) => T): T | undefined {
  const value = obj[key];
  return value === undefined ? undefined : read(value, `${path}.${key}`);
}

function stringRecord(value: unknown, path: string): Record<string, string> {
  if (!isObj(value)) fail(path, 'must be an object');
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, string(v, `${path}.${key}`)]));
}

function parseUsage(value: unknown, path: string): ScriptedUsage {
  const o = object(value, path, ['prompt_tokens', 'completion_tokens']);
  return {
    prompt_tokens: count(o.prompt_tokens, `${path}.prompt_tokens`, 0),
    completion_tokens: count(o.completion_tokens, `${path}.completion_tokens`, 0),
  };
}

function parseError(value: unknown, path: string): ScriptedError {
  const o = object(value, path, ['status', 'body', 'rawBody', 'type', 'code', 'message', 'headers']);
  const status = count(o.status, `${path}.status`, 400);
  if (status > 599) fail(`${path}.status`, 'must be an HTTP error status (400-599)');
  if (o.body !== undefined && !isObj(o.body)) fail(`${path}.body`, 'must be an object');
  const code = o.code === null ? null : optional(o, 'code', path, string);
  return {
    status,
    ...(isObj(o.body) && { body: o.body }),
    ...(o.type !== undefined && { type: string(o.type, `${path}.type`) }),
    ...(code !== undefined && { code }),
    ...(o.message !== undefined && { message: string(o.message, `${path}.message`) }),
    ...(o.rawBody !== undefined && { rawBody: string(o.rawBody, `${path}.rawBody`) }),
    ...(o.headers !== undefined && { headers: stringRecord(o.headers, `${path}.headers`) }),
  };
}

function parseToolCall(value: unknown, path: string): ScriptedToolCall {
  const o = object(value, path, ['id', 'name', 'arguments']);
  return {
    id: string(o.id, `${path}.id`),
    name: string(o.name, `${path}.name`),
    arguments: string(o.arguments, `${path}.arguments`),
  };
}

function parseFinishReason(value: unknown, path: string): FinishReason {
  const reason = FINISH_REASONS.find((r) => r === value);
  if (reason === undefined) fail(path, `must be one of ${FINISH_REASONS.join(', ')}`);
  return reason;
}

const REPLY_FIELDS = [
  'text',
  'chunks',
  'chunkSize',
  'delayMs',
  'firstChunkDelayMs',
  'finishReason',
  'usage',
  'error',
  'dropAfterChunks',
  'stallAfterChunks',
  'holdAfterChunks',
  'toolCalls',
  'quoteToolOutput',
] as const satisfies readonly (keyof ScriptedReply)[];

const atLeast0 = (v: unknown, p: string): number => count(v, p, 0);
const atLeast1 = (v: unknown, p: string): number => count(v, p, 1);
const strings = (v: unknown, p: string): string[] => array(v, p).map((s, i) => string(s, `${p}[${i}]`));
const toolCalls = (v: unknown, p: string): ScriptedToolCall[] =>
  array(v, p).map((c, i) => parseToolCall(c, `${p}[${i}]`));

export function parseReply(value: unknown, path: string): ScriptedReply {
  const o = object(value, path, REPLY_FIELDS);
  const reply: ScriptedReply = {};
  const set = <K extends keyof ScriptedReply>(
    key: K,
    read: (v: unknown, p: string) => ScriptedReply[K],
  ): void => {
    const v = optional(o, key, path, read);
    if (v !== undefined) reply[key] = v;
  };
  set('text', string);
  set('chunks', strings);
  set('chunkSize', atLeast1);
  set('delayMs', atLeast0);
  set('firstChunkDelayMs', atLeast0);
  set('finishReason', parseFinishReason);
  set('usage', parseUsage);
  set('error', parseError);
  set('dropAfterChunks', atLeast0);
  set('stallAfterChunks', atLeast0);
  set('holdAfterChunks', atLeast0);
  set('toolCalls', toolCalls);
  set('quoteToolOutput', boolean);
  return reply;
}

function parseModel(value: unknown, path: string): string | ScriptedModel {
  if (typeof value === 'string') return value;
  const o = object(value, path, ['id', 'created', 'owned_by']);
  const created = optional(o, 'created', path, atLeast0);
  const ownedBy = optional(o, 'owned_by', path, string);
  return {
    id: string(o.id, `${path}.id`),
    ...(created !== undefined && { created }),
    ...(ownedBy !== undefined && { owned_by: ownedBy }),
  };
}

/** Checks an untrusted script (e.g. a control-route body) and returns it typed. */
export function parseScript(value: unknown): ScriptInput {
  const o = object(value, 'script', ['replies', 'models', 'apiKey']);
  const input: ScriptInput = {};
  const replies = optional(o, 'replies', 'script', (v, p) =>
    array(v, p).map((r, i) => parseReply(r, `${p}[${i}]`)),
  );
  const models = optional(o, 'models', 'script', (v, p) =>
    array(v, p).map((m, i) => parseModel(m, `${p}[${i}]`)),
  );
  if (replies !== undefined) input.replies = replies;
  if (models !== undefined) input.models = models;
  if (o.apiKey === null) input.apiKey = null;
  else if (o.apiKey !== undefined) input.apiKey = string(o.apiKey, 'script.apiKey');
  return input;
}
