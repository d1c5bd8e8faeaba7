// PromptMessages → Messages API turns. The API wants turns that start with the user and alternate
// strictly, no empty text, tool results first in their user turn, and no trailing whitespace on a final
// assistant turn (a prefill the model continues).
import type {
  ContentBlockParam,
  ImageBlockParam,
  MessageParam,
  ToolResultBlockParam,
  ToolUseBlockParam,
} from '@anthropic-ai/sdk/resources/messages';
import { ProviderError } from '../types';
import type { PromptMessage, PromptPart } from '../types';

type Role = 'user' | 'assistant';
interface Turn {
  role: Role;
  blocks: ContentBlockParam[];
}

const MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
type MediaType = (typeof MEDIA_TYPES)[number];
const DATA_URL = /^data:([^;,]+);base64,(.*)$/s;

function mediaTypeOf(value: string | undefined): MediaType {
  const normalised = value === 'image/jpg' ? 'image/jpeg' : value;
  const known = MEDIA_TYPES.find((type) => type === normalised);
  if (known === undefined) {
    throw new ProviderError('bad_request', `Claude cannot read images of type ${value ?? 'unknown'}.`);
  }
  return known;
}

function imageBlock(part: Extract<PromptPart, { type: 'image' }>): ImageBlockParam {
  const data = DATA_URL.exec(part.url);
  if (data) {
    const source = {
      type: 'base64' as const,
      media_type: mediaTypeOf(part.mimeType ?? data[1]),
      data: data[2] ?? '',
    };
    return { type: 'image', source };
  }
  return { type: 'image', source: { type: 'url', url: part.url } };
}

/** Tool arguments arrive as JSON text; the API wants the parsed object. */
function toolInput(args: string): unknown {
  if (args.trim() === '') return {};
  try {
    return JSON.parse(args) as unknown;
  } catch (error) {
    throw new ProviderError('bad_request', 'A tool call in the history has arguments that are not JSON.', {
      cause: error,
    });
  }
}

function blockOf(part: PromptPart): ContentBlockParam | null {
  switch (part.type) {
    case 'text':
      return part.text.trim() === '' ? null : { type: 'text', text: part.text };
    case 'image':
      return imageBlock(part);
    case 'tool-call': {
      const block: ToolUseBlockParam = {
        type: 'tool_use',
        id: part.id,
        name: part.name,
        input: toolInput(part.arguments),
      };
      return block;
    }
    case 'tool-result': {
      const block: ToolResultBlockParam = {
        type: 'tool_result',
        tool_use_id: part.toolCallId,
        content: part.output,
      };
      return part.isError ? { ...block, is_error: true } : block;
    }
  }
}

function toTurn(message: PromptMessage): Turn {
  const blocks = message.parts.map(blockOf).filter((block): block is ContentBlockParam => block !== null);
  return { role: message.role === 'assistant' ? 'assistant' : 'user', blocks };
}

/** Joins neighbours with the same role; tool results go first within a user turn, as the API requires. */
function mergeTurns(turns: Turn[]): Turn[] {
  const merged: Turn[] = [];
  for (const turn of turns) {
    const last = merged[merged.length - 1];
    if (last && last.role === turn.role) last.blocks.push(...turn.blocks);
    else merged.push({ role: turn.role, blocks: [...turn.blocks] });
  }
  for (const turn of merged) {
    if (turn.role === 'user') turn.blocks.sort((a, b) => rankOf(a) - rankOf(b));
  }
  return merged;
}

const rankOf = (block: ContentBlockParam): number => (block.type === 'tool_result' ? 0 : 1);

/** A final assistant turn is a prefill; the API rejects one that ends in whitespace. */
function trimPrefill(turns: Turn[]): void {
  const last = turns[turns.length - 1];
  const block = last?.role === 'assistant' ? last.blocks[last.blocks.length - 1] : undefined;
  if (block?.type === 'text') block.text = block.text.trimEnd();
}

/**
 * Empty turns are dropped and same-role neighbours merged. Assistant turns before the first user turn
 * (a greeting) are dropped: the API only accepts a conversation that the user opens.
 */
export function toAnthropicMessages(messages: readonly PromptMessage[]): MessageParam[] {
  const turns = mergeTurns(messages.map(toTurn).filter((turn) => turn.blocks.length > 0));
  const firstUser = turns.findIndex((turn) => turn.role === 'user');
  if (firstUser === -1) throw new ProviderError('bad_request', 'There is no user message to send to Claude.');
  const opened = turns.slice(firstUser);
  trimPrefill(opened);
  return opened.map((turn) => ({ role: turn.role, content: turn.blocks }));
}
