// The `POST …/backend-api/conversation` request: `action: next` with the latest user message; the
// conversation and parent ids only when both are known from the previous turn, else a fresh parent id.
import { randomUUID } from 'node:crypto';
import { ProviderError } from '../types';
import type { ChatRequest, PromptMessage } from '../types';
import { readContinuation } from './chatgpt-browser-state';

/** Where the web app posts; reverse proxies expose the same route under their own URL. */
export const DEFAULT_CONVERSATION_URL = 'https://chatgpt.com/backend-api/conversation';
export const DEFAULT_CHATGPT_BROWSER_MODEL = 'text-davinci-002-render-sha';

export interface ConversationBody {
  action: 'next';
  messages: Array<{
    id: string;
    author: { role: 'user' };
    role: 'user';
    content: { content_type: 'text'; parts: string[] };
  }>;
  conversation_id?: string;
  parent_message_id: string;
  model: string;
}

export interface ConversationRequest {
  url: string;
  headers: Record<string, string>;
  body: ConversationBody;
  /** The text sent, for counting input tokens. */
  text: string;
}

function textOf(message: PromptMessage): string {
  return message.parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n');
}

/** The backend keeps the history itself: only the latest user message is sent. */
function latestUserText(req: ChatRequest): string {
  const latest = req.messages.findLast((message) => message.role === 'user');
  const text = latest ? textOf(latest) : '';
  if (text.trim() === '')
    throw new ProviderError('bad_request', 'There is no user message to send to ChatGPT.');
  return text;
}

export function buildConversationRequest(req: ChatRequest): ConversationRequest {
  const continuation = readContinuation(req.params.providerState);
  const latest = latestUserText(req);
  // No system role here: a system prompt opens a new conversation as part of its first message.
  const text = !continuation && req.system ? `${req.system}\n\n${latest}` : latest;
  const body: ConversationBody = {
    action: 'next',
    messages: [
      {
        id: randomUUID(),
        author: { role: 'user' },
        role: 'user',
        content: { content_type: 'text', parts: [text] },
      },
    ],
    ...(continuation ? { conversation_id: continuation.conversationId } : {}),
    parent_message_id: continuation?.parentMessageId ?? randomUUID(),
    model: req.model || DEFAULT_CHATGPT_BROWSER_MODEL,
  };
  const headers: Record<string, string> = {
    ...req.credentials.headers,
    accept: 'text/event-stream',
    'content-type': 'application/json',
    ...(req.credentials.apiKey ? { authorization: `Bearer ${req.credentials.apiKey}` } : {}),
  };
  return { url: req.credentials.baseURL || DEFAULT_CONVERSATION_URL, headers, body, text };
}
