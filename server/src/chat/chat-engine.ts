// The chat engine (ARCHITECTURE.md §4): starts runs, finds them again for resume, stops them from anywhere.
import { randomUUID } from 'node:crypto';
import type { Conversation } from '@parley/shared/schemas/conversation';
import type { Message } from '@parley/shared/schemas/message';
import type { GenerationMeta, LogEntry } from '../coordination/generation-log';
import { notFound } from '../lib/errors';
import { appendEvent, createdEvent, type GenerationDetail } from './chat-events';
import { admitRequest } from './admit-request';
import { acquireMessageSlot } from './message-limits';
import { prepareTurn, type PreparedTurn, type StartInput } from './prepare-turn';
import { concatEntries, mergeSnapshot, parseDetail } from './resume-snapshot';
import { replySender } from './sender';
import type { ChatEngineDeps, RunContext } from './run-context';
import { runGeneration } from './run-generation';
import type { Turn } from './turn';
import type { TurnFiles } from './turn-files';

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
   * Re-attaches to the run being generated for this user in this conversation (404 when none): after
   * `lastEventId`, or from `created` with everything so far merged into one `text` event.
   */
  resume(
    userId: string,
    conversationId: string,
    lastEventId: number | undefined,
    signal: AbortSignal,
  ): Promise<AsyncIterable<LogEntry>>;
  /** Stops that run, wherever it runs, and answers its `final` event's JSON; 404 when none. */
  abort(userId: string, conversationId: string): Promise<string>;
  /** Shutting down: stops this instance's runs and waits (up to `waitMs`) until each is finalized. */
  close(waitMs?: number): Promise<void>;
}

/** This instance's runs, so a shutdown can stop and finalize them instead of cutting them off. */
type LocalRuns = Map<string, Promise<void>>;

const NOTHING_RUNNING = 'Nothing is being generated in this conversation';

async function saveTurn(
  deps: ChatEngineDeps,
  input: StartInput,
  prepared: PreparedTurn,
): Promise<{ conversation: Conversation; requestMessage: Message }> {
  const { userId, body } = input;
  const { turn, context } = prepared;
  const conversation = await deps.conversations.saveConversationForTurn(userId, {
    conversationId: turn.conversationId,
    endpoint: body.endpoint,
    endpointType: body.endpointType ?? null,
    model: body.model,
    options: prepared.options,
  });
  const { userMessage } = turn;
  const requestMessage =
    userMessage.saved ??
    (await deps.messages.saveMessage(userId, {
      messageId: userMessage.messageId,
      conversationId: turn.conversationId,
      parentMessageId: userMessage.parentMessageId,
      sender: 'User',
      text: userMessage.text,
      isCreatedByUser: true,
      endpoint: body.endpoint,
      model: body.model,
      tokenCount: context?.userTokens ?? null,
      ...(prepared.files.metadata.length > 0 ? { files: prepared.files.metadata } : {}),
    }));
  if (context) storeMissingCounts(deps, userId, turn, context.missingCounts);
  if (!userMessage.saved) await markFilesUsed(deps, userId, turn.conversationId, prepared.files);
  return { conversation, requestMessage };
}

/** The files the new user message carries are now used in this conversation (a failure only logs). */
async function markFilesUsed(deps: ChatEngineDeps, userId: string, conversationId: string, files: TurnFiles) {
  const ids = files.metadata.map((file) => file.file_id);
  if (ids.length === 0) return;
  await deps.attachments.markUsed(userId, ids, conversationId).catch((error: unknown) => {
    deps.logger.warn({ err: error }, 'could not mark the message files as used');
  });
}

/** Saves the token counts computed for older messages that had none, so they are counted only once. */
function storeMissingCounts(
  deps: ChatEngineDeps,
  userId: string,
  turn: Turn,
  counts: ReadonlyMap<string, number>,
) {
  const missing = turn.history.filter((message) => counts.has(message.messageId));
  if (missing.length === 0) return;
  Promise.all(
    missing.map((message) =>
      deps.messages.saveMessage(userId, { ...message, tokenCount: counts.get(message.messageId) ?? null }),
    ),
  ).catch((error: unknown) => deps.logger.warn({ err: error }, 'could not store token counts'));
}

