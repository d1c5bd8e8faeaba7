import { DEFAULT_TITLE, NO_PARENT } from '@parley/shared/constants';
import { endpointOptionsSchema } from '@parley/shared/schemas/endpoint-options';
import { contentPartSchema, type ContentPart } from '@parley/shared/schemas/message';
import {
  dateOf,
  ImportError,
  isRecord,
  stringOr,
  titleOf,
  type ImportedConversation,
  type ImportedMessage,
} from './imported-conversation';

/**
 * A LibreChat JSON export — and Parley's own, which has the same shape (`ExportedConversation`):
 * `{conversationId, endpoint, title, options?, recursive?, messages}`, where `messages` is either flat
 * (linked by `parentMessageId`) or a tree of roots with `children`. Options are checked key by key: one
 * unknown or out-of-range value is dropped, not the conversation.
 */

const optionShape = endpointOptionsSchema.shape;
type OptionKey = keyof typeof optionShape;
const isOptionKey = (key: string): key is OptionKey => Object.hasOwn(optionShape, key);

function optionsOf(raw: unknown): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  if (!isRecord(raw)) return options;
  for (const [key, value] of Object.entries(raw)) {
    if (!isOptionKey(key) || key === 'model' || value === null || value === undefined) continue;
    const parsed = optionShape[key].safeParse(value);
    if (parsed.success && parsed.data !== undefined) options[key] = parsed.data;
  }
  return options;
}

/** Content parts we can show; LibreChat's `{type:'text', text:{value}}` becomes `{type:'text', text}`. */
function contentOf(raw: unknown): ContentPart[] | undefined {
  if (!Array.isArray(raw)) return undefined;
  const parts: ContentPart[] = [];
  for (const item of raw) {
    const candidate =
      isRecord(item) && item.type === 'text' && isRecord(item.text)
        ? { type: 'text', text: item.text.value }
        : item;
    const parsed = contentPartSchema.safeParse(candidate);
    if (parsed.success) parts.push(parsed.data);
  }
  return parts.length > 0 ? parts : undefined;
}

function textOf(message: Record<string, unknown>, content: ContentPart[] | undefined): string {
  if (typeof message.text === 'string' && message.text !== '') return message.text;
  return (content ?? []).flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n');
}

function messageOf(raw: unknown, index: number, parentFromTree: string | null | undefined): ImportedMessage {
  if (!isRecord(raw)) throw new ImportError(`message ${index + 1} is not an object`);
  const content = contentOf(raw.content);
  const text = textOf(raw, content);
  if (text === '' && !content) throw new ImportError(`message ${index + 1} has no text`);
  const statedParent = stringOr(raw.parentMessageId, null);
  const isCreatedByUser = raw.isCreatedByUser === true;
  return {
    sourceId: stringOr(raw.messageId, `#${index}`),
    sourceParentId:
      parentFromTree !== undefined ? parentFromTree : statedParent === NO_PARENT ? null : statedParent,
    sender: stringOr(raw.sender, isCreatedByUser ? 'User' : 'AI'),
    text,
    ...(content ? { content } : {}),
    isCreatedByUser,
    model: stringOr(raw.model, null),
    endpoint: stringOr(raw.endpoint, null),
    error: raw.error === true,
    unfinished: raw.unfinished === true,
    finishReason: stringOr(raw.finish_reason, null),
    isEdited: raw.isEdited === true,
    tokenCount:
      typeof raw.tokenCount === 'number' && Number.isInteger(raw.tokenCount) ? raw.tokenCount : null,
    iconURL: stringOr(raw.iconURL, null),
    createdAt: dateOf(raw.createdAt),
    updatedAt: dateOf(raw.updatedAt),
  };
}

/** Flattens a tree of `children` (any depth, without recursion); a flat list comes out as it went in. */
function messagesOf(raw: unknown[]): ImportedMessage[] {
  const nested = raw.some((item) => isRecord(item) && Array.isArray(item.children));
  if (!nested) return raw.map((item, index) => messageOf(item, index, undefined));
  const messages: ImportedMessage[] = [];
  const pending: Array<{ node: unknown; parent: string | null }> = raw
    .map((node) => ({ node, parent: null }))
    .reverse();
  for (let next = pending.pop(); next; next = pending.pop()) {
    const message = messageOf(next.node, messages.length, next.parent);
    messages.push(message);
    const children = isRecord(next.node) && Array.isArray(next.node.children) ? next.node.children : [];
    for (let i = children.length - 1; i >= 0; i--)
      pending.push({ node: children[i], parent: message.sourceId });
  }
  return messages;
}

export function convertLibreChatConversation(raw: unknown): ImportedConversation {
  if (!isRecord(raw)) throw new ImportError('not a conversation object');
  if (!Array.isArray(raw.messages)) throw new ImportError('missing "messages"');
  if (raw.messages.length === 0) throw new ImportError('has no messages to import');
  const messages = messagesOf(raw.messages);
  const options = isRecord(raw.options) ? raw.options : {};
  const endpoint = stringOr(raw.endpoint, null) ?? stringOr(options.endpoint, null) ?? messages[0]?.endpoint;
  const model =
    stringOr(options.model, null) ?? messages.findLast((message) => message.model !== null)?.model ?? null;
  return {
    family: 'conversation',
    sourceId: stringOr(raw.conversationId, null),
    title: titleOf(raw.title) ?? DEFAULT_TITLE,
    endpoint: endpoint ?? 'openAI',
    endpointType: stringOr(raw.endpointType, null) ?? stringOr(options.endpointType, null),
    model,
    options: optionsOf(options),
    createdAt: dateOf(raw.createdAt) ?? dateOf(options.createdAt),
    updatedAt: dateOf(raw.updatedAt) ?? dateOf(options.updatedAt),
    messages,
  };
}
