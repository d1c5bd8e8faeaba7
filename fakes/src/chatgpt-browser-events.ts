// The ChatGPT web backend's answer stream: every `data:` event carries the WHOLE assistant message so
// far (`message.content.parts[0]`), the last one has `status: finished_successfully`, then `[DONE]`.
import { randomUUID } from 'node:crypto';
import { contentDeltas } from './chat-payloads';
import type { ChatGPTBrowserReply } from './chatgpt-browser-script';
import type { FramePlan } from './play-completion';

export interface ConversationTurn {
  conversationId: string;
  model: string;
  /** The user message this answer replies to. */
  userMessageId: string;
  userText: string;
  assistantMessageId: string;
}

type Status = 'in_progress' | 'finished_successfully';

/** One `data:` payload, or the literal `[DONE]`. */
export type ConversationFrame = Record<string, unknown> | '[DONE]';

const STOP_TOKEN = 100260;

function nowSeconds(): number {
  return Date.now() / 1000;
}

export function newTurn(
  conversationId: string,
  model: string,
  userMessageId: string,
  userText: string,
): ConversationTurn {
  return { conversationId, model, userMessageId, userText, assistantMessageId: randomUUID() };
}

function finishDetails(reply: ChatGPTBrowserReply): Record<string, unknown> {
  const type = reply.finishType ?? 'stop';
  return type === 'stop' ? { type, stop_tokens: [STOP_TOKEN] } : { type };
}

function assistantEvent(
  turn: ConversationTurn,
  text: string,
  status: Status,
  reply: ChatGPTBrowserReply,
): Record<string, unknown> {
  const done = status === 'finished_successfully';
  const metadata: Record<string, unknown> = {
    message_type: 'next',
    model_slug: turn.model,
    parent_id: turn.userMessageId,
    ...(done ? { finish_details: finishDetails(reply), is_complete: true } : {}),
  };
  return {
    message: {
      id: turn.assistantMessageId,
      author: { role: 'assistant', name: null, metadata: {} },
      create_time: nowSeconds(),
      update_time: null,
      content: { content_type: 'text', parts: [text] },
      status,
      end_turn: done ? true : null,
      weight: 1,
      metadata,
      recipient: 'all',
    },
    conversation_id: turn.conversationId,
    error: null,
  };
}

function userEcho(turn: ConversationTurn): Record<string, unknown> {
  return {
    message: {
      id: turn.userMessageId,
      author: { role: 'user', name: null, metadata: {} },
      create_time: nowSeconds(),
      update_time: null,
      content: { content_type: 'text', parts: [turn.userText] },
      status: 'finished_successfully',
      end_turn: null,
      weight: 1,
      metadata: {},
      recipient: 'all',
    },
    conversation_id: turn.conversationId,
    error: null,
  };
}

/** Cumulative texts: `['He', 'llo']` → `['He', 'Hello']`. */
function wholeTexts(deltas: readonly string[]): string[] {
  let soFar = '';
  return deltas.map((delta) => (soFar += delta));
}

export function planConversationStream(
  turn: ConversationTurn,
  reply: ChatGPTBrowserReply,
): FramePlan<ConversationFrame> {
  const texts = wholeTexts(contentDeltas(reply));
  const head = reply.echoUserMessage ? [userEcho(turn)] : [];
  const deltas = texts.map((text) => assistantEvent(turn, text, 'in_progress', reply));
  if (reply.streamError) {
    const { afterChunks, message } = reply.streamError;
    const error = { message: null, conversation_id: turn.conversationId, error: message };
    return { head, deltas: deltas.slice(0, afterChunks), tail: [error, '[DONE]'] };
  }
  const final = assistantEvent(turn, texts.at(-1) ?? '', 'finished_successfully', reply);
  return { head, deltas, tail: [final, '[DONE]'] };
}
