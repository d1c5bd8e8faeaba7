// Saving a turn before its run: the conversation (with its leaf and context) and a new user message in one
// statement (both or neither), then what may follow in the background.
import type { Conversation } from '@parley/shared/schemas/conversation';
import type { Message } from '@parley/shared/schemas/message';
import { turnContextOf } from './chat-events';
import type { PreparedTurn, StartInput } from './prepare-turn';
import type { MessageWrite, TurnConversation } from './ports';
import type { ChatEngineDeps } from './run-context';
import type { Turn } from './turn';
import type { TurnFiles } from './turn-files';
import { DEFAULT_TEMPORARY_RETENTION_HOURS } from '../sweeper/retention';

const DEFAULT_TEMPORARY_RETENTION_MS = DEFAULT_TEMPORARY_RETENTION_HOURS * 3_600_000;

export interface SavedTurn {
  conversation: Conversation;
  /** The user message the reply answers, as saved. */
  requestMessage: Message;
  /** The reply's first save, when it was made with the turn (a new user message only). */
  reply?: Message | undefined;
}

function userMessageWrite(input: StartInput, prepared: PreparedTurn): MessageWrite {
  const { body } = input;
  const { turn, context, files } = prepared;
  return {
    messageId: turn.userMessage.messageId,
    conversationId: turn.conversationId,
    parentMessageId: turn.userMessage.parentMessageId,
    sender: 'User',
    text: turn.userMessage.text,
    isCreatedByUser: true,
    endpoint: body.endpoint,
    model: body.model,
    tokenCount: context?.userTokens ?? null,
    ...(files.metadata.length > 0 ? { files: files.metadata } : {}),
  };
}

/**
 * Creates or refreshes the conversation and saves a new user message, in one round trip; `reply` (its first
 * save) rides along with a new user message.
 */
export async function saveTurn(
  deps: ChatEngineDeps,
  input: StartInput,
  prepared: PreparedTurn,
  reply?: MessageWrite,
): Promise<SavedTurn> {
  const { userId, body } = input;
  const { turn, context } = prepared;
  const { saved } = turn.userMessage;
  const turnContext = context && turnContextOf(context);
  const conversation: TurnConversation = {
    conversationId: turn.conversationId,
    endpoint: body.endpoint,
    endpointType: body.endpointType ?? null,
    model: body.model,
    options: prepared.options,
    ...(body.isTemporary && turn.isNewConversation
      ? {
          isTemporary: true,
          expiredAt: new Date(
            Date.now() + (deps.settings.temporaryChatRetentionMs ?? DEFAULT_TEMPORARY_RETENTION_MS),
          ),
        }
      : {}),
    // The conversation reopens on this turn's branch (its reply is the newest below the user message), and
    // its context gauge shows this turn's prompt: kept by the same statement.
    currentLeafId: saved?.messageId ?? turn.userMessage.messageId,
    ...(turnContext ? { turnContext } : {}),
  };
  const result = saved
    ? { conversation: await deps.conversations.saveConversationForTurn(userId, conversation), message: saved }
    : await deps.messages.saveTurn(userId, conversation, userMessageWrite(input, prepared), reply);
  if (context) storeMissingCounts(deps, userId, turn, context.missingCounts);
  if (!saved) await markFilesUsed(deps, userId, turn.conversationId, prepared.files);
  return {
    conversation: result.conversation,
    requestMessage: result.message,
    ...('reply' in result && result.reply ? { reply: result.reply } : {}),
  };
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
