import { describe, expect, it } from 'vitest';
import { NO_PARENT } from '@parley/shared/constants';
import { visibleThread } from '@parley/shared/messages/tree';
import type { Message } from '@parley/shared/schemas/message';
import { childrenByParent, effectiveSelection, type SiblingChoice } from './siblings';
import { threadEntries } from './thread';

const message = (messageId: string, parentMessageId: string, second: number): Message => ({
  messageId,
  conversationId: 'c',
  parentMessageId,
  sender: second % 2 === 0 ? 'User' : 'Assistant',
  text: messageId,
  isCreatedByUser: second % 2 === 0,
  error: false,
  unfinished: false,
  isEdited: false,
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString(),
  updatedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString(),
});

/** The thread as the screen built it before: the shared `visibleThread` plus `childrenByParent`. */
function reference(messages: Message[], choices: Record<string, SiblingChoice>) {
  const children = childrenByParent(messages);
  const counts = new Map([...children].map(([parent, list]) => [parent, list.length]));
  const ids = new Set(messages.map((m) => m.messageId));
  const byId = new Map(messages.map((m) => [m.messageId, m]));
  return visibleThread(messages, effectiveSelection(choices, counts)).map((m) => {
    const siblings = children.get(ids.has(m.parentMessageId) ? m.parentMessageId : NO_PARENT) ?? [m];
    return {
      message: m,
      siblingIndex: Math.max(0, siblings.indexOf(m)),
      siblingTotal: siblings.length,
      parentIsUser: byId.get(m.parentMessageId)?.isCreatedByUser === true,
    };
  });
}

describe('threadEntries', () => {
  it('follows the newest sibling by default and a valid choice otherwise', () => {
    const tree = [
      message('u1', NO_PARENT, 0),
      message('r1', 'u1', 1),
      message('r2', 'u1', 3),
      message('u2', 'r1', 2),
    ];
    expect(threadEntries(tree, {}).map((e) => e.message.messageId)).toEqual(['u1', 'r2']);
    const chosen = threadEntries(tree, { u1: { index: 0, count: 2 } });
    expect(chosen.map((e) => [e.message.messageId, e.siblingIndex, e.siblingTotal, e.parentIsUser])).toEqual([
      ['u1', 0, 1, false],
      ['r1', 0, 2, true],
      ['u2', 0, 1, false],
    ]);
  });

  it('treats a message whose parent is missing as a root', () => {
    const tree = [message('a', 'gone', 0), message('b', 'a', 1)];
    expect(threadEntries(tree, {}).map((e) => e.message.messageId)).toEqual(['a', 'b']);
  });

  it('stops at a cycle', () => {
    const tree = [message('a', NO_PARENT, 0), message('b', 'c', 1), message('c', 'b', 2)];
    expect(threadEntries(tree, {}).map((e) => e.message.messageId)).toEqual(['a']);
  });

  it('gives what visibleThread and childrenByParent give, on generated trees', () => {
    let state = 7;
    const next = (n: number) => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      return state % n;
    };
    for (let run = 0; run < 200; run += 1) {
      const messages: Message[] = [];
      const size = 1 + next(30);
      for (let i = 0; i < size; i += 1) {
        const parent = i === 0 || next(6) === 0 ? NO_PARENT : `m${next(i)}`;
        // Equal times happen (same second): the order among them must still match.
        messages.push(message(`m${i}`, parent, next(20)));
      }
      const choices: Record<string, SiblingChoice> = {};
      for (let i = 0; i < 4; i += 1) choices[`m${next(size)}`] = { index: next(3), count: 1 + next(3) };
      choices[NO_PARENT] = { index: next(3), count: 1 + next(3) };
      expect(threadEntries(messages, choices)).toEqual(reference(messages, choices));
    }
  });
});
