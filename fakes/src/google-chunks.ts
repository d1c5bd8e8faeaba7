// GenerateContentResponse chunks as the Gemini API streams them: one per text delta (with the prompt's
// usage so far), function calls as their own chunks, and a last chunk with finishReason and full usage.
import { contentDeltas, replyText } from './chat-payloads';
import type { GoogleFinishReason, GoogleReply } from './google-script';
import type { FramePlan } from './play-completion';
import type { ScriptedReply } from './script-types';

export type GoogleChunk = Record<string, unknown>;

export interface GenerationContext {
  responseId: string;
  model: string;
  promptTokens: number;
}

let nextId = 1;

export function newGenerationContext(model: string, promptTokens: number): GenerationContext {
  return { responseId: `fake-response-${nextId++}`, model, promptTokens };
}

// Finish reasons that come with no content and blocked safety ratings.
const BLOCKING: readonly GoogleFinishReason[] = ['SAFETY', 'BLOCKLIST', 'PROHIBITED_CONTENT', 'SPII'];

const BLOCKED_RATINGS = [
  { category: 'HARM_CATEGORY_DANGEROUS_CONTENT', probability: 'HIGH', blocked: true },
  { category: 'HARM_CATEGORY_HARASSMENT', probability: 'NEGLIGIBLE' },
];

const textFields = (reply: GoogleReply): Pick<ScriptedReply, 'text' | 'chunks' | 'chunkSize'> => ({
  text: reply.text,
  chunks: reply.chunks,
  chunkSize: reply.chunkSize,
});

function usageOf(ctx: GenerationContext, reply: GoogleReply, final: boolean): Record<string, number> {
  const prompt = reply.usage?.promptTokenCount ?? ctx.promptTokens;
  if (!final) return { promptTokenCount: prompt, totalTokenCount: prompt };
  const output = reply.usage?.candidatesTokenCount ?? Math.ceil(replyText(textFields(reply)).length / 4);
  return { promptTokenCount: prompt, candidatesTokenCount: output, totalTokenCount: prompt + output };
}

function chunkOf(
  ctx: GenerationContext,
  candidate: Record<string, unknown>,
  usage: Record<string, number>,
): GoogleChunk {
  return {
    candidates: [{ ...candidate, index: 0 }],
    usageMetadata: usage,
    modelVersion: ctx.model,
    responseId: ctx.responseId,
  };
}

const content = (parts: Record<string, unknown>[]): Record<string, unknown> => ({
  content: { parts, role: 'model' },
});

function lastCandidate(reply: GoogleReply): Record<string, unknown> {
  const finishReason = reply.finishReason ?? 'STOP';
  if (BLOCKING.includes(finishReason)) return { finishReason, safetyRatings: BLOCKED_RATINGS };
  return { ...content([{ text: '' }]), finishReason };
}

function blockedPrompt(ctx: GenerationContext, reply: GoogleReply): GoogleChunk {
  const feedback = { blockReason: reply.blockReason, safetyRatings: BLOCKED_RATINGS };
  return { promptFeedback: feedback, usageMetadata: usageOf(ctx, reply, false), modelVersion: ctx.model };
}

export function planGoogleStream(ctx: GenerationContext, reply: GoogleReply): FramePlan<GoogleChunk> {
  if (reply.blockReason) return { head: [], deltas: [], tail: [blockedPrompt(ctx, reply)] };
  const partial = usageOf(ctx, reply, false);
  const texts = contentDeltas(textFields(reply)).map((text) => chunkOf(ctx, content([{ text }]), partial));
  const calls = (reply.functionCalls ?? []).map((call) =>
    chunkOf(ctx, content([{ functionCall: call }]), partial),
  );
  const last = chunkOf(ctx, lastCandidate(reply), usageOf(ctx, reply, true));
  return { head: [], deltas: [...texts, ...calls], tail: [last] };
}

/** The non-streaming response for the same reply. */
export function responseOf(ctx: GenerationContext, reply: GoogleReply): GoogleChunk {
  if (reply.blockReason) return blockedPrompt(ctx, reply);
  const last = lastCandidate(reply);
  if (!('content' in last)) return chunkOf(ctx, last, usageOf(ctx, reply, true));
  const text = replyText(textFields(reply));
  const parts = [
    ...(text === '' ? [] : [{ text }]),
    ...(reply.functionCalls ?? []).map((call) => ({ functionCall: call })),
  ];
  return chunkOf(ctx, { ...last, ...content(parts) }, usageOf(ctx, reply, true));
}

/** Gemini frames its stream as `data: {…}` followed by CRLF CRLF, and sends no [DONE]. */
export function frameChunk(chunk: GoogleChunk): string {
  return `data: ${JSON.stringify(chunk)}\r\n\r\n`;
}
