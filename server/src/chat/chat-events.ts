// The chat events of API.md "Chat" as the generation log stores them: `type` + JSON.
import type { Conversation } from '@parley/shared/schemas/conversation';
import type { Message } from '@parley/shared/schemas/message';
import type { ChatEvent, TurnContext } from '@parley/shared/stream/events';
import type { ChatErrorKind } from '@parley/shared/errors/chat-error-kinds';
import type { GenerationWriter } from '../coordination/generation-log';
import type { BuiltContext } from './context';

type EventOf<T extends ChatEvent['type']> = Extract<ChatEvent, { type: T }>;

/** What a turn's prompt held, as `created` says it and the conversation keeps it. */
export const turnContextOf = (built: BuiltContext): TurnContext => ({
  windowTokens: built.windowTokens,
  promptTokens: built.promptTokens,
  droppedMessages: built.dropped,
  ...(built.summarizedUpTo ? { summarizedUpTo: built.summarizedUpTo } : {}),
});

export const createdEvent = (
  message: Message,
  responseMessageId: string,
  conversationId: string,
  sender?: string,
  context?: TurnContext,
): EventOf<'created'> => ({
  type: 'created',
  created: true,
  message,
  responseMessageId,
  conversationId,
  ...(sender ? { sender } : {}),
  ...(context ? { context } : {}),
});

export const textEvent = (
  messageId: string,
  conversationId: string,
  text: string,
  offset: number,
): EventOf<'text'> => ({ type: 'text', messageId, conversationId, text, offset });

export const errorEvent = (kind: ChatErrorKind, message: string, text: string): EventOf<'error'> => ({
  type: 'error',
  kind,
  message,
  text,
});

export const finalEvent = (
  conversation: Conversation,
  requestMessage: Message,
  responseMessage: Message,
): EventOf<'final'> => ({
  type: 'final',
  final: true,
  conversation,
  title: conversation.title,
  requestMessage,
  responseMessage,
});

/** Appends a non-final event; returns its seq. */
export const appendEvent = (writer: GenerationWriter, event: ChatEvent): number =>
  writer.append(event.type, JSON.stringify(event));

/** What the generation meta carries for resuming without `Last-Event-ID`. */
export interface GenerationDetail {
  responseMessageId: string;
  /** Reply text there before the run (continue, edit-reply); the merged `text` event starts with it. */
  initialText: string;
}
