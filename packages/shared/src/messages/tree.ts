import { NO_PARENT } from '../constants';

export interface TreeMessage {
  messageId: string;
  parentMessageId: string;
  createdAt: string;
}

export type TreeNode<T extends TreeMessage> = T & { children: TreeNode<T>[] };

const byCreatedAt = (a: TreeMessage, b: TreeMessage) =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0;

/**
 * Flat rows → forest of roots (children oldest first), in linear time. A message whose parent is missing
 * is treated as a root, so a partly loaded or damaged tree still renders.
 */
export function buildTree<T extends TreeMessage>(messages: readonly T[]): TreeNode<T>[] {
  const nodes = new Map<string, TreeNode<T>>();
  for (const message of [...messages].sort(byCreatedAt)) {
    nodes.set(message.messageId, { ...message, children: [] });
  }
  const roots: TreeNode<T>[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentMessageId === NO_PARENT ? undefined : nodes.get(node.parentMessageId);
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** The chain from the root down to `messageId` (inclusive), oldest first; empty when unknown. */
export function pathToRoot<T extends TreeMessage>(messages: readonly T[], messageId: string): T[] {
  const byId = new Map(messages.map((m) => [m.messageId, m]));
  const path: T[] = [];
  const seen = new Set<string>();
  let current = byId.get(messageId);
  while (current && !seen.has(current.messageId)) {
    seen.add(current.messageId);
    path.push(current);
    current = current.parentMessageId === NO_PARENT ? undefined : byId.get(current.parentMessageId);
  }
  return path.reverse();
}

/** Messages sharing `messageId`'s parent (itself included), oldest first. */
export function siblingsOf<T extends TreeMessage>(messages: readonly T[], messageId: string): T[] {
  const self = messages.find((m) => m.messageId === messageId);
  if (!self) return [];
  return messages.filter((m) => m.parentMessageId === self.parentMessageId).sort(byCreatedAt);
}

/**
 * The visible thread: from the roots down, at each branch following `selected[parentId]` (an index into
 * the siblings) or, by default, the newest sibling.
 */
export function visibleThread<T extends TreeMessage>(
  messages: readonly T[],
  selected: Readonly<Record<string, number>> = {},
): T[] {
  const children = new Map<string, T[]>();
  for (const message of [...messages].sort(byCreatedAt)) {
    const list = children.get(message.parentMessageId) ?? [];
    list.push(message);
    children.set(message.parentMessageId, list);
  }
  const ids = new Set(messages.map((m) => m.messageId));
  const roots = messages.filter((m) => m.parentMessageId === NO_PARENT || !ids.has(m.parentMessageId));
  const thread: T[] = [];
  let level: T[] = [...roots].sort(byCreatedAt);
  let parentKey = NO_PARENT;
  const seen = new Set<string>();
  while (level.length > 0) {
    const index = selected[parentKey] ?? level.length - 1;
    const chosen = level[Math.min(Math.max(index, 0), level.length - 1)];
    if (!chosen || seen.has(chosen.messageId)) break;
    seen.add(chosen.messageId);
    thread.push(chosen);
    parentKey = chosen.messageId;
    level = children.get(chosen.messageId) ?? [];
  }
  return thread;
}
