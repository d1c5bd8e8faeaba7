import { NO_PARENT } from '@parley/shared/constants';
import type { TreeMessage } from '@parley/shared/messages/tree';

/** A choice made with the sibling pager: which sibling (oldest first) and how many there were then. */
export interface SiblingChoice {
  index: number;
  count: number;
}

/** Children per parent id (NO_PARENT for roots), oldest first. */
export function childrenByParent<T extends TreeMessage>(messages: readonly T[]): Map<string, T[]> {
  const ids = new Set(messages.map((m) => m.messageId));
  const map = new Map<string, T[]>();
  for (const message of messages) {
    const parent = ids.has(message.parentMessageId) ? message.parentMessageId : NO_PARENT;
    const list = map.get(parent) ?? [];
    list.push(message);
    map.set(parent, list);
  }
  for (const list of map.values())
    list.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
  return map;
}

/**
 * SPEC §4 Sibling navigation: a choice holds only while the number of siblings is what it was when it was
 * made and the index is in range; otherwise the branch shows its default (the newest sibling).
 */
export function effectiveSelection(
  choices: Readonly<Record<string, SiblingChoice>>,
  siblingCounts: ReadonlyMap<string, number>,
): Record<string, number> {
  const selected: Record<string, number> = {};
  for (const [parentId, choice] of Object.entries(choices)) {
    const count = siblingCounts.get(parentId) ?? 0;
    if (choice.count === count && choice.index >= 0 && choice.index < count)
      selected[parentId] = choice.index;
  }
  return selected;
}

/** What the pager shows for a message: its position (0-based) among its siblings and their number. */
export interface PagerState {
  index: number;
  total: number;
  canPrevious: boolean;
  canNext: boolean;
}

export function pagerState(index: number, total: number): PagerState {
  return { index, total, canPrevious: index > 0, canNext: index < total - 1 };
}
