// `POST /backend-api/conversation`: checks the body as the backend does, keeps the conversation tree,
// takes the next scripted reply and streams it as whole-message events.
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { chatGPTError, fieldError, scriptedChatGPTError } from './chatgpt-browser-errors';
import type { ChatGPTErrorBody } from './chatgpt-browser-errors';
import { newTurn, planConversationStream } from './chatgpt-browser-events';
import type { ConversationFrame } from './chatgpt-browser-events';
import type { ChatGPTBrowserReply } from './chatgpt-browser-script';
import { sendJson } from './http-io';
import { playStream } from './play-completion';
import type { ScriptQueue } from './script-queue';
import { pause, writeData } from './sse';

type Obj = Record<string, unknown>;

/** conversation id → the ids of its messages. */
export type ConversationStore = Map<string, Set<string>>;

interface NextRequest {
  model: string;
  conversationId: string | null;
  parentMessageId: string;
  userMessageId: string;
  userText: string;
}

type Checked = { ok: true; value: NextRequest } | { ok: false; status: number; error: ChatGPTErrorBody };

const DEFAULT_REPLY: ChatGPTBrowserReply = { text: 'Hello from the fake ChatGPT.' };

function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function invalid(field: string, msg: string): Checked {
  return { ok: false, status: 422, error: fieldError(field, msg) };
}

/** The single user message of an `action: next` request: `{id, author: {role: 'user'}, content: {content_type: 'text', parts}}`. */
function checkMessage(messages: unknown): { id: string; text: string } | string {
  if (!Array.isArray(messages) || messages.length !== 1) return 'exactly one message is required';
  const [message] = messages as unknown[];
  if (!isObj(message) || typeof message.id !== 'string') return 'message id: field required';
  if (!isObj(message.author) || message.author.role !== 'user') return "author.role: must be 'user'";
  const content = message.content;
  if (!isObj(content) || content.content_type !== 'text') return "content.content_type: must be 'text'";
  const parts = content.parts;
  if (!Array.isArray(parts) || !parts.every((p) => typeof p === 'string')) {
    return 'content.parts: must be a list of strings';
  }
  return { id: message.id, text: parts.join('\n') };
}

function checkBody(body: unknown, store: ConversationStore): Checked {
  if (!isObj(body)) return invalid('body', 'field required');
  if (body.action !== 'next') return invalid('action', "only 'next' is supported by the fake");
  if (typeof body.model !== 'string' || body.model === '') return invalid('model', 'field required');
  if (typeof body.parent_message_id !== 'string') return invalid('parent_message_id', 'field required');
  const message = checkMessage(body.messages);
  if (typeof message === 'string') return invalid('messages', message);
  const conversationId = body.conversation_id ?? null;
  if (conversationId !== null) {
    if (typeof conversationId !== 'string') return invalid('conversation_id', 'str type expected');
    const known = store.get(conversationId);
    if (!known) return { ok: false, status: 404, error: chatGPTError(404) };
    if (!known.has(body.parent_message_id)) {
      return { ok: false, status: 400, error: { detail: 'Parent message not found in the conversation.' } };
    }
  }
  return {
    ok: true,
    value: {
      model: body.model,
      conversationId,
      parentMessageId: body.parent_message_id,
      userMessageId: message.id,
      userText: message.text,
    },
  };
}

export async function handleConversation(
  res: ServerResponse,
  body: unknown,
  queue: ScriptQueue<ChatGPTBrowserReply>,
  store: ConversationStore,
  signal: AbortSignal,
): Promise<void> {
  const checked = checkBody(body, store);
  if (!checked.ok) {
    sendJson(res, checked.status, checked.error);
    return;
  }
  const request = checked.value;
  const reply = queue.take() ?? DEFAULT_REPLY;
  if (reply.error) {
    const error = reply.error;
    await pause(reply.firstChunkDelayMs ?? 0, signal).catch(() => undefined);
    if (!signal.aborted) sendJson(res, error.status, scriptedChatGPTError(error), error.headers);
    return;
  }
  const conversationId = request.conversationId ?? randomUUID();
  const turn = newTurn(conversationId, request.model, request.userMessageId, request.userText);
  const messages = store.get(conversationId) ?? new Set<string>();
  store.set(conversationId, messages.add(turn.userMessageId).add(turn.assistantMessageId));
  const plan = planConversationStream(turn, reply);
  await playStream<ConversationFrame>(res, plan, reply, writeData, signal);
}
