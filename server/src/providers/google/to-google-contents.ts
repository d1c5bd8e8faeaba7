// PromptMessages → Gemini `contents`. Turns must start with the user and alternate between `user` and
// `model`; text parts must not be empty. Images travel inline (data URLs) or by URI.
import type { Content, Part } from '@google/genai';
import { ProviderError } from '../types';
import type { GenerationParams, PromptMessage, PromptPart } from '../types';

type Role = 'user' | 'model';
interface Turn {
  role: Role;
  parts: Part[];
}

const DATA_URL = /^data:([^;,]+);base64,(.*)$/s;
const EXTENSION_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  heic: 'image/heic',
};

function guessMimeType(url: string): string {
  const extension = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(url)?.[1]?.toLowerCase() ?? '';
  return EXTENSION_TYPES[extension] ?? 'image/jpeg';
}

function imagePart(part: Extract<PromptPart, { type: 'image' }>): Part {
  const data = DATA_URL.exec(part.url);
  if (data) return { inlineData: { mimeType: part.mimeType ?? data[1] ?? 'image/png', data: data[2] ?? '' } };
  return { fileData: { fileUri: part.url, mimeType: part.mimeType ?? guessMimeType(part.url) } };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A functionResponse must be an object: a JSON object output as is, anything else wrapped. */
function responseOf(part: Extract<PromptPart, { type: 'tool-result' }>): Record<string, unknown> {
  if (part.isError) return { error: part.output };
  const parsed = parseJson(part.output);
  return isRecord(parsed) ? parsed : { output: part.output };
}

function argsOf(text: string): Record<string, unknown> {
  if (text.trim() === '') return {};
  const parsed = parseJson(text);
  if (!isRecord(parsed))
    throw new ProviderError(
      'bad_request',
      'A tool call in the history has arguments that are not a JSON object.',
    );
  return parsed;
}

function partOf(part: PromptPart): Part | null {
  switch (part.type) {
    case 'text':
      return part.text.trim() === '' ? null : { text: part.text };
    case 'image':
      return imagePart(part);
    case 'tool-call':
      return { functionCall: { name: part.name, args: argsOf(part.arguments) } };
    case 'tool-result':
      return { functionResponse: { name: part.name, response: responseOf(part) } };
  }
}

function toTurn(message: PromptMessage): Turn {
  const parts = message.parts.map(partOf).filter((part): part is Part => part !== null);
  return { role: message.role === 'assistant' ? 'model' : 'user', parts };
}

/** chat-bison style examples, as user/model turns ahead of the conversation. */
function exampleTurns(examples: GenerationParams['examples']): Turn[] {
  return (examples ?? [])
    .filter((example) => example.input.trim() !== '' && example.output.trim() !== '')
    .flatMap((example): Turn[] => [
      { role: 'user', parts: [{ text: example.input }] },
      { role: 'model', parts: [{ text: example.output }] },
    ]);
}

function mergeTurns(turns: Turn[]): Turn[] {
  const merged: Turn[] = [];
  for (const turn of turns) {
    const last = merged[merged.length - 1];
    if (last && last.role === turn.role) last.parts.push(...turn.parts);
    else merged.push({ role: turn.role, parts: [...turn.parts] });
  }
  return merged;
}

/**
 * Examples come first; empty turns are dropped, same-role neighbours merged, and model turns before the
 * first user turn (a greeting) dropped.
 */
export function toGoogleContents(
  messages: readonly PromptMessage[],
  examples?: GenerationParams['examples'],
): Content[] {
  const turns = [...exampleTurns(examples), ...messages.map(toTurn)].filter((turn) => turn.parts.length > 0);
  const merged = mergeTurns(turns);
  const firstUser = merged.findIndex((turn) => turn.role === 'user');
  if (firstUser === -1) throw new ProviderError('bad_request', 'There is no user message to send to Gemini.');
  return merged.slice(firstUser).map((turn) => ({ role: turn.role, parts: turn.parts }));
}
