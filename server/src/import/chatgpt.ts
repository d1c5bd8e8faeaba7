import { DEFAULT_TITLE } from '@parley/shared/constants';
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
 * ChatGPT's data export (`conversations.json`): each conversation is a `mapping` of nodes
 * `{id, message, parent, children}`; a message has `author.role`, `content.{content_type, parts}` and
 * `create_time` (epoch seconds). Only what a reader sees is imported: user and assistant messages with
 * text for everyone (`recipient` 'all'); system prompts, tool traffic and hidden nodes are skipped, and
 * their children hang from the nearest imported ancestor, so every branch survives.
 */

const IMAGE_PLACEHOLDER = '[image not imported]';

function textOf(content: unknown): string {
  if (!isRecord(content)) return '';
  const type = content.content_type;
  if (type === 'text' || type === 'multimodal_text') {
    const parts = Array.isArray(content.parts) ? content.parts : [];
    return parts
      .map((part) => (typeof part === 'string' ? part : isRecord(part) ? IMAGE_PLACEHOLDER : ''))
      .filter((part) => part !== '')
      .join('\n')
      .trim();
  }
  if (type === 'code' && typeof content.text === 'string') return `\`\`\`\n${content.text}\n\`\`\``;
  return '';
}

/** The message of a node, when a reader of the conversation would see it. */
function visibleMessage(node: Record<string, unknown>, defaultModel: string | null) {
  const message = node.message;
  if (!isRecord(message)) return null;
  const role = isRecord(message.author) ? message.author.role : undefined;
  if (role !== 'user' && role !== 'assistant') return null;
  const metadata = isRecord(message.metadata) ? message.metadata : {};
  if (metadata.is_visually_hidden_from_conversation === true) return null;
  if (message.recipient !== undefined && message.recipient !== 'all') return null;
  const text = textOf(message.content);
  if (text === '') return null;
  const isCreatedByUser = role === 'user';
  return {
    text,
    isCreatedByUser,
    model: isCreatedByUser ? null : stringOr(metadata.model_slug, defaultModel),
    createdAt: dateOf(message.create_time, 'seconds'),
    updatedAt: dateOf(message.update_time, 'seconds'),
  };
}

type Visible = NonNullable<ReturnType<typeof visibleMessage>>;

/** For each node id: the id of its nearest visible ancestor (null = root), without recursion. */
function nearestVisibleAncestors(
  mapping: Record<string, unknown>,
  visible: ReadonlyMap<string, Visible>,
): Map<string, string | null> {
  const resolved = new Map<string, string | null>();
  const parentOf = (id: string): string | null => {
    const node = mapping[id];
    return isRecord(node) && typeof node.parent === 'string' && node.parent in mapping ? node.parent : null;
  };
  for (const id of Object.keys(mapping)) {
    const chain: string[] = [];
    const seen = new Set<string>();
    let current = parentOf(id);
    let answer: string | null = null;
    while (current !== null) {
      const known = resolved.get(current);
      if (known !== undefined || visible.has(current)) {
        answer = visible.has(current) ? current : (known ?? null);
        break;
      }
      if (seen.has(current)) throw new ImportError('its message tree has a cycle');
      seen.add(current);
      chain.push(current);
      current = parentOf(current);
    }
    for (const hidden of chain) resolved.set(hidden, answer);
    resolved.set(id, answer);
  }
  return resolved;
}

export function convertChatGptConversation(raw: unknown): ImportedConversation {
  if (!isRecord(raw)) throw new ImportError('not a conversation object');
  const mapping = raw.mapping;
  if (!isRecord(mapping)) throw new ImportError('missing "mapping" (the message tree)');
  const defaultModel = stringOr(raw.default_model_slug, null);
  const visible = new Map<string, Visible>();
  for (const [id, node] of Object.entries(mapping)) {
    const message = isRecord(node) ? visibleMessage(node, defaultModel) : null;
    if (message) visible.set(id, message);
  }
  if (visible.size === 0) throw new ImportError('has no messages to import');
  const ancestors = nearestVisibleAncestors(mapping, visible);
  const messages: ImportedMessage[] = [...visible].map(([id, message]) => ({
    sourceId: id,
    sourceParentId: ancestors.get(id) ?? null,
    sender: message.isCreatedByUser ? 'User' : 'ChatGPT',
    text: message.text,
    isCreatedByUser: message.isCreatedByUser,
    model: message.model,
    endpoint: 'openAI',
    error: false,
    unfinished: false,
    finishReason: null,
    isEdited: false,
    tokenCount: null,
    iconURL: null,
    createdAt: message.createdAt,
    updatedAt: message.updatedAt,
  }));
  const lastModel = messages.findLast((message) => message.model !== null)?.model ?? defaultModel;
  return {
    family: 'chatgpt',
    sourceId: stringOr(raw.id, null) ?? stringOr(raw.conversation_id, null),
    title: titleOf(raw.title) ?? DEFAULT_TITLE,
    endpoint: 'openAI',
    endpointType: null,
    model: lastModel,
    options: {},
    createdAt: dateOf(raw.create_time, 'seconds'),
    updatedAt: dateOf(raw.update_time, 'seconds'),
    messages,
  };
}
