import { NO_PARENT } from '@parley/shared/constants';
import type { Message } from '@parley/shared/schemas/message';

/** A message of the visible thread with its place among its siblings (SPEC §4 Sibling navigation). */
export interface ThreadEntry {
  message: Message;
  siblingIndex: number;
  siblingTotal: number;
  /** The ids of its siblings (itself included), oldest first: what the pager steps through. */
  siblingIds: readonly string[];
  parentIsUser: boolean;
}

const byCreatedAt = (a: Message, b: Message) =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0;

/** The newest of the messages (the last one loaded wins a tie). */
function newestOf(messages: readonly Message[]): Message | undefined {
  let newest: Message | undefined;
  for (const message of messages) if (!newest || message.createdAt >= newest.createdAt) newest = message;
  return newest;
}

/**
 * The visible thread: the path from the top of what is loaded down to the leaf. The leaf is `leafId` when it
 * is loaded (else the newest loaded message, which is where a reply being sent is), followed down its newest
 * loaded replies, then walked up through loaded parents until the root, a parent not loaded yet, or a cycle.
 * `siblings` (the server's reply ids per parent) gives each message's pager, with loaded replies the server
 * has not listed yet (a reply being sent) after them.
 */
export function threadEntries(
  messages: readonly Message[],
  leafId: string | null,
  siblings: Readonly<Record<string, readonly string[]>> = {},
): ThreadEntry[] {
  const byId = new Map<string, Message>();
  for (const message of messages) byId.set(message.messageId, message);
  const children = new Map<string, Message[]>();
  for (const message of messages) {
    const list = children.get(message.parentMessageId);
    if (list) list.push(message);
    else children.set(message.parentMessageId, [message]);
  }

  let end = (leafId !== null ? byId.get(leafId) : undefined) ?? newestOf(messages);
  const seen = new Set<string>();
  while (end && !seen.has(end.messageId)) {
    seen.add(end.messageId);
    const next = newestOf(children.get(end.messageId) ?? []);
    if (!next || seen.has(next.messageId)) break;
    end = next;
  }

  const path: Message[] = [];
  const onPath = new Set<string>();
  for (let current = end; current && !onPath.has(current.messageId);) {
    onPath.add(current.messageId);
    path.push(current);
    current = current.parentMessageId === NO_PARENT ? undefined : byId.get(current.parentMessageId);
  }
  path.reverse();

  return path.map((message) => {
    const listed = siblings[message.parentMessageId] ?? [];
    const known = new Set(listed);
    const extra = (children.get(message.parentMessageId) ?? [])
      .filter((sibling) => !known.has(sibling.messageId))
      .sort(byCreatedAt)
      .map((sibling) => sibling.messageId);
    const siblingIds =
      extra.length > 0 ? [...listed, ...extra] : listed.length > 0 ? listed : [message.messageId];
    return {
      message,
      siblingIndex: Math.max(0, siblingIds.indexOf(message.messageId)),
      siblingTotal: siblingIds.length,
      siblingIds,
      parentIsUser: byId.get(message.parentMessageId)?.isCreatedByUser === true,
    };
  });
}

/**
 * The thread as the export dialog's branch choices over the whole tree: for each message on it, its place
 * among its parent's replies. Above what is loaded, the export follows the newest replies.
 */
export function selectionOf(thread: readonly ThreadEntry[]): Record<string, number> {
  const selection: Record<string, number> = {};
  for (const entry of thread) selection[entry.message.parentMessageId] = entry.siblingIndex;
  return selection;
}
