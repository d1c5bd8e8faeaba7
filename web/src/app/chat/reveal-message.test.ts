import { describe, expect, it } from 'vitest';
import { NO_PARENT } from '@parley/shared/constants';
import { visibleThread } from '@parley/shared/messages/tree';
import { effectiveSelection } from '../../features/chat/logic/siblings';
import { branchChoicesFor } from './reveal-message';

const at = (minute: number) => `2024-01-01T00:0${minute}:00.000Z`;
const messages = [
  { messageId: 'q', parentMessageId: NO_PARENT, createdAt: at(1) },
  { messageId: 'a1', parentMessageId: 'q', createdAt: at(2) },
  { messageId: 'a2', parentMessageId: 'q', createdAt: at(3) },
  { messageId: 'f1', parentMessageId: 'a1', createdAt: at(4) },
];

describe('branchChoicesFor', () => {
  it('chooses, at every branch, the sibling on the way to the message', () => {
    const choices = branchChoicesFor(messages, 'f1');
    expect(choices).toEqual([
      { parentKey: NO_PARENT, choice: { index: 0, count: 1 } },
      { parentKey: 'q', choice: { index: 0, count: 2 } },
      { parentKey: 'a1', choice: { index: 0, count: 1 } },
    ]);
    const counts = new Map([
      [NO_PARENT, 1],
      ['q', 2],
      ['a1', 1],
    ]);
    const selection = effectiveSelection(
      Object.fromEntries(choices.map(({ parentKey, choice }) => [parentKey, choice])),
      counts,
    );
    expect(visibleThread(messages, selection).map((m) => m.messageId)).toEqual(['q', 'a1', 'f1']);
  });

  it('is empty for an unknown message', () => {
    expect(branchChoicesFor(messages, 'nope')).toEqual([]);
  });
});
