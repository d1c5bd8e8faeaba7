import { abortPath as sharedAbortPath, askPath, editPath } from '@parley/shared/api/chat-paths';
import { paths } from '@parley/shared/api/paths';
import { NO_PARENT } from '@parley/shared/constants';
import type { ChatRequestBody } from '@parley/shared/schemas/chat-request';
import type { EndpointOptions } from '@parley/shared/schemas/endpoint-options';
import type { Message } from '@parley/shared/schemas/message';

/** What the next message is sent with: the endpoint, its model and its options (SPEC §3 Conversation fields). */
export type ConversationSetup = EndpointOptions & {
  endpoint: string;
  endpointType?: string | null;
  model: string;
};

const ASSISTANTS = 'assistants';

/** The kind of an endpoint: its type for a custom one, else its own name. */
export function endpointKind(setup: { endpoint: string; endpointType?: string | null }): string {
  return setup.endpointType ?? setup.endpoint;
}

/** The path segment of an endpoint: a custom endpoint uses its type's path (SPEC §7). */
function segmentOf(setup: { endpoint: string; endpointType?: string | null }): string {
  return setup.endpointType === 'custom' ? 'custom' : setup.endpoint;
}

/** `/api/ask/{x}` or `/api/edit/{x}`. */
export function chatPath(
  route: 'ask' | 'edit',
  setup: { endpoint: string; endpointType?: string | null },
): string {
  // API.md "Assistants and actions": every run of an assistant, asked or regenerated, is one route.
  if (setup.endpoint === ASSISTANTS) return paths.assistantsChat;
  return route === 'ask' ? askPath(segmentOf(setup)) : editPath(segmentOf(setup));
}

export function abortPath(setup: { endpoint: string; endpointType?: string | null }): string {
  if (setup.endpoint === ASSISTANTS) return paths.assistantsChatAbort;
  return sharedAbortPath('ask', segmentOf(setup));
}

/** A file that goes with a user message (SPEC §3 Message `files`). */
export type MessageFile = NonNullable<Message['files']>[number];

/** The four ways a reply is asked for (ARCHITECTURE §4 "places the turn in the tree"). */
export type Submission =
  | { kind: 'new'; text: string; parent: Message | null; files?: readonly MessageFile[] }
  | { kind: 'regenerate'; userMessage: Message }
  | { kind: 'edit-user'; userMessage: Message; text: string }
  | { kind: 'edit-reply'; userMessage: Message; reply: Message; text: string }
  | { kind: 'continue'; userMessage: Message; reply: Message };

export interface ChatCall {
  path: string;
  body: ChatRequestBody;
}

/** SPEC §4: files go as `files: [{file_id, …}]`; no key at all when there are none. */
function filesOf(files: readonly MessageFile[] | undefined): Pick<ChatRequestBody, 'files'> {
  return files && files.length > 0 ? { files: [...files] } : {};
}

/** Options travel flattened beside the message fields; `null`s and empty strings are left out. */
function options(setup: ConversationSetup): ChatRequestBody {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(setup)) {
    if (value !== null && value !== undefined && value !== '') body[key] = value;
  }
  return body as ChatRequestBody;
}

/**
 * The request for a submission (LibreChat semantics, API.md "Chat"): a new ask; regenerate re-sends the
 * user message under its id; editing a user message asks again beside it (a sibling with the new text);
 * editing or continuing a reply goes to /api/edit with the reply's id and its text as `generation`.
 */
export function buildChatCall(
  submission: Submission,
  setup: ConversationSetup,
  conversationId: string | null,
): ChatCall {
  const base = { ...options(setup), conversationId };
  switch (submission.kind) {
    case 'new':
      return {
        path: chatPath('ask', setup),
        body: {
          ...base,
          text: submission.text.trim(),
          parentMessageId: submission.parent?.messageId ?? NO_PARENT,
          ...filesOf(submission.files),
        },
      };
    case 'regenerate':
      return {
        path: chatPath('ask', setup),
        body: {
          ...base,
          text: submission.userMessage.text,
          parentMessageId: submission.userMessage.parentMessageId,
          overrideParentMessageId: submission.userMessage.messageId,
          isRegenerate: true,
          ...filesOf(submission.userMessage.files),
        },
      };
    case 'edit-user':
      return {
        path: chatPath('ask', setup),
        body: {
          ...base,
          text: submission.text.trim(),
          parentMessageId: submission.userMessage.parentMessageId,
          overrideParentMessageId: submission.userMessage.messageId,
          isEdited: true,
          ...filesOf(submission.userMessage.files),
        },
      };
    case 'edit-reply':
      return {
        path: chatPath('edit', setup),
        body: {
          ...base,
          text: submission.userMessage.text,
          parentMessageId: submission.userMessage.parentMessageId,
          overrideParentMessageId: submission.userMessage.messageId,
          responseMessageId: submission.reply.messageId,
          generation: submission.text,
          isEdited: true,
          isContinued: false,
        },
      };
    case 'continue':
      return {
        path: chatPath('edit', setup),
        body: {
          ...base,
          text: submission.userMessage.text,
          parentMessageId: submission.userMessage.parentMessageId,
          overrideParentMessageId: submission.userMessage.messageId,
          responseMessageId: submission.reply.messageId,
          generation: submission.reply.text,
          isContinued: true,
          isEdited: true,
          isRegenerate: true,
        },
      };
  }
}
