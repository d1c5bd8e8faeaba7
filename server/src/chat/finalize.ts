// The one end of every run (STYLE.md habit 5): finish, abort, provider error, drop, silence, a prompt that
// does not fit, a deleted conversation. Saves the reply, records usage, keeps the provider's state, emits `final`, gives the concurrency slot back. Never throws.
import { encodeChatErrorText } from '@parley/shared/errors/chat-error-kinds';
import { PROVIDER_STOPPED, RUN_EXPIRED } from '@parley/shared/schemas/message';
import type { BudgetWarning } from '@parley/shared/schemas/budget';
import type { ContentPart, Message } from '@parley/shared/schemas/message';
import { appendEvent, errorEvent, finalEvent } from './chat-events';
import { CONVERSATION_DELETED } from './conversation-deleted';
import { savedFinishReason } from './drive-provider';
import type { PartialSaver } from './partial-saver';
import type { MessageWrite } from './ports';
import { saveProviderState } from './provider-state';
import { replyWrite, type ReplyState, type RunContext } from './run-context';
import { saveReply } from './save-reply';

const UNSAVED =
  'The reply could not be saved because the database is unavailable; a reload will not show it.';

interface SavedOutcome {
  text: string;
  content?: ContentPart[];
  error: boolean;
  unfinished: boolean;
  finish_reason: string;
}

function outcomeOf(state: ReplyState, stoppedByUser: boolean): SavedOutcome {
  const outcome = plainOutcomeOf(state, stoppedByUser);
  const parts = state.content;
  if (!parts || parts.length === 0) return outcome;
  // A tool loop reply keeps its parts (the error after them); its text is its text parts.
  const errorPart = outcome.error ? (outcome.content ?? []) : [];
  return {
    ...outcome,
    text: outcome.error ? state.text || outcome.text : state.text,
    content: [...parts, ...errorPart],
  };
}

/**
 * A reply its user stopped is complete as far as they are concerned: `incomplete` (Continue is offered) but
 * not `unfinished`, so no "cut off" notice. A reply cut off otherwise (the provider's stream ended without a
 * finish, the server shutting down) stays `unfinished`; one its provider stopped answering says so
 * (`PROVIDER_STOPPED`).
 */
function plainOutcomeOf(state: ReplyState, stoppedByUser: boolean): SavedOutcome {
  const { failure, text } = state;
  if (failure && text === '') {
    const errorText = encodeChatErrorText({ type: failure.kind, message: failure.message });
    return {
      text: errorText,
      content: [{ type: 'error', error: errorText }],
      error: true,
      unfinished: false,
      finish_reason: 'error',
    };
  }
  if (failure) {
    const finish_reason = failure.providerStopped ? PROVIDER_STOPPED : 'error';
    return { text, error: false, unfinished: true, finish_reason };
  }
  // Cut off at the assistants run's time limit: not the user's stop, so it is unfinished, and the web says why.
  if (state.expired) return { text, error: false, unfinished: true, finish_reason: RUN_EXPIRED };
  if (state.aborted || !state.finish)
    return { text, error: false, unfinished: !stoppedByUser, finish_reason: 'incomplete' };
  return { text, error: false, unfinished: false, finish_reason: savedFinishReason(state.finish) };
}

/** A reply that could not be saved is still reported in `final` (after an `error` event saying so). */
function asMessage(write: MessageWrite, createdAt: string): Message {
  const now = new Date().toISOString();
  return {
    messageId: write.messageId,
    conversationId: write.conversationId,
    parentMessageId: write.parentMessageId,
    sender: write.sender,
    text: write.text,
    ...(write.content ? { content: write.content } : {}),
    isCreatedByUser: write.isCreatedByUser,
    model: write.model ?? null,
    endpoint: write.endpoint ?? null,
    error: write.error ?? false,
    unfinished: write.unfinished ?? false,
    finish_reason: write.finish_reason ?? null,
    isEdited: write.isEdited ?? false,
    tokenCount: write.tokenCount ?? null,
    ...(write.sources ? { sources: write.sources } : {}),
    createdAt,
    updatedAt: now,
  };
}

