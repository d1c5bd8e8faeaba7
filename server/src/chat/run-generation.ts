// Drives one reply from the provider into the generation log, then ends it in `finalize` whatever happened.
import { ProviderError } from '../providers/types';
import { appendEvent, textEvent } from './chat-events';
import { driveProvider, toRunFailure, type RunFailure } from './drive-provider';
import { finalize } from './finalize';
import { PartialSaver } from './partial-saver';
import { runAgentReply } from './run-agent';
import type { AssistantRunOutcome } from './ports';
import type { ReplyState, RunContext } from './run-context';
import { summarizeLeftOut, summaryPlan } from './summary';
import { generateTitle, titleFromFirstMessage } from './title';

/**
 * Reply text after an edited or continued prefix gets a space at the seam when neither side has one
 * (reference §12.7: `generation + ' ' + completion`), but not before punctuation.
 */
function joinAtSeam(state: ReplyState, prefix: string, delta: string): string {
  const atSeam = prefix !== '' && state.text.length === prefix.length;
  return atSeam && !/\s$/u.test(prefix) && /^[\p{L}\p{N}]/u.test(delta) ? ` ${delta}` : delta;
}

function emitDelta(ctx: RunContext, state: ReplyState, delta: string): void {
  const piece = joinAtSeam(state, ctx.turn.prefix, delta);
  appendEvent(ctx.writer, textEvent(ctx.reply.messageId, ctx.reply.conversationId, piece, state.text.length));
  state.text += piece;
}

async function streamReply(ctx: RunContext, state: ReplyState, signal: AbortSignal): Promise<void> {
  if (!ctx.upstream) return;
  if (ctx.notice) {
    // The reply's only part; its text follows as the reply's text (the client shows parts, then the text).
    state.content = [ctx.notice];
    appendEvent(ctx.writer, { type: 'content', messageId: ctx.reply.messageId, index: 0, part: ctx.notice });
  }
  state.finish = await driveProvider({
    upstream: ctx.upstream,
    signal,
    silenceMs: ctx.deps.settings.providerTimeoutMs,
    maxReplyChars: ctx.deps.settings.maxReplyChars,
    onDelta: (delta) => emitDelta(ctx, state, delta),
    onState: (providerState) => {
      state.providerState = providerState;
    },
  });
  state.aborted = state.finish === undefined;
}

function shouldTitle(ctx: RunContext, state: ReplyState): boolean {
  return (
    ctx.turn.isNewConversation &&
    !ctx.conversation.isTemporary &&
    ctx.deps.settings.titleConvo &&
    ctx.resolved.titleConvo &&
    state.finish !== undefined &&
    state.failure === undefined
  );
}

/** Records how an assistants run ended (SPEC §3 statuses); never throws. */
async function endAssistantRun(
  ctx: RunContext,
  run: NonNullable<RunContext['assistantRun']>,
  state: ReplyState,
): Promise<void> {
  const usage = state.finish?.usage;
  const outcome: AssistantRunOutcome = state.failure
    ? { status: 'failed', error: { code: state.failure.kind, message: state.failure.message }, usage }
    : state.expired
      ? { status: 'expired', usage }
      : state.aborted || !state.finish
        ? { status: 'cancelled', usage }
        : { status: 'completed', usage };
  await run.end(outcome).catch((error: unknown) => {
    ctx.deps.logger.error({ err: error, messageId: ctx.reply.messageId }, 'could not record the run');
  });
}

/**
 * The run, from just after `created`: saves partial text every few seconds, streams what the provider sends
 * (and sent meanwhile), and always finalizes — also when it was aborted while the turn was being saved.
 * `failure` set up front (a prompt that cannot fit) skips the provider and saves an error reply.
 */
export async function runGeneration(ctx: RunContext, failure?: RunFailure): Promise<void> {
  const state: ReplyState = { text: ctx.turn.prefix, aborted: false, failure };
  const saver = new PartialSaver(ctx, state, ctx.deps.settings.partialSaveMs);
  saver.start();
  const { assistantRun } = ctx;
  const signal = assistantRun ? AbortSignal.any([ctx.abort.signal, assistantRun.timeout]) : ctx.abort.signal;
  try {
    if (!state.failure && ctx.agent) await runAgentReply(ctx, ctx.agent, state, signal);
    else if (!state.failure) await streamReply(ctx, state, signal);
  } catch (error) {
    state.failure = toRunFailure(error);
    if (!(error instanceof ProviderError)) {
      ctx.deps.logger.error({ err: error, messageId: ctx.reply.messageId }, 'the reply failed unexpectedly');
    } else {
      // The user sees it in the reply; an operator sees which provider failed and how.
      ctx.deps.logger.warn(
        {
          kind: state.failure.kind,
          endpoint: ctx.reply.endpoint,
          model: ctx.reply.model,
          messageId: ctx.reply.messageId,
        },
        `the provider failed: ${state.failure.message}`,
      );
    }
  } finally {
    // Past its time limit (and not stopped by its user): the partial reply is kept and says why it ended.
    state.expired =
      !!assistantRun?.timeout.aborted && !ctx.abort.signal.aborted && !state.failure && !state.finish;
    ctx.abort.stopListening();
    // A reply that did not finish may leave its request open; a finished one has nothing to cancel.
    if (!state.finish) ctx.upstream?.abort();
    // A first reply that was stopped or failed (or no title model): the first message names the
    // conversation before `final`, so the list never fills with "New Chat" rows.
    // A temporary chat is never titled (SPEC: no title generation).
    if (ctx.turn.isNewConversation && !ctx.conversation.isTemporary && !shouldTitle(ctx, state)) {
      await titleFromFirstMessage(ctx);
    }
    // The run's record is written before `final`, so a client that reads it after the stream sees its end.
    if (assistantRun) await endAssistantRun(ctx, assistantRun, state);
    await finalize(ctx, state, saver);
  }
  if (shouldTitle(ctx, state)) await generateTitle(ctx, state.text);
  // In the background: the next turn uses the summary once it is there, truncation until then.
  const plan = summaryPlan(ctx.deps.settings, { endpoint: ctx.reply.endpoint, resolved: ctx.resolved });
  if (plan && state.failure === undefined) void summarizeLeftOut(ctx, plan);
}
