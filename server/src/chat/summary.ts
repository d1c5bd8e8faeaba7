// Summaries instead of silent loss (API.md "Long conversations"): once messages of a path no longer fit the
// model's window, the part left out is summarised in the background after the reply, and the summary is
// stored on the newest message it covers. The next turns send the system prompt, the first request, the
// summary and the messages after it. A turn that comes first is truncated (its `created` says how many
// messages were left out); a summariser that fails three times in a row rests for an hour.
import type { Message } from '@parley/shared/schemas/message';
import type { ChatProvider, ChatRequest } from '../providers/types';
import { DEFAULT_SUMMARY_TOKENS, type ChatSettings } from './chat-settings';
import type { ResolvedEndpoint } from './ports';
import type { RunContext } from './run-context';

export const SUMMARY_INSTRUCTIONS =
  'Summarise the conversation below for the assistant that continues it. Keep the facts, names, numbers, ' +
  'decisions, the user’s goals and preferences, and the questions still open; leave out pleasantries. ' +
  'Write in the language of the conversation, in plain prose or short bullet points, without a preamble.';
const SUMMARY_TIMEOUT_MS = 60_000;
/** Characters of transcript one summary reads (older ones are cut, the previous summary stands for them). */
const TRANSCRIPT_MAX_CHARS = 48_000;
/** Characters of one tool call's arguments, and of its output, in the transcript. */
const TOOL_CALL_MAX_CHARS = 2_000;
const FAILURES_BEFORE_REST = 3;
const REST_MS = 3_600_000;

/** Which endpoint and model summarise a turn's left-out messages, and how long a summary may be. */
export interface SummaryPlan {
  /** Another endpoint that summarises (YAML `summarization.provider`); absent: the conversation's. */
  endpoint?: string | undefined;
  /**
   * The summary model; absent: the summarising endpoint's configured one (a custom endpoint's `summaryModel`,
   * `OPENAI_SUMMARY_MODEL` for openAI), else the conversation's own model.
   */
  model?: string | undefined;
  maxSummaryTokens: number;
}

/**
 * Whether a turn's left-out messages are summarised, and how. The YAML `summarization` block, when present,
 * decides for every endpoint (`enabled: false` turns summaries off everywhere); without it, a custom
 * endpoint's own `summarize`, and `OPENAI_SUMMARIZE` for the openAI endpoint (docs/decisions.md).
 */
export function summaryPlan(
  settings: Pick<ChatSettings, 'summarize' | 'summarization'>,
  turn: { endpoint: string; resolved: Pick<ResolvedEndpoint, 'kind' | 'summarize'> },
): SummaryPlan | undefined {
  const block = settings.summarization;
  if (block) {
    if (!block.enabled) return undefined;
    return {
      ...(block.provider && block.provider !== turn.endpoint ? { endpoint: block.provider } : {}),
      ...(block.model ? { model: block.model } : {}),
      maxSummaryTokens: block.maxSummaryTokens,
    };
  }
  const on =
    turn.resolved.summarize === true || (settings.summarize === true && turn.resolved.kind === 'openAI');
  return on ? { maxSummaryTokens: DEFAULT_SUMMARY_TOKENS } : undefined;
}

interface Breaker {
  failures: number;
  restingUntil: number;
}

/** Consecutive failures per endpoint and summary model, on this instance. */
const breakers = new Map<string, Breaker>();

const breakerKey = (endpoint: string, model: string) => `${endpoint}\u0000${model}`;

function resting(key: string, now: number): boolean {
  const breaker = breakers.get(key);
  return breaker !== undefined && breaker.restingUntil > now;
}

/** Records a failure; answers true when it is the one that makes the summariser rest. */
function failed(key: string, now: number): boolean {
  const breaker = breakers.get(key) ?? { failures: 0, restingUntil: 0 };
  breaker.failures += 1;
  const rests = breaker.failures >= FAILURES_BEFORE_REST;
  if (rests) {
    breaker.failures = 0;
    breaker.restingUntil = now + REST_MS;
  }
  breakers.set(key, breaker);
  return rests;
}

/** What the summary covers: from after the previous summary (which it starts from) up to `until`. */
export function summarySource(
  history: readonly Message[],
  until: string,
): { previous: string | undefined; messages: Message[] } | null {
  const end = history.findIndex((message) => message.messageId === until);
  if (end < 0) return null;
  const start = history.slice(0, end + 1).findLastIndex((message) => (message.summary ?? '') !== '');
  const previous = start >= 0 ? history[start]?.summary : undefined;
  const messages = history
    .slice(start + 1, end + 1)
    .filter((message) => !message.error && transcriptLine(message) !== null);
  return messages.length > 0 ? { previous, messages } : null;
}

const clip = (text: string): string =>
  text.length > TOOL_CALL_MAX_CHARS ? `${text.slice(0, TOOL_CALL_MAX_CHARS)}…` : text;

/**
 * A message as the summariser reads it: its text, and what its tool calls asked and answered (a turn made of
 * tool calls alone has no text, but what its tools found is part of the conversation). Null: nothing to read.
 */
function transcriptLine(message: Message): string | null {
  const calls = (message.content ?? []).flatMap((part) => {
    if (part.type !== 'tool_call') return [];
    const call = part.tool_call;
    const name = call.name ?? call.type;
    const asked = call.arguments ?? call.input ?? '';
    const answered = call.output ?? '';
    return [`[tool ${name}(${clip(asked)})${answered ? ` → ${clip(answered)}` : ''}]`];
  });
  const text = message.text.trim();
  if (text === '' && calls.length === 0) return null;
  const body = [...calls, ...(text === '' ? [] : [text])].join('\n');
  return `${message.isCreatedByUser ? 'User' : 'Assistant'}: ${body}`;
}

