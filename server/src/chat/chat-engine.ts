// The chat engine (ARCHITECTURE.md §4): starts runs, finds them again for resume, stops them from anywhere.
import { randomUUID } from 'node:crypto';
import type { GenerationMeta, LogEntry } from '../coordination/generation-log';
import { notFound } from '../lib/errors';
import { admitRequest } from './admit-request';
import { listenForAbort, saveAndRegister } from './begin-run';
import { appendEvent, createdEvent, turnContextOf } from './chat-events';
import type { RunFailure } from './drive-provider';
import { acquireMessageSlot, type ReleaseSlot } from './message-limits';
import type { BudgetHold } from './ports';
import { prepareTurn, type PreparedTurn, type StartInput } from './prepare-turn';
import { concatEntries, mergeSnapshot, parseDetail } from './resume-snapshot';
import type { ChatEngineDeps, ReplyIdentity, RunContext } from './run-context';
import { runGeneration } from './run-generation';
import { admitCost } from './turn-cost';
import { replySender } from '@parley/shared/messages/reply-sender';
import { onFirstEvent, startUpstream, type Upstream } from './upstream';

export type { StartInput } from './prepare-turn';

export interface StartedGeneration {
  generationId: string;
  conversationId: string;
}

export interface ChatEngine {
  /** Checks, places and saves the turn, emits `created` and starts the run; throws AppError before that. */
  start(input: StartInput): Promise<StartedGeneration>;
  /** Every event of a run from the first, then live ones through `final`. */
  follow(generationId: string, signal: AbortSignal): AsyncIterable<LogEntry>;
  /**
   * Re-attaches to the run being generated for this user under `key` (404 when none): after `lastEventId`, or
   * from `created` with everything so far merged into one `text` event. `key` is a conversation id (its latest
   * run) or `<conversationId>:<messageId>` (the run of that reply or user message).
   */
  resume(
    userId: string,
    key: string,
    lastEventId: number | undefined,
    signal: AbortSignal,
  ): Promise<AsyncIterable<LogEntry>>;
  /** Stops the run under `key` (as `resume` reads it), wherever it runs, and answers its `final` event's JSON; 404 when none. */
  abort(userId: string, key: string): Promise<string>;
  /** Shutting down: stops this instance's runs and waits (up to `waitMs`) until each is finalized. */
  close(waitMs?: number): Promise<void>;
}

/** This instance's runs, so a shutdown can stop and finalize them instead of cutting them off. */
type LocalRuns = Map<string, Promise<void>>;

const NOTHING_RUNNING = 'Nothing is being generated in this conversation';

/** Appends `created` and starts the run; from then on it always ends in `final`. */
function launch(runs: LocalRuns, ctx: RunContext, failure: RunFailure | undefined): void {
  const { deps, writer } = ctx;
  appendEvent(
    writer,
    createdEvent(
      ctx.requestMessage,
      ctx.reply.messageId,
      ctx.reply.conversationId,
      ctx.reply.sender,
      ctx.context && turnContextOf(ctx.context),
    ),
  );
  if (ctx.assistantRun) {
    const { conversationId } = ctx.reply;
    appendEvent(writer, { type: 'sync', conversationId, thread_id: ctx.assistantRun.threadId });
  }
  const { generationId } = writer.meta;
  const done = runGeneration(ctx, failure)
    .catch((error: unknown) => deps.logger.error({ err: error }, 'a run ended without finalizing'))
    .finally(() => runs.delete(generationId));
  runs.set(generationId, done);
}

function replyOf(input: StartInput, prepared: PreparedTurn): ReplyIdentity {
  const { turn, resolved, options } = prepared;
  const model = input.body.model;
  return {
    messageId: turn.responseMessageId,
    conversationId: turn.conversationId,
    parentMessageId: turn.userMessage.messageId,
    sender: input.assistant?.sender ?? replySender(options, model, resolved.sender),
    model,
    endpoint: input.body.endpoint,
    isEdited: turn.kind === 'edit-reply' || turn.kind === 'continue',
    sources: prepared.files.sources,
  };
}

/** An assistant's run is `queued` until its model's first answer arrives, then `in_progress`. */
function watchStart(upstream: Upstream | undefined, run: RunContext['assistantRun']): Upstream | undefined {
  return run && upstream ? onFirstEvent(upstream, () => run.progress('in_progress')) : upstream;
}

/** Gives a budget reservation back when the turn will not run. */
async function releaseHold(deps: ChatEngineDeps, hold: BudgetHold | undefined): Promise<void> {
  await hold?.release().catch((error: unknown) => {
    deps.logger.warn({ err: error }, 'could not release a budget reservation');
  });
}

/**
 * Once every check has passed (limits, moderation, the balance and budgets for the prompt), the provider
 * request goes out while the turn is saved (in a conversation known to be the caller's or new; else after the
 * save); its events wait until `created` is in the log. A turn that cannot be saved aborts the request and
 * throws.
 */
