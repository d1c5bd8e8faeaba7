import { describe, expect, it } from 'vitest';
import { NO_PARENT } from '@parley/shared/constants';
import { visibleThread } from '@parley/shared/messages/tree';
import { childrenByParent, effectiveSelection, pagerState } from './siblings';

const m = (messageId: string, parentMessageId: string, minute: number) => ({
  messageId,
  parentMessageId,
  createdAt: `2026-01-01T00:${String(minute).padStart(2, '0')}:00.000Z`,
});

const tree = [m('u1', NO_PARENT, 0), m('r1', 'u1', 1), m('r2', 'u1', 2), m('r3', 'u1', 3)];

describe('effectiveSelection', () => {
  const counts = new Map([...childrenByParent(tree)].map(([parent, list]) => [parent, list.length]));

  it('keeps a choice made with the same number of siblings', () => {
    expect(effectiveSelection({ u1: { index: 0, count: 3 } }, counts)).toEqual({ u1: 0 });
    expect(
      visibleThread(tree, effectiveSelection({ u1: { index: 0, count: 3 } }, counts)).map((x) => x.messageId),
    ).toEqual(['u1', 'r1']);
  });

  it('drops a choice once the sibling count changed (a regenerate shows the newest)', () => {
    expect(effectiveSelection({ u1: { index: 0, count: 2 } }, counts)).toEqual({});
    expect(visibleThread(tree, {}).at(-1)?.messageId).toBe('r3');
  });

  it('drops a choice that is out of range', () => {
    expect(effectiveSelection({ u1: { index: 5, count: 3 } }, counts)).toEqual({});
    expect(effectiveSelection({ gone: { index: 0, count: 1 } }, counts)).toEqual({});
  });
});

describe('childrenByParent', () => {
  it('lists siblings oldest first and treats orphans as roots', () => {
    const map = childrenByParent([
      m('r2', 'u1', 2),
      m('u1', NO_PARENT, 0),
      m('r1', 'u1', 1),
      m('x', 'missing', 3),
    ]);
    expect(map.get('u1')?.map((x) => x.messageId)).toEqual(['r1', 'r2']);
    expect(map.get(NO_PARENT)?.map((x) => x.messageId)).toEqual(['u1', 'x']);
  });
});

describe('pagerState', () => {
  it('disables previous at the first sibling and next at the last', () => {
    expect(pagerState(0, 3)).toEqual({ index: 0, total: 3, canPrevious: false, canNext: true });
    expect(pagerState(2, 3)).toMatchObject({ canPrevious: true, canNext: false });
    expect(pagerState(0, 1)).toMatchObject({ canPrevious: false, canNext: false });
  });
});