async function launch(
  deps: ChatEngineDeps,
  runs: LocalRuns,
  input: StartInput,
  prepared: PreparedTurn,
  ctx: Omit<RunContext, 'writer'>,
) {
  const { turn } = prepared;
  const detail: GenerationDetail = { responseMessageId: turn.responseMessageId, initialText: turn.prefix };
  const writer = await deps.generationLog.open({
    generationId: randomUUID(),
    userId: input.userId,
    conversationId: turn.conversationId,
    detail: JSON.stringify(detail),
  });
  appendEvent(writer, createdEvent(ctx.requestMessage, turn.responseMessageId, turn.conversationId));
  const { generationId } = writer.meta;
  const done = runGeneration({ ...ctx, writer }, prepared.failure)
    .catch((error: unknown) => deps.logger.error({ err: error }, 'a run ended without finalizing'))
    .finally(() => runs.delete(generationId));
  runs.set(generationId, done);
  return generationId;
}

async function start(deps: ChatEngineDeps, runs: LocalRuns, input: StartInput): Promise<StartedGeneration> {
  await admitRequest(deps, input);
  const prepared = await prepareTurn(deps, input);
  const releaseSlot = await acquireMessageSlot(deps.counters, deps.settings, input.userId);
  try {
    const { conversation, requestMessage } = await saveTurn(deps, input, prepared);
    const { turn, resolved, options } = prepared;
    const model = input.body.model;
    const generationId = await launch(deps, runs, input, prepared, {
      deps,
      userId: input.userId,
      turn,
      conversation,
      requestMessage,
      reply: {
        messageId: turn.responseMessageId,
        conversationId: turn.conversationId,
        parentMessageId: turn.userMessage.messageId,
        sender: replySender(options, model, resolved.sender),
        model,
        endpoint: input.body.endpoint,
        isEdited: turn.kind === 'edit-reply' || turn.kind === 'continue',
      },
      resolved,
      provider: prepared.provider,
      request: prepared.request,
      promptTokens: prepared.context?.promptTokens ?? 0,
      countTokens: prepared.countTokens,
      releaseSlot,
    });
    return { generationId, conversationId: turn.conversationId };
  } catch (error) {
    await releaseSlot();
    throw error;
  }
}

async function findRun(
  deps: ChatEngineDeps,
  userId: string,
  conversationId: string,
): Promise<GenerationMeta> {
  const meta = await deps.generationLog.findActive(userId, conversationId);
  if (!meta) throw notFound(NOTHING_RUNNING);
  return meta;
}

async function abort(deps: ChatEngineDeps, userId: string, conversationId: string): Promise<string> {
  const meta = await findRun(deps, userId, conversationId);
  const signal = AbortSignal.timeout(deps.settings.abortWaitMs);
  // Follow the log before asking, so the final entry cannot slip past.
  const entries = deps.generationLog.read(meta.generationId, 0, signal)[Symbol.asyncIterator]();
  const first = entries.next();
  await deps.abortBus.abort(meta.generationId);
  const last = await lastEntry(first, entries);
  if (!last) throw notFound(NOTHING_RUNNING);
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
  conversationId: string,
  lastEventId: number | undefined,
  signal: AbortSignal,
): Promise<AsyncIterable<LogEntry>> {
  const meta = await findRun(deps, userId, conversationId);
  const log = deps.generationLog;
  if (lastEventId !== undefined) return log.read(meta.generationId, lastEventId, signal);
  const stored = await log.snapshot(meta.generationId);
  const upTo = stored.at(-1)?.seq ?? 0;
  const merged = mergeSnapshot(stored, parseDetail(meta.detail), meta.conversationId);
  return concatEntries(merged, () => log.read(meta.generationId, upTo, signal));
}

async function closeRuns(deps: ChatEngineDeps, runs: LocalRuns, waitMs: number): Promise<void> {
  const pending = [...runs.entries()];
  await Promise.all(
    pending.map(([generationId]) => deps.abortBus.abort(generationId).catch(() => undefined)),
  );
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, waitMs).unref());
  await Promise.race([Promise.all(pending.map(([, done]) => done)), timeout]);
}

export function createChatEngine(deps: ChatEngineDeps): ChatEngine {
  const runs: LocalRuns = new Map();
  return {
    start: (input) => start(deps, runs, input),
    follow: (generationId, signal) => deps.generationLog.read(generationId, 0, signal),
    resume: (userId, conversationId, lastEventId, signal) =>
      resume(deps, userId, conversationId, lastEventId, signal),
    abort: (userId, conversationId) => abort(deps, userId, conversationId),
    close: (waitMs = 5_000) => closeRuns(deps, runs, waitMs),
  };
}
