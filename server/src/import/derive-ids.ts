import { createHash } from 'node:crypto';
import { v5 as uuidV5 } from 'uuid';
import { NO_PARENT } from '@parley/shared/constants';
import { ImportError, type ImportedConversation, type ImportedMessage } from './imported-conversation';

/** The namespace of every id an import derives (RFC 9562 name-based UUIDs, SHA-1). */
const IMPORT_NAMESPACE = '4f0c6a52-57a4-4c39-9f3e-2a6d1c0e8b71';

/** A message ready to insert: its derived id, its parent's, timestamps filled in. */
export interface PreparedMessage extends Omit<ImportedMessage, 'createdAt' | 'updatedAt'> {
  messageId: string;
  parentMessageId: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface PreparedConversation extends Omit<
  ImportedConversation,
  'messages' | 'createdAt' | 'updatedAt'
> {
  /** Derived from the caller and the file's conversation: the same file imported again names the same one. */
  conversationId: string;
  createdAt: Date;
  updatedAt: Date;
  messages: PreparedMessage[];
}

/**
 * What names a conversation of a file across imports: its id in the file, or (without one) a digest of its
 * title, start and first messages. ChatGPT ids and LibreChat/Parley ids live apart.
 */
function conversationKey(conversation: ImportedConversation): string {
  const family = conversation.family;
  if (conversation.sourceId !== null) return `${family}:id:${conversation.sourceId}`;
  const digest = createHash('sha256')
    .update(
      JSON.stringify([
        conversation.title,
        conversation.createdAt?.toISOString() ?? null,
        conversation.messages.slice(0, 3).map((message) => [message.sourceId, message.text]),
      ]),
    )
    .digest('hex');
  return `${family}:content:${digest}`;
}

/** Fails when following parents from some message never reaches a root. */
function assertAcyclic(parents: ReadonlyMap<string, string | null>): void {
  const reachesRoot = new Set<string>();
  for (const start of parents.keys()) {
    const path: string[] = [];
    const onPath = new Set<string>();
    let current: string | null = start;
    while (current !== null && !reachesRoot.has(current)) {
      if (onPath.has(current)) throw new ImportError('its message tree has a cycle');
      onPath.add(current);
      path.push(current);
      current = parents.get(current) ?? null;
    }
    path.forEach((id) => reachesRoot.add(id));
  }
}

/**
 * The messages with every parent before its children (roots in file order, then each one's replies), so
 * that whoever writes them in batches has seen a message before its replies. The tree has no cycle.
 */
function parentsFirst(messages: PreparedMessage[]): PreparedMessage[] {
  const ids = new Set(messages.map((message) => message.messageId));
  const children = new Map<string, PreparedMessage[]>();
  const ordered: PreparedMessage[] = [];
  for (const message of messages) {
    if (!ids.has(message.parentMessageId)) ordered.push(message);
    else children.set(message.parentMessageId, [...(children.get(message.parentMessageId) ?? []), message]);
  }
  for (let at = 0; at < ordered.length; at++) {
    const replies = children.get(ordered[at]?.messageId ?? '');
    if (replies) ordered.push(...replies);
  }
  return ordered;
}

/**
 * Gives the conversation and every message an id derived from the caller and the file (never the file's id
 * itself: it may be anyone's), so importing the same file again finds what the first import wrote and
 * another user's import of it writes rows of its own. A parent the file does not hold makes its child a root;
 * a repeated message id names its first message (the repeats get ids of their own). Missing timestamps keep
 * the file's order: a message without one is placed 1 ms after the one before it.
 */
export function deriveIds(
  conversation: ImportedConversation,
  deps: { userId: string; now: Date },
): PreparedConversation {
  const key = `${deps.userId}\n${conversationKey(conversation)}`;
  const idOf = (name: string): string => uuidV5(`${key}\n${name}`, IMPORT_NAMESPACE);
  const firstSeen = new Map<string, string>();
  const parents = new Map<string, string | null>();
  const ids = conversation.messages.map((message, index) => {
    if (firstSeen.has(message.sourceId)) return idOf(`${message.sourceId}\n#${index}`);
    const id = idOf(message.sourceId);
    firstSeen.set(message.sourceId, id);
    return id;
  });
  const parentIds = conversation.messages.map((message) =>
    message.sourceParentId === null ? undefined : firstSeen.get(message.sourceParentId),
  );
  ids.forEach((id, index) => parents.set(id, parentIds[index] ?? null));
  assertAcyclic(parents);
  const first = conversation.messages.find((message) => message.createdAt)?.createdAt;
  const start = conversation.createdAt ?? first ?? deps.now;
  let previous = start.getTime() - 1;
  let latest = start.getTime();
  const messages = conversation.messages.map((message, index): PreparedMessage => {
    const createdAt = message.createdAt ?? new Date(previous + 1);
    previous = createdAt.getTime();
    latest = Math.max(latest, previous);
    return {
      ...message,
      messageId: ids[index] ?? idOf(`#${index}`),
      parentMessageId: parentIds[index] ?? NO_PARENT,
      createdAt,
      updatedAt: message.updatedAt ?? createdAt,
    };
  });
  return {
    ...conversation,
    conversationId: uuidV5(key, IMPORT_NAMESPACE),
    messages: parentsFirst(messages),
    createdAt: start,
    updatedAt: conversation.updatedAt ?? new Date(latest),
  };
}
