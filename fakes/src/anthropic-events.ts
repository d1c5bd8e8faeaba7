// The Messages API's stream as the real service sends it: message_start, then per content block
// content_block_start → content_block_delta… → content_block_stop, then message_delta and message_stop.
import { contentDeltas, replyText, splitText } from './chat-payloads';
import type { AnthropicReply, AnthropicStopReason } from './anthropic-script';
import type { FramePlan } from './play-completion';
import type { ScriptedReply, ScriptedToolCall } from './script-types';

/** One server-sent event: `event: {type}` and `data: {"type": type, …}`. */
export interface AnthropicEvent {
  type: string;
  [field: string]: unknown;
}

/** Several events written together; a delta group counts as one delta for delays, drops and stalls. */
export type EventGroup = AnthropicEvent[];

export interface MessageContext {
  id: string;
  model: string;
  inputTokens: number;
}

const DEFAULT_ARGUMENT_PIECE = 8;
let nextId = 1;

// The reply's text fields, as the OpenAI fake's text helpers read them.
const textFields = (reply: AnthropicReply): Pick<ScriptedReply, 'text' | 'chunks' | 'chunkSize'> => ({
  text: reply.text,
  chunks: reply.chunks,
  chunkSize: reply.chunkSize,
});

export function newMessageContext(model: string, inputTokens: number): MessageContext {
  return { id: `msg_fake${String(nextId++).padStart(8, '0')}`, model, inputTokens };
}

export function stopReasonOf(reply: AnthropicReply): AnthropicStopReason {
  return reply.stopReason ?? (reply.toolCalls?.length ? 'tool_use' : 'end_turn');
}

function outputTokensOf(reply: AnthropicReply): number {
  if (reply.usage) return reply.usage.output_tokens;
  const toolChars = (reply.toolCalls ?? []).reduce((sum, call) => sum + call.arguments.length, 0);
  return Math.max(1, Math.ceil((replyText(textFields(reply)).length + toolChars) / 4));
}

function inputTokensOf(ctx: MessageContext, reply: AnthropicReply): number {
  return reply.usage?.input_tokens ?? ctx.inputTokens;
}

function hasTextBlock(reply: AnthropicReply): boolean {
  return contentDeltas(textFields(reply)).length > 0 || !reply.toolCalls?.length;
}

function messageStart(ctx: MessageContext, reply: AnthropicReply): AnthropicEvent {
  const message = {
    id: ctx.id,
    type: 'message',
    role: 'assistant',
    model: ctx.model,
    content: [],
    stop_reason: null,
    stop_sequence: null,
    usage: {
      input_tokens: inputTokensOf(ctx, reply),
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      output_tokens: 1,
    },
  };
  return { type: 'message_start', message };
}

const blockStop = (index: number): AnthropicEvent => ({ type: 'content_block_stop', index });

function textDeltas(reply: AnthropicReply): EventGroup[] {
  return contentDeltas(textFields(reply)).map((text) => [
    { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } },
  ]);
}

// A tool_use block opens with an empty `input`, then streams its JSON as input_json_delta pieces.
function toolDeltas(call: ScriptedToolCall, index: number, pieceSize: number): EventGroup[] {
  const pieces = splitText(call.arguments, pieceSize);
  const jsonDelta = (partial_json: string): AnthropicEvent => ({
    type: 'content_block_delta',
    index,
    delta: { type: 'input_json_delta', partial_json },
  });
  const opening: EventGroup = [
    ...(index > 0 ? [blockStop(index - 1)] : []),
    {
      type: 'content_block_start',
      index,
      content_block: { type: 'tool_use', id: call.id, name: call.name, input: {} },
    },
    jsonDelta(''),
  ];
  return [opening, ...pieces.map((piece) => [jsonDelta(piece)])];
}

function closing(reply: AnthropicReply, lastIndex: number): EventGroup {
  const stopReason = stopReasonOf(reply);
  const stopSequence = stopReason === 'stop_sequence' ? (reply.stopSequence ?? null) : null;
  return [
    blockStop(lastIndex),
    {
      type: 'message_delta',
      delta: { stop_reason: stopReason, stop_sequence: stopSequence },
      usage: { output_tokens: outputTokensOf(reply) },
    },
    { type: 'message_stop' },
  ];
}

export function planAnthropicStream(ctx: MessageContext, reply: AnthropicReply): FramePlan<EventGroup> {
  const text = hasTextBlock(reply);
  const first = text ? 1 : 0;
  const head: EventGroup = [messageStart(ctx, reply)];
  if (text) head.push({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
  head.push({ type: 'ping' });
  const piece = reply.chunkSize ?? DEFAULT_ARGUMENT_PIECE;
  const tools = (reply.toolCalls ?? []).flatMap((call, i) => toolDeltas(call, first + i, piece));
  const deltas = [...(text ? textDeltas(reply) : []), ...tools];
  const lastIndex = first + (reply.toolCalls?.length ?? 0) - 1;
  if (reply.streamError) {
    const { afterChunks, type, message } = reply.streamError;
    const error = { type: 'error', error: { type, message: message ?? type } };
    return { head: [head], deltas: deltas.slice(0, afterChunks), tail: [[error]] };
  }
  return { head: [head], deltas, tail: [closing(reply, lastIndex)] };
}

function parsedInput(call: ScriptedToolCall): unknown {
  try {
    return call.arguments === '' ? {} : (JSON.parse(call.arguments) as unknown);
  } catch {
    return {};
  }
}

/** The non-streaming `Message` for the same reply. */
export function messageOf(ctx: MessageContext, reply: AnthropicReply): Record<string, unknown> {
  const text = replyText(textFields(reply));
  const tools = (reply.toolCalls ?? []).map((call) => ({
    type: 'tool_use',
    id: call.id,
    name: call.name,
    input: parsedInput(call),
  }));
  const stopReason = stopReasonOf(reply);
  return {
    id: ctx.id,
    type: 'message',
    role: 'assistant',
    model: ctx.model,
    content: [...(hasTextBlock(reply) ? [{ type: 'text', text }] : []), ...tools],
    stop_reason: stopReason,
    stop_sequence: stopReason === 'stop_sequence' ? (reply.stopSequence ?? null) : null,
    usage: { input_tokens: inputTokensOf(ctx, reply), output_tokens: outputTokensOf(reply) },
  };
}

/** `event: X\ndata: {"type":"X",…}\n\n` for each event of a group. */
export function frameEvents(group: EventGroup): string {
  return group.map((event) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`).join('');
}
