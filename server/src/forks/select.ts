import type { ForkOption } from '@parley/shared/schemas/fork';

/** What the choice needs of a message: its id, its parent's, and its place in time. */
export interface TreeNode {
  messageId: string;
  parentMessageId: string;
  createdAt: Date;
}

export interface ForkSelection {
  /** Ids of the messages to copy. */
  ids: Set<string>;
  /** With `splitAtTarget`: the message whose parent becomes the root of the copy. */
  newRoot?: string;
  /** The message the copy's view opens at (its current leaf). */
  leaf: string;
}

const byTime = (a: TreeNode, b: TreeNode) =>
  a.createdAt.getTime() - b.createdAt.getTime() || (a.messageId < b.messageId ? -1 : 1);

/**
 * Which messages a fork copies (LibreChat's options). `directPath`: the path from the root to the target;
 * `includeBranches`: that path and the siblings of every message on it; `target`: every branch down to the
 * target's depth. With `splitAtTarget` the copy starts at the target and runs down to its newest descendant
 * (`directPath`, `includeBranches`) or takes all its descendants (`target`). Null when the target is not one
 * of `nodes`.
 */
export function selectForFork(
  nodes: readonly TreeNode[],
  targetId: string,
  option: ForkOption,
  splitAtTarget: boolean,
): ForkSelection | null {
  const byId = new Map(nodes.map((node) => [node.messageId, node]));
  const target = byId.get(targetId);
  if (!target) return null;
  const children = new Map<string, TreeNode[]>();
  for (const node of nodes) {
    const list = children.get(node.parentMessageId) ?? [];
    list.push(node);
    children.set(node.parentMessageId, list);
  }
  /** From `from` up to (and including) `until`, or to the root; top first. Cycles stop the walk. */
  const pathUp = (from: TreeNode, until?: string): TreeNode[] => {
    const path: TreeNode[] = [];
    const seen = new Set<string>();
    for (let node: TreeNode | undefined = from; node && !seen.has(node.messageId);) {
      seen.add(node.messageId);
      path.push(node);
      if (node.messageId === until) break;
      node = byId.get(node.parentMessageId);
    }
    return path.reverse();
  };
  const descendants = (top: TreeNode): TreeNode[] => {
    const found: TreeNode[] = [];
    const queue = [top];
    const seen = new Set<string>();
    for (let node = queue.shift(); node; node = queue.shift()) {
      if (seen.has(node.messageId)) continue;
      seen.add(node.messageId);
      found.push(node);
      queue.push(...(children.get(node.messageId) ?? []));
    }
    return found;
  };
  const withSiblings = (path: TreeNode[], except?: string): Set<string> => {
    const ids = new Set(path.map((node) => node.messageId));
    for (const node of path) {
      if (node.messageId === except) continue;
      for (const sibling of children.get(node.parentMessageId) ?? []) ids.add(sibling.messageId);
    }
    return ids;
  };

  if (!splitAtTarget) {
    const path = pathUp(target);
    if (option === 'directPath') return { ids: new Set(path.map((node) => node.messageId)), leaf: targetId };
    if (option === 'includeBranches') return { ids: withSiblings(path), leaf: targetId };
    const depthOf = new Map<string, number>();
    const depth = (node: TreeNode): number => {
      const known = depthOf.get(node.messageId);
      if (known !== undefined) return known;
      const chain = pathUp(node);
      chain.forEach((each, index) => depthOf.set(each.messageId, index));
      return chain.length - 1;
    };
    const limit = path.length - 1;
    return {
      ids: new Set(nodes.filter((node) => depth(node) <= limit).map((node) => node.messageId)),
      leaf: targetId,
    };
  }
  const below = descendants(target);
  if (option === 'target') {
    const newest = [...below].sort(byTime).at(-1) ?? target;
    return { ids: new Set(below.map((node) => node.messageId)), newRoot: targetId, leaf: newest.messageId };
  }
  const newest = [...below].sort(byTime).at(-1) ?? target;
  const path = pathUp(newest, targetId);
  const ids =
    option === 'directPath' ? new Set(path.map((node) => node.messageId)) : withSiblings(path, targetId);
  return { ids, newRoot: targetId, leaf: newest.messageId };
}