async function start(deps: ChatEngineDeps, runs: LocalRuns, input: StartInput): Promise<StartedGeneration> {
  await admitRequest(deps, input);
  const prepared = await prepareTurn(deps, input);
  const reply = replyOf(input, prepared);
  const budgetHold = await admitCost(deps, input, prepared, reply);
  let releaseSlot: ReleaseSlot;
  try {
    releaseSlot = await acquireMessageSlot(deps.counters, deps.settings, input.userId);
  } catch (error) {
    await releaseHold(deps, budgetHold);
    throw error;
  }
  const send = () => (prepared.request ? startUpstream(prepared.provider, prepared.request) : undefined);
  let upstream = prepared.ownConversation ? send() : undefined;
  const generationId = randomUUID();
  const abort = listenForAbort(deps, generationId, {
    userId: input.userId,
    conversationId: prepared.turn.conversationId,
  });
  let saved: Awaited<ReturnType<typeof saveAndRegister>>;
  try {
    saved = await saveAndRegister(deps, input, prepared, generationId, reply);
  } catch (error) {
    upstream?.abort();
    abort.stopListening();
    await releaseSlot();
    await releaseHold(deps, budgetHold);
    throw error;
  }
  upstream ??= send();
  const { turn } = prepared;
  let assistantRun: RunContext['assistantRun'];
  try {
    assistantRun = await input.assistant?.begin({
      conversationId: turn.conversationId,
      messageId: turn.responseMessageId,
      stopped: abort.signal,
    });
  } catch (error) {
    upstream?.abort();
    abort.stopListening();
    await releaseSlot();
    await releaseHold(deps, budgetHold);
    await saved.writer.end('error', '{}').catch(() => undefined);
    throw error;
  }
  launch(
    runs,
    {
      deps,
      userId: input.userId,
      turn,
      writer: saved.writer,
      conversation: saved.conversation,
      requestMessage: saved.requestMessage,
      reply,
      resolved: prepared.resolved,
      provider: prepared.provider,
      request: prepared.request,
      upstream: watchStart(upstream, assistantRun),
      abort,
      promptTokens: prepared.context?.promptTokens ?? 0,
      context: prepared.context,
      countTokens: prepared.countTokens,
      releaseSlot,
      budgetHold,
      agent: prepared.agent,
      assistantRun,
      notice: prepared.notice,
      replyStarted: saved.reply !== undefined,
    },
    prepared.failure,
  );
  return { generationId, conversationId: turn.conversationId };
}

/** `<conversationId>` or `<conversationId>:<messageId>` (API.md abort keys). */
function parseRunKey(key: string): { conversationId: string; messageId?: string } {
  const [conversationId = '', messageId, extra] = key.split(':');
  if (extra !== undefined || messageId === '') throw notFound(NOTHING_RUNNING);
  return messageId === undefined ? { conversationId } : { conversationId, messageId };
}

async function findRun(deps: ChatEngineDeps, userId: string, key: string): Promise<GenerationMeta> {
  const { conversationId, messageId } = parseRunKey(key);
  const meta = await deps.generationLog.findActive(userId, conversationId, messageId);
  if (!meta) throw notFound(NOTHING_RUNNING);
  return meta;
}

async function abort(deps: ChatEngineDeps, userId: string, key: string): Promise<string> {
  const meta = await findRun(deps, userId, key);
  const signal = AbortSignal.timeout(deps.settings.abortWaitMs);
  // Follow the log before asking, so the final entry cannot slip past.
  const entries = deps.generationLog.read(meta.generationId, 0, signal)[Symbol.asyncIterator]();
  const first = entries.next();
  await deps.abortBus.abort(meta.generationId);
  const last = await lastEntry(first, entries);
  // A run whose turn could not be saved ends without `final`: nothing was generated there.
  if (last?.type !== 'final') throw notFound(NOTHING_RUNNING);
  return last.data;
}

async function lastEntry(
  first: Promise<IteratorResult<LogEntry>>,
  rest: AsyncIterator<LogEntry>,
): Promise<LogEntry | undefined> {
  for (let next = await first; !next.done; next = await rest.next()) {
    if (next.value.last) return next.value;
  }
  return undefined;
}

async function resume(
  deps: ChatEngineDeps,
  userId: string,
  key: string,
  lastEventId: number | undefined,
  signal: AbortSignal,
): Promise<AsyncIterable<LogEntry>> {
  const meta = await findRun(deps, userId, key);
  const log = deps.generationLog;
  if (lastEventId !== undefined) return log.read(meta.generationId, lastEventId, signal);
  const stored = await log.snapshot(meta.generationId);
  const upTo = stored.at(-1)?.seq ?? 0;
  const merged = mergeSnapshot(stored, parseDetail(meta.detail), meta.conversationId);
  return concatEntries(merged, () => log.read(meta.generationId, upTo, signal));
}

async function closeRuns(deps: ChatEngineDeps, runs: LocalRuns, waitMs: number): Promise<void> {
  if (deps.lifecycle) deps.lifecycle.stopping = true;
  const pending = [...runs.entries()];
  await Promise.all(
    pending.map(([generationId]) => deps.abortBus.abort(generationId).catch(() => undefined)),
  );
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, waitMs).unref());
  await Promise.race([Promise.all(pending.map(([, done]) => done)), timeout]);
}

export function createChatEngine(given: ChatEngineDeps): ChatEngine {
  const deps: ChatEngineDeps = { ...given, lifecycle: { stopping: false } };
  const runs: LocalRuns = new Map();
  return {
    start: (input) => start(deps, runs, input),
    follow: (generationId, signal) => deps.generationLog.read(generationId, 0, signal),
    resume: (userId, key, lastEventId, signal) => resume(deps, userId, key, lastEventId, signal),
    abort: (userId, key) => abort(deps, userId, key),
    close: (waitMs = 5_000) => closeRuns(deps, runs, waitMs),
  };
}
