// Builds the JSON objects of OpenAI's Chat Completions wire format from a scripted reply.
import { randomBytes } from 'node:crypto';
import type { FinishReason, ScriptedReply } from './script-types';

export interface WireUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

export interface WireToolCallDelta {
  index: number;
  id?: string;
  type?: 'function';
  function: { name?: string; arguments: string };
}

export interface WireDelta {
  role?: 'assistant';
  content?: string | null;
  refusal?: null;
  tool_calls?: WireToolCallDelta[];
}

export interface WireChunk {
  id: string;
  object: 'chat.completion.chunk';
  created: number;
  model: string;
  system_fingerprint: string;
  choices: Array<{ index: number; delta: WireDelta; logprobs: null; finish_reason: FinishReason | null }>;
  usage?: WireUsage | null;
}

export interface WireCompletion {
  id: string;
  object: 'chat.completion';
  created: number;
  model: string;
  system_fingerprint: string;
  choices: Array<{
    index: number;
    message: {
      role: 'assistant';
      content: string | null;
      refusal: null;
      tool_calls?: Array<{ id: string; type: 'function'; function: { name: string; arguments: string } }>;
    };
    logprobs: null;
    finish_reason: FinishReason;
  }>;
  usage: WireUsage;
}

export interface CompletionContext {
  id: string;
  created: number;
  model: string;
  includeUsage: boolean;
  promptTokens: number;
}

const DEFAULT_CHUNK_SIZE = 4;
const FINGERPRINT = 'fp_parley_fake';

export function newCompletionContext(
  model: string,
  includeUsage: boolean,
  promptTokens: number,
): CompletionContext {
  return {
    id: `chatcmpl-${randomBytes(12).toString('hex')}`,
    created: Math.floor(Date.now() / 1000),
    model,
    includeUsage,
    promptTokens,
  };
}

/** Splits by code points so a delta never ends inside a surrogate pair. */
export function splitText(text: string, size: number): string[] {
  const chars = Array.from(text);
  const pieces: string[] = [];
  for (let i = 0; i < chars.length; i += size) pieces.push(chars.slice(i, i + size).join(''));
  return pieces;
}

export function replyText(reply: ScriptedReply): string {
  return reply.chunks ? reply.chunks.join('') : (reply.text ?? '');
}

export function contentDeltas(reply: ScriptedReply): string[] {
  return reply.chunks ?? splitText(reply.text ?? '', reply.chunkSize ?? DEFAULT_CHUNK_SIZE);
}

export function finishReasonOf(reply: ScriptedReply): FinishReason {
  return reply.finishReason ?? (reply.toolCalls?.length ? 'tool_calls' : 'stop');
}

export function usageOf(reply: ScriptedReply, promptTokens: number): WireUsage {
  const toolChars = (reply.toolCalls ?? []).reduce(
    (n, call) => n + call.name.length + call.arguments.length,
    0,
  );
  const prompt = reply.usage?.prompt_tokens ?? promptTokens;
  const completion = reply.usage?.completion_tokens ?? Math.ceil((replyText(reply).length + toolChars) / 4);
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

export function chunkOf(
  ctx: CompletionContext,
  delta: WireDelta,
  finishReason: FinishReason | null = null,
): WireChunk {
  return {
    id: ctx.id,
    object: 'chat.completion.chunk',
    created: ctx.created,
    model: ctx.model,
    system_fingerprint: FINGERPRINT,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    ...(ctx.includeUsage && { usage: null }),
  };
}

export function usageChunkOf(ctx: CompletionContext, usage: WireUsage): WireChunk {
  return {
    id: ctx.id,
    object: 'chat.completion.chunk',
    created: ctx.created,
    model: ctx.model,
    system_fingerprint: FINGERPRINT,
    choices: [],
    usage,
  };
}

export function completionOf(ctx: CompletionContext, reply: ScriptedReply): WireCompletion {
  const text = replyText(reply);
  const toolCalls = reply.toolCalls?.map((call) => ({
    id: call.id,
    type: 'function' as const,
    function: { name: call.name, arguments: call.arguments },
  }));
  return {
    id: ctx.id,
    object: 'chat.completion',
    created: ctx.created,
    model: ctx.model,
    system_fingerprint: FINGERPRINT,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: text === '' && toolCalls ? null : text,
          refusal: null,
          ...(toolCalls && toolCalls.length > 0 && { tool_calls: toolCalls }),
        },
        logprobs: null,
        finish_reason: finishReasonOf(reply),
      },
    ],
    usage: usageOf(reply, ctx.promptTokens),
  };
}
