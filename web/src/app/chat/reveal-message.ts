import { NO_PARENT } from '@parley/shared/constants';
import { pathToRoot, type TreeMessage } from '@parley/shared/messages/tree';
import { childrenByParent, type SiblingChoice } from '../../features/chat/logic/siblings';

/**
 * The sibling choices that make `messageId` part of the visible thread: at each step from the root, which
 * sibling (oldest first) to show. Empty when the message is unknown.
 */
export function branchChoicesFor(
  messages: readonly TreeMessage[],
  messageId: string,
): { parentKey: string; choice: SiblingChoice }[] {
  const children = childrenByParent(messages);
  const ids = new Set(messages.map((m) => m.messageId));
  return pathToRoot(messages, messageId).map((message) => {
    const parentKey = ids.has(message.parentMessageId) ? message.parentMessageId : NO_PARENT;
    const siblings = children.get(parentKey) ?? [message];
    const index = siblings.findIndex((sibling) => sibling.messageId === message.messageId);
    return { parentKey, choice: { index: Math.max(0, index), count: siblings.length } };
  });
}
