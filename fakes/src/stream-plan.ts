import { chunkOf, contentDeltas, finishReasonOf, splitText, usageChunkOf, usageOf } from './chat-payloads';
import type { CompletionContext, WireChunk } from './chat-payloads';
import type { ScriptedReply, ScriptedToolCall } from './script-types';

/** The chunks of one streamed completion: the role chunk, the deltas, then the closing chunks. */
export interface StreamPlan {
  head: WireChunk;
  deltas: WireChunk[];
  tail: WireChunk[];
}

const DEFAULT_ARGUMENT_PIECE = 8;

// OpenAI's format: the first delta of a call names it (index, id, type, name), later deltas
// carry only the index and the next piece of the JSON arguments.
function toolCallDeltas(
  ctx: CompletionContext,
  call: ScriptedToolCall,
  index: number,
  size: number,
): WireChunk[] {
  const opening = chunkOf(ctx, {
    tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }],
  });
  const pieces = splitText(call.arguments, size).map((piece) =>
    chunkOf(ctx, { tool_calls: [{ index, function: { arguments: piece } }] }),
  );
  return [opening, ...pieces];
}

export function planStream(ctx: CompletionContext, reply: ScriptedReply): StreamPlan {
  const content = contentDeltas(reply).map((text) => chunkOf(ctx, { content: text }));
  const argumentPiece = reply.chunkSize ?? DEFAULT_ARGUMENT_PIECE;
  const tools = (reply.toolCalls ?? []).flatMap((call, i) => toolCallDeltas(ctx, call, i, argumentPiece));
  const finish = chunkOf(ctx, {}, finishReasonOf(reply));
  const usage = ctx.includeUsage ? [usageChunkOf(ctx, usageOf(reply, ctx.promptTokens))] : [];
  return {
    head: chunkOf(ctx, { role: 'assistant', content: '', refusal: null }),
    deltas: [...content, ...tools],
    tail: [finish, ...usage],
  };
}
