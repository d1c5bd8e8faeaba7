// A turn refused for what it would cost (balance or budget: 402 before streaming, API.md "Chat") is kept: its
// user message and an error reply are saved like any other failed turn, so a reload shows both and the
// conversation is in the list. The refusal is still the plain JSON error, with the saved turn beside it.
import type { Message } from '@parley/shared/schemas/message';
import { AppError } from '../lib/errors';
import { finalEvent } from './chat-events';
import type { MessageWrite } from './ports';
import type { PreparedTurn, StartInput } from './prepare-turn';
import type { ChatEngineDeps, ReplyIdentity } from './run-context';
import { saveTurn, type SavedTurn } from './save-turn';
import { titleFromMessage } from './title';

/** A refusal for the turn's cost: the balance (`token_balance`) or a budget (`budget_exceeded`). */
const isCostRefusal = (error: unknown): error is AppError =>
  error instanceof AppError && error.status === 402;

/** The error reply's text: the refusal's JSON as the client reads it (SPEC §8: its `type` picks the wording). */
export function refusalText(refusal: AppError): string {
  return JSON.stringify({ ...refusal.details, type: refusal.code ?? 'unknown', message: refusal.message });
}

/** A new conversation is named after its first message, as for any first reply that failed. */
async function titled(deps: ChatEngineDeps, input: StartInput, prepared: PreparedTurn, saved: SavedTurn) {
  const title = titleFromMessage(saved.requestMessage.text);
  if (!prepared.turn.isNewConversation || saved.conversation.isTemporary || title === '') {
    return saved.conversation;
  }
  return deps.conversations
    .setGeneratedTitle(input.userId, prepared.turn.conversationId, title)
    .catch((error: unknown) => {
      deps.logger.warn({ err: error }, 'could not title a refused turn');
      return saved.conversation;
    });
}

async function saveRefusal(
  deps: ChatEngineDeps,
  input: StartInput,
  prepared: PreparedTurn,
  reply: ReplyIdentity,
  refusal: AppError,
) {
  const text = refusalText(refusal);
  const errorReply: MessageWrite = {
    messageId: reply.messageId,
    conversationId: reply.conversationId,
    parentMessageId: reply.parentMessageId,
    sender: reply.sender,
    model: reply.model,
    endpoint: reply.endpoint,
    isEdited: reply.isEdited,
    isCreatedByUser: false,
    text,
    content: [{ type: 'error', error: text }],
    error: true,
    unfinished: false,
    finish_reason: 'error',
    tokenCount: 0,
  };
  // With a new user message the error reply is saved by the turn's statement.
  const saved = await saveTurn(deps, input, prepared, errorReply);
  const responseMessage: Message = saved.reply ?? (await deps.messages.saveMessage(input.userId, errorReply));
  const conversation = await titled(deps, input, prepared, saved);
  return finalEvent(conversation, saved.requestMessage, responseMessage);
}

/**
 * Answers the error the turn is refused with. A cost refusal is saved first (except for a continue, whose
 * reply is the saved one growing: it stays as it was) and then carries `final`, the saved turn as the stream's
 * `final` event would report it; when the save fails the refusal goes out alone. Any other error is unchanged.
 */
export async function keepRefusedTurn(
  deps: ChatEngineDeps,
  input: StartInput,
  prepared: PreparedTurn,
  reply: ReplyIdentity,
  error: unknown,
): Promise<unknown> {
  if (!isCostRefusal(error) || prepared.turn.kind === 'continue') return error;
  try {
    const final = await saveRefusal(deps, input, prepared, reply, error);
    return new AppError(error.status, error.message, {
      ...(error.code ? { code: error.code } : {}),
      details: { ...error.details, final },
      cause: error,
    });
  } catch (cause) {
    deps.logger.warn({ err: cause }, 'could not save a turn refused for its cost');
    return error;
  }
}