/** The text the summariser reads: the previous summary, then the messages, the newest kept when too long. */
export function summaryTranscript(previous: string | undefined, messages: readonly Message[]): string {
  const lines = messages.flatMap((message) => transcriptLine(message) ?? []);
  let transcript = lines.join('\n\n');
  if (transcript.length > TRANSCRIPT_MAX_CHARS) transcript = transcript.slice(-TRANSCRIPT_MAX_CHARS);
  return previous ? `Summary so far:\n${previous}\n\nConversation since:\n${transcript}` : transcript;
}

/** The endpoint that summarises, ready to call, and its summary model. */
interface Summariser {
  endpoint: string;
  resolved: ResolvedEndpoint;
  provider: ChatProvider;
  model: string;
}

/** The conversation's endpoint, or the plan's other one (its credentials resolved for the turn's user). */
async function summariserOf(ctx: RunContext, plan: SummaryPlan): Promise<Summariser> {
  const other = plan.endpoint;
  const resolved = other
    ? await ctx.deps.endpoints.resolve({
        userId: ctx.userId,
        endpoint: other,
        model: plan.model ?? ctx.reply.model,
        checkModel: false,
      })
    : ctx.resolved;
  const configured =
    resolved.summaryModel ?? (resolved.kind === 'openAI' ? ctx.deps.settings.openAISummaryModel : undefined);
  return {
    endpoint: other ?? ctx.reply.endpoint,
    resolved,
    provider: other ? ctx.deps.providers.get(resolved.kind) : ctx.provider,
    model: plan.model ?? configured ?? ctx.reply.model,
  };
}

function summaryRequest(
  ctx: RunContext,
  { resolved, model }: Summariser,
  transcript: string,
  maxTokens: number,
): ChatRequest {
  // No tools and none of the chat's own instructions: only the summariser's.
  return {
    model,
    system: SUMMARY_INSTRUCTIONS,
    messages: [{ role: 'user', parts: [{ type: 'text', text: transcript }] }],
    params: { temperature: 0.2, maxOutputTokens: maxTokens, user: ctx.userId },
    credentials: resolved.credentials,
    ...(resolved.extraBody ? { extraBody: resolved.extraBody } : {}),
    ...(resolved.dropParams ? { dropParams: resolved.dropParams } : {}),
  };
}

/** The model's answer when it is a summary: text, and no tool call (reasoning alone is no summary). */
async function askForSummary(
  provider: ChatProvider,
  request: ChatRequest,
): Promise<{ text: string; usage?: { inputTokens?: number; outputTokens?: number } | undefined }> {
  let text = '';
  let usage: { inputTokens?: number; outputTokens?: number } | undefined;
  for await (const event of provider.stream(request, AbortSignal.timeout(SUMMARY_TIMEOUT_MS))) {
    if (event.type === 'text-delta') text += event.delta;
    else if (event.type === 'tool-call' || event.type === 'tool-call-delta') {
      throw new Error('the summary model answered with a tool call');
    } else if (event.type === 'finish') usage = event.usage;
  }
  if (text.trim() === '') throw new Error('the summary model answered without text');
  return { text: text.trim(), usage };
}

/**
 * Summarises what the turn left out (or, with a token trigger, what lies beyond the trigger's share of the
 * window), when a summary is due; stores it on the newest message it covers and bills it as `summary` to the
 * endpoint and model that made it. Never throws: a failure is logged and counted.
 */
export async function summarizeLeftOut(ctx: RunContext, plan: SummaryPlan): Promise<void> {
  const until = ctx.context?.summaryUntil;
  if (!until) return;
  const source = summarySource(ctx.turn.history, until);
  if (!source) return;
  // Counted before the endpoint is resolved: a summariser whose endpoint cannot be resolved rests too.
  let key = breakerKey(plan.endpoint ?? ctx.reply.endpoint, plan.model ?? '');
  let model = plan.model ?? ctx.reply.model;
  if (resting(key, Date.now())) return;
  try {
    const summariser = await summariserOf(ctx, plan);
    model = summariser.model;
    key = breakerKey(summariser.endpoint, summariser.model);
    if (resting(key, Date.now())) return;
    const transcript = summaryTranscript(source.previous, source.messages);
    const request = summaryRequest(ctx, summariser, transcript, plan.maxSummaryTokens);
    const { text, usage } = await askForSummary(summariser.provider, request);
    const tokenCount = ctx.countTokens(text);
    await ctx.deps.messages.saveSummary(ctx.userId, ctx.reply.conversationId, until, text, tokenCount);
    breakers.delete(key);
    await ctx.deps.balance.recordUsage(ctx.userId, {
      conversationId: ctx.reply.conversationId,
      messageId: until,
      endpoint: summariser.endpoint,
      model,
      promptTokens: usage?.inputTokens ?? ctx.countTokens(`${SUMMARY_INSTRUCTIONS}\n${transcript}`),
      completionTokens: usage?.outputTokens ?? tokenCount,
      kind: 'summary',
    });
  } catch (error) {
    const rests = failed(key, Date.now());
    ctx.deps.logger.warn(
      { err: error, conversationId: ctx.reply.conversationId, model },
      rests
        ? 'could not summarise the conversation (three times in a row): summaries rest for an hour'
        : 'could not summarise the conversation; its turns are truncated meanwhile',
    );
  }
}
