import type { ChatEvent } from '@parley/shared/stream/events';
import { textOfContent } from '@parley/shared/messages/content-text';
import type { ContentPart, Message } from '@parley/shared/schemas/message';

/**
 * Which messages a running reply writes to. Until `created` names them, they are the client's placeholders;
 * for continue both are the saved ones from the start.
 */
export interface StreamTarget {
  conversationId: string | null;
  userMessageId: string;
  responseMessageId: string;
}

export interface StreamState {
  messages: readonly Message[];
  target: StreamTarget;
}

/** A reply that has not come back yet: what the placeholder looks like until the first delta. */
export function placeholderReply(init: {
  messageId: string;
  parentMessageId: string;
  conversationId: string;
  sender: string;
  model?: string | null;
  endpoint?: string | null;
  text?: string;
  now: string;
}): Message {
  return {
    messageId: init.messageId,
    conversationId: init.conversationId,
    parentMessageId: init.parentMessageId,
    sender: init.sender,
    text: init.text ?? '',
    isCreatedByUser: false,
    model: init.model ?? null,
    endpoint: init.endpoint ?? null,
    error: false,
    unfinished: false,
    isEdited: false,
    createdAt: init.now,
    updatedAt: init.now,
  };
}

function replaceWhere(
  messages: readonly Message[],
  matches: (message: Message) => boolean,
  update: (message: Message) => Message,
): Message[] {
  return messages.map((message) => (matches(message) ? update(message) : message));
}

/** Puts `message` in place of the one with id `oldId` (or of its own id), or adds it. */
function upsert(
  messages: readonly Message[],
  message: Message,
  oldId: string = message.messageId,
): Message[] {
  let found = false;
  const next: Message[] = [];
  for (const current of messages) {
    if (current.messageId === oldId || current.messageId === message.messageId) {
      if (!found) next.push(message);
      found = true;
    } else {
      next.push(current);
    }
  }
  if (!found) next.push(message);
  return next;
}

/** A text delta lands at its offset, so a resumed stream that repeats text never doubles it. */
export function spliceText(text: string, delta: string, offset: number): string {
  if (offset <= text.length) return text.slice(0, offset) + delta;
  // A gap (events lost): keep what we have; `final` brings the saved text.
  return text + delta;
}

/** Puts `part` at `index`; a part that arrives before those under it leaves empty text parts to fill. */
function setPart(
  content: readonly ContentPart[] | undefined,
  index: number,
  part: ContentPart,
): ContentPart[] {
  const next = [...(content ?? [])];
  while (next.length < index) next.push({ type: 'text', text: '' });
  next[index] = part;
  return next;
}

/** A text delta: into the reply's text, or into the text part at `index` (the text then joins the parts). */
function applyText(message: Message, delta: string, offset: number, index: number | undefined): Message {
  if (index === undefined) return { ...message, text: spliceText(message.text, delta, offset) };
  const current = message.content?.[index];
  const before = current?.type === 'text' ? current.text : '';
  const content = setPart(message.content, index, { type: 'text', text: spliceText(before, delta, offset) });
  return { ...message, content, text: textOfContent(content) };
}

/** A content part changed: a text part also changes the reply's text. */
function applyPart(message: Message, index: number, part: ContentPart): Message {
  const content = setPart(message.content, index, part);
  return part.type === 'text'
    ? { ...message, content, text: textOfContent(content) }
    : { ...message, content };
}

/**
 * The one reducer of a chat stream (ARCHITECTURE §5): applies an event to a conversation's flat messages.
 * Untouched messages keep their identity, so only the streaming message re-renders.
 */
export function applyChatEvent(state: StreamState, event: ChatEvent, now: string): StreamState {
  const { messages, target } = state;
  switch (event.type) {
    case 'created': {
      const userMessage = event.message;
      const conversationId = event.conversationId;
      const oldReply = messages.find((m) => m.messageId === target.responseMessageId);
      const reply: Message = oldReply
        ? {
            ...oldReply,
            messageId: event.responseMessageId,
            parentMessageId: userMessage.messageId,
            conversationId,
            sender: event.sender ?? oldReply.sender,
          }
        : placeholderReply({
            messageId: event.responseMessageId,
            parentMessageId: userMessage.messageId,
            conversationId,
            sender: event.sender ?? '',
            now,
          });
      let next = upsert(messages, userMessage, target.userMessageId);
      next = upsert(next, reply, target.responseMessageId);
      next = next.map((m) => (m.conversationId === conversationId ? m : { ...m, conversationId }));
      return {
        messages: next,
        target: {
          conversationId,
          userMessageId: userMessage.messageId,
          responseMessageId: event.responseMessageId,
        },
      };
    }
    case 'sync':
      return { messages, target: { ...target, conversationId: event.conversationId } };
    case 'text':
      return {
        messages: replaceWhere(
          messages,
          (m) => m.messageId === event.messageId,
          (m) => applyText(m, event.text, event.offset, event.index),
        ),
        target,
      };
    case 'content':
      return {
        messages: replaceWhere(
          messages,
          (m) => m.messageId === event.messageId,
          (m) => applyPart(m, event.index, event.part),
        ),
        target,
      };
    case 'error':
      // Before any text or part the reply becomes the error; after some, it is a partial reply. `final`
      // confirms either.
      return {
        messages: replaceWhere(
          messages,
          (m) => m.messageId === target.responseMessageId,
          (m) =>
            m.text === '' && !m.content?.length
              ? { ...m, text: event.text, error: true }
              : { ...m, unfinished: true },
        ),
        target,
      };
    case 'final': {
      const { requestMessage, responseMessage } = event;
      let next = upsert(messages, requestMessage, target.userMessageId);
      next = upsert(next, responseMessage, target.responseMessageId);
      return {
        messages: next,
        target: {
          conversationId: event.conversation.conversationId,
          userMessageId: requestMessage.messageId,
          responseMessageId: responseMessage.messageId,
        },
      };
    }
  }
}

/** Applies a batch of events in order (one animation frame's worth). */
export function applyChatEvents(state: StreamState, events: readonly ChatEvent[], now: string): StreamState {
  return events.reduce((current, event) => applyChatEvent(current, event, now), state);
}
