// The moments between a turn's last check and its run: the provider request is already out, the turn is
// saved while the run is registered in the generation log, and an abort arriving meanwhile is kept for the
// run. Nothing is appended to the log before `created`.
import type { GenerationWriter } from '../coordination/generation-log';
import { errorEvent, type GenerationDetail } from './chat-events';
import type { PreparedTurn, StartInput } from './prepare-turn';
import { replyWriteOf, type ChatEngineDeps, type ReplyIdentity, type RunAbort } from './run-context';
import { deletedKey } from './conversation-deleted';
import { saveTurn, type SavedTurn } from './save-turn';

const NOT_STARTED = 'The message could not be saved, so no reply was generated.';

/**
 * Listens for the run's abort from now on, before anything can find the run: its own (Stop), and the
 * deletion of its conversation or of all the user's conversations.
 */
export function listenForAbort(
  deps: ChatEngineDeps,
  generationId: string,
  owner: { userId: string; conversationId: string },
): RunAbort {
  const controller = new AbortController();
  const deleted = () => {
    abort.conversationDeleted = true;
    controller.abort();
  };
  const stops = [
    deps.abortBus.listen(generationId, () => controller.abort()),
    deps.abortBus.listen(deletedKey(owner.userId, owner.conversationId), deleted),
    deps.abortBus.listen(deletedKey(owner.userId), deleted),
  ];
  const abort: RunAbort = {
    signal: controller.signal,
    stopListening: () => stops.forEach((stop) => stop()),
    stop: () => controller.abort(),
    conversationDeleted: false,
  };
  return abort;
}

/** Ends a run registered for a turn that could not be saved; anyone following it is told. */
async function endUnsaved(deps: ChatEngineDeps, writer: GenerationWriter): Promise<void> {
  try {
    await writer.end('error', JSON.stringify(errorEvent('upstream', NOT_STARTED, '')));
  } catch (error) {
    deps.logger.warn({ err: error }, 'could not end the generation log of an unsaved turn');
  }
}

/**
 * Saves the turn (with a new user message, the reply's first save too: what it starts from, unfinished) and
 * registers its run (so it can be aborted or resumed while the turn is saved) at the same time. When either
 * fails, the error is thrown and a registered run is ended; the caller aborts the provider request.
 */
export async function saveAndRegister(
  deps: ChatEngineDeps,
  input: StartInput,
  prepared: PreparedTurn,
  generationId: string,
  reply: ReplyIdentity,
): Promise<SavedTurn & { writer: GenerationWriter }> {
  const { turn } = prepared;
  const firstSave = replyWriteOf(reply, { text: turn.prefix, unfinished: true, error: false });
  const detail: GenerationDetail = { responseMessageId: turn.responseMessageId, initialText: turn.prefix };
  const [saved, opened] = await Promise.allSettled([
    saveTurn(deps, input, prepared, firstSave),
    deps.generationLog.open({
      generationId,
      userId: input.userId,
      conversationId: turn.conversationId,
      detail: JSON.stringify(detail),
      messageIds: [turn.responseMessageId, turn.userMessage.messageId],
    }),
  ]);
  if (saved.status === 'rejected') {
    if (opened.status === 'fulfilled') await endUnsaved(deps, opened.value);
    throw saved.reason;
  }
  if (opened.status === 'rejected') throw opened.reason;
  return { ...saved.value, writer: opened.value };
}
