import { describe, expect, it } from 'vitest';
import { NO_PARENT } from '@parley/shared/constants';
import type { Message } from '@parley/shared/schemas/message';
import { selectionOf, threadEntries } from './thread';

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

const ids = (entries: ReturnType<typeof threadEntries>) => entries.map((e) => e.message.messageId);

describe('threadEntries', () => {
  const tree = [
    message('u1', NO_PARENT, 0),
    message('r1', 'u1', 1),
    message('u2', 'r1', 2),
    message('r2', 'u1', 3),
  ];

  it('walks up from the leaf, and follows the newest message without one', () => {
    expect(ids(threadEntries(tree, 'u2'))).toEqual(['u1', 'r1', 'u2']);
    expect(ids(threadEntries(tree, null))).toEqual(['u1', 'r2']);
    expect(ids(threadEntries(tree, 'not-loaded'))).toEqual(['u1', 'r2']);
  });

  it('goes down the newest loaded replies below the leaf (a reply being sent)', () => {
    expect(ids(threadEntries([...tree, message('r3', 'u2', 5)], 'r1'))).toEqual(['u1', 'r1', 'u2', 'r3']);
  });

  it("numbers siblings from the server's list, with loaded replies it has not listed after them", () => {
    const siblings = { [NO_PARENT]: ['u1'], u1: ['r1', 'other', 'r2'] };
    const entries = threadEntries(tree, 'u2', siblings);
    expect(entries.map((e) => [e.siblingIndex, e.siblingTotal, e.parentIsUser])).toEqual([
      [0, 1, false],
      [0, 3, true],
      [0, 1, false],
    ]);
    const withNew = threadEntries([...tree, message('r9', 'u1', 9)], 'r9', { u1: ['r1', 'r2'] });
    expect(withNew.at(-1)).toMatchObject({
      siblingIndex: 2,
      siblingTotal: 3,
      siblingIds: ['r1', 'r2', 'r9'],
    });
    expect(selectionOf(withNew)).toEqual({ [NO_PARENT]: 0, u1: 2 });
  });

  it('starts at a message whose parent is not loaded, and stops at a cycle', () => {
    expect(ids(threadEntries([message('a', 'gone', 0), message('b', 'a', 1)], 'b'))).toEqual(['a', 'b']);
    const looped = [message('b', 'c', 1), message('c', 'b', 2)];
    expect(new Set(ids(threadEntries(looped, 'c')))).toEqual(new Set(['b', 'c']));
  });
});
