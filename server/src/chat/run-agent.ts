// A plugins reply with tools: the functions (or classic) agent drives the provider step by step; its content parts and
// text deltas go to the generation log like any reply's, and the usage of every model call is summed.
import { randomUUID } from 'node:crypto';
import { ContentParts } from '../agents/content-parts';
import { runFunctionsAgent } from '../agents/functions-agent';
import { runClassicAgent } from '../agents/classic-agent';
import type { AgentIO, ModelStep, ModelToolCall } from '../agents/agent-types';
import type { MessageSource } from '@parley/shared/schemas/message';
import type { ChatRequest } from '../providers/types';
import { appendEvent } from './chat-events';
import { driveProvider } from './drive-provider';
import type { ReplyState, RunContext, TurnAgent } from './run-context';
import { startUpstream, type Upstream } from './upstream';

function modelCaller(ctx: RunContext, state: ReplyState, signal: AbortSignal): AgentIO['callModel'] {
  let first: Upstream | undefined = ctx.upstream;
  return async (request: ChatRequest, onText) => {
    // The first step's request already went out while the turn was saved.
    const upstream = first ?? startUpstream(ctx.provider, request);
    // A later step: the tools have answered and the model works again.
    if (!first) ctx.assistantRun?.progress('in_progress');
    first = undefined;
    let text = '';
    const toolCalls: ModelToolCall[] = [];
    try {
      const finish = await driveProvider({
        upstream,
        signal,
        silenceMs: ctx.deps.settings.providerTimeoutMs,
        maxReplyChars: ctx.deps.settings.maxReplyChars,
        onDelta: (delta) => {
          text += delta;
          onText?.(delta);
        },
        onState: (providerState) => {
          state.providerState = providerState;
        },
        onToolCall: (call) => toolCalls.push(call),
      });
      if (!finish) return undefined;
      // An assistant's run waits for its tools (SPEC §3 `requires_action`) until the next step.
      if (toolCalls.length > 0) ctx.assistantRun?.progress('requires_action');
      const step: ModelStep = {
        text,
        toolCalls,
        reason: finish.reason,
        rawReason: finish.rawReason,
        usage: finish.usage,
      };
      return step;
    } finally {
      upstream.abort();
    }
  };
}

/** The reply's sources with `more` added, each passage once (a second search may find it again). */
export function withSources(
  sources: readonly MessageSource[] | undefined,
  more: readonly MessageSource[],
): MessageSource[] {
  const key = (source: MessageSource) => `${source.file_id}\u0000${source.page ?? ''}\u0000${source.snippet}`;
  const seen = new Set((sources ?? []).map(key));
  const added = more.filter((source) => {
    if (seen.has(key(source))) return false;
    seen.add(key(source));
    return true;
  });
  return [...(sources ?? []), ...added];
}

/** Runs the loop into `state`; throws what the provider throws (the run then saves what it has). */
export async function runAgentReply(
  ctx: RunContext,
  agent: TurnAgent,
  state: ReplyState,
  signal: AbortSignal,
): Promise<void> {
  const { messageId, conversationId } = ctx.reply;
  const content = new ContentParts({
    onPart: (index, part) => {
      appendEvent(ctx.writer, { type: 'content', messageId, index, part });
    },
    onText: (index, delta, offset) => {
      appendEvent(ctx.writer, { type: 'text', messageId, conversationId, text: delta, offset, index });
      state.text = content.text();
    },
  });
  state.content = content.parts;
  if (ctx.notice) content.add(ctx.notice);
  const saveGeneratedFile = ctx.deps.tools?.saveGeneratedFile?.bind(ctx.deps.tools);
  const io: AgentIO = {
    callModel: modelCaller(ctx, state, signal),
    ...(saveGeneratedFile ? { saveFile: (file) => saveGeneratedFile(ctx.userId, file) } : {}),
    // A tool's own model call (an image generation) is billed as the ledger's `tool` row of this reply.
    recordModelCall: (call) =>
      ctx.deps.balance.recordUsage(ctx.userId, {
        conversationId: ctx.reply.conversationId,
        messageId: ctx.reply.messageId,
        endpoint: call.endpoint,
        model: call.model,
        promptTokens: call.promptTokens,
        completionTokens: call.completionTokens ?? 0,
        kind: 'tool',
        requestId: `${ctx.reply.messageId}:tool:${randomUUID()}`,
      }),
    // Passages a tool (an assistant's retrieval) handed the model are saved with the reply as its sources.
    addSources: (sources) => {
      ctx.reply.sources = withSources(ctx.reply.sources, sources);
    },
  };
  if (!ctx.request) return;
  try {
    const runAgent = agent.kind === 'classic' ? runClassicAgent : runFunctionsAgent;
    const outcome = await runAgent({
      userId: ctx.userId,
      request: ctx.request,
      tools: agent.tools,
      io,
      content,
      signal,
      skipCompletion: agent.skipCompletion,
      completionModel: agent.completionModel,
    });
    state.aborted = outcome.aborted;
    if (outcome.reason) {
      const estimated = outcome.unreportedCalls > 0;
      state.finish = {
        reason: outcome.reason,
        rawReason: outcome.rawReason,
        usage: {
          inputTokens: outcome.usage.inputTokens + outcome.unreportedCalls * ctx.promptTokens,
          outputTokens: outcome.usage.outputTokens + (estimated ? ctx.countTokens(state.text) : 0),
        },
      };
    }
    if (outcome.aborted) state.finish = undefined;
  } finally {
    state.text = content.text();
  }
}