/** The ledger's kind of a reply: an assistants run, a plugins reply with tools, or a plain chat reply. */
const replyKind = (ctx: RunContext) => (ctx.assistantRun ? 'assistant' : ctx.agent ? 'agent' : 'chat');

/**
 * Bills the reply (settling its budget reservation in the same statement); a reply without a model call to
 * bill gives its reservation back instead.
 */
async function recordUsage(ctx: RunContext, state: ReplyState): Promise<void> {
  const hold = ctx.budgetHold;
  if (!ctx.request || (state.failure && state.text === '')) {
    await hold?.release().catch((error: unknown) => {
      ctx.deps.logger.warn({ err: error }, 'could not release a budget reservation');
    });
    return;
  }
  const { balance } = ctx.deps;
  const generated = state.text.slice(ctx.turn.prefix.length);
  const usage = state.finish?.usage;
  try {
    await balance.recordUsage(ctx.userId, {
      conversationId: ctx.reply.conversationId,
      messageId: ctx.reply.messageId,
      endpoint: ctx.reply.endpoint,
      model: ctx.reply.model,
      promptTokens: usage?.inputTokens ?? ctx.promptTokens,
      completionTokens: usage?.outputTokens ?? ctx.countTokens(generated),
      kind: replyKind(ctx),
      incomplete: state.aborted,
      reservationId: hold?.reservationId,
    });
  } catch (error) {
    ctx.deps.logger.error({ err: error, messageId: ctx.reply.messageId }, 'could not record usage');
    await hold?.release().catch(() => undefined);
  }
}

/** `final.budgets`: the turn's budgets at or above their warning percentage (none when that cannot be read). */
async function budgetWarnings(ctx: RunContext): Promise<{ budgets?: BudgetWarning[] }> {
  if (!ctx.budgetHold) return {};
  try {
    const warnings = await ctx.budgetHold.warnings();
    return warnings.length > 0 ? { budgets: warnings } : {};
  } catch (error) {
    ctx.deps.logger.warn({ err: error }, 'could not read the budgets of a turn');
    return {};
  }
}

/** Returns the saved reply as `final` reported it. */
export async function finalize(ctx: RunContext, state: ReplyState, saver: PartialSaver): Promise<Message> {
  await saver.stop();
  const outcome = outcomeOf(state, state.aborted && !ctx.deps.lifecycle?.stopping);
  if (state.failure)
    appendEvent(ctx.writer, errorEvent(state.failure.kind, state.failure.message, outcome.text));
  const tokenCount = outcome.error ? 0 : ctx.countTokens(outcome.text);
  const write = replyWrite(ctx, { ...outcome, tokenCount });
  // A deleted conversation has nowhere to keep the reply: nothing is saved and nothing failed.
  const saved = ctx.abort.conversationDeleted ? undefined : await saveReply(ctx, write);
  const deleted = ctx.abort.conversationDeleted;
  // Never reported as saved when it was not: the client is told, and keeps the text it was shown.
  if (!saved && !deleted) appendEvent(ctx.writer, errorEvent('upstream', UNSAVED, outcome.text));
  const responseMessage = saved ?? asMessage(write, ctx.requestMessage.createdAt);
  await recordUsage(ctx, state);
  const conversation = deleted ? ctx.conversation : await saveProviderState(ctx, state.providerState);
  const final = {
    ...finalEvent(conversation, ctx.requestMessage, responseMessage),
    ...(deleted ? { info: CONVERSATION_DELETED } : {}),
    ...(await budgetWarnings(ctx)),
  };
  try {
    await ctx.writer.end(final.type, JSON.stringify(final));
  } catch (error) {
    ctx.deps.logger.error({ err: error, messageId: ctx.reply.messageId }, 'could not end the generation log');
  }
  await ctx.releaseSlot().catch((error: unknown) => {
    ctx.deps.logger.warn({ err: error }, 'could not release the concurrent-message slot');
  });
  return responseMessage;
}
