import { NO_PARENT } from '@parley/shared/constants';
import { ImportError, type ImportedConversation, type ImportedMessage } from './imported-conversation';

/** A message ready to insert: ids of its own, its parent's new id, timestamps filled in. */
export interface NewMessage extends Omit<
  ImportedMessage,
  'sourceId' | 'sourceParentId' | 'createdAt' | 'updatedAt'
> {
  messageId: string;
  parentMessageId: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewConversation extends Omit<ImportedConversation, 'messages' | 'createdAt' | 'updatedAt'> {
  conversationId: string;
  createdAt: Date;
  updatedAt: Date;
  messages: NewMessage[];
}

/** Fails when following parents from some message never reaches a root. */
function assertAcyclic(parents: ReadonlyMap<string, string>): void {
  const reachesRoot = new Set<string>([NO_PARENT]);
  for (const start of parents.keys()) {
    const path: string[] = [];
    const onPath = new Set<string>();
    let current = start;
    while (!reachesRoot.has(current)) {
      if (onPath.has(current)) throw new ImportError('its message tree has a cycle');
      onPath.add(current);
      path.push(current);
      current = parents.get(current) ?? NO_PARENT;
    }
    path.forEach((id) => reachesRoot.add(id));
  }
}

/**
 * Gives the conversation and every message a new id (a file's ids are never trusted: they may be anyone's),
 * links each message to its parent's new id (a parent the file does not hold makes it a root; a repeated id
 * names its first message), and fills missing timestamps so the file's order is kept: a message without
 * one is placed 1 ms after the one before it.
 */
export function assignIds(
  conversation: ImportedConversation,
  deps: { newId: () => string; now: Date },
): NewConversation {
  const newIds = new Map<string, string>();
  const ids = conversation.messages.map((message) => {
    const id = deps.newId();
    if (!newIds.has(message.sourceId)) newIds.set(message.sourceId, id);
    return id;
  });
  const parents = new Map<string, string>();
  conversation.messages.forEach((message, index) => {
    const parent = message.sourceParentId === null ? undefined : newIds.get(message.sourceParentId);
    parents.set(ids[index] ?? '', parent ?? NO_PARENT);
  });
  assertAcyclic(parents);
  const first = conversation.messages.find((message) => message.createdAt)?.createdAt;
  const start = conversation.createdAt ?? first ?? deps.now;
  let previous = start.getTime() - 1;
  const messages = conversation.messages.map((message, index): NewMessage => {
    const { sourceId: _sourceId, sourceParentId: _sourceParentId, ...rest } = message;
    const createdAt = message.createdAt ?? new Date(previous + 1);
    previous = createdAt.getTime();
    const messageId = ids[index] ?? deps.newId();
    return {
      ...rest,
      messageId,
      parentMessageId: parents.get(messageId) ?? NO_PARENT,
      createdAt,
      updatedAt: message.updatedAt ?? createdAt,
    };
  });
  const latest = messages.reduce(
    (max, message) => Math.max(max, message.createdAt.getTime()),
    start.getTime(),
  );
  return {
    ...conversation,
    conversationId: deps.newId(),
    createdAt: start,
    updatedAt: conversation.updatedAt ?? new Date(latest),
    messages,
  };
}
