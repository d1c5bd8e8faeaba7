import { NO_PARENT } from '@parley/shared/constants';
import type { Message } from '@parley/shared/schemas/message';
import { effectiveSelection, type SiblingChoice } from './siblings';

/** A message of the visible thread with its place among its siblings (SPEC §4 Sibling navigation). */
export interface ThreadEntry {
  message: Message;
  siblingIndex: number;
  siblingTotal: number;
  parentIsUser: boolean;
}

const byCreatedAt = (a: Message, b: Message) =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0;

/**
 * The visible thread in one pass over the messages: children are grouped by parent (a message whose parent
 * is missing counts as a root), only groups with several siblings are sorted (oldest first), then the walk
 * from the roots follows each branch's effective choice or, by default, its newest sibling. Gives what
 * `visibleThread` and `childrenByParent` give together, without sorting the whole conversation.
 */
export function threadEntries(
  messages: readonly Message[],
  choices: Readonly<Record<string, SiblingChoice>>,
): ThreadEntry[] {
  const byId = new Map<string, Message>();
  for (const message of messages) byId.set(message.messageId, message);
  const children = new Map<string, Message[]>();
  for (const message of messages) {
    const parent = byId.has(message.parentMessageId) ? message.parentMessageId : NO_PARENT;
    const list = children.get(parent);
    if (list) list.push(message);
    else children.set(parent, [message]);
  }
  const counts = new Map<string, number>();
  for (const [parent, list] of children) {
    if (list.length > 1) list.sort(byCreatedAt);
    counts.set(parent, list.length);
  }
  const selected = effectiveSelection(choices, counts);

  const thread: ThreadEntry[] = [];
  const seen = new Set<string>();
  let parentKey = NO_PARENT;
  let level = children.get(NO_PARENT) ?? [];
  while (level.length > 0) {
    const index = Math.min(Math.max(selected[parentKey] ?? level.length - 1, 0), level.length - 1);
    const message = level[index];
    if (!message || seen.has(message.messageId)) break;
    seen.add(message.messageId);
    thread.push({
      message,
      siblingIndex: index,
      siblingTotal: level.length,
      parentIsUser: byId.get(message.parentMessageId)?.isCreatedByUser === true,
    });
    parentKey = message.messageId;
    level = children.get(message.messageId) ?? [];
  }
  return thread;
}
