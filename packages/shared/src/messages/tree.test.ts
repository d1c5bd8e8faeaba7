import { describe, expect, it } from 'vitest';
import { NO_PARENT } from '../constants';
import { buildTree, pathToRoot, siblingsOf, visibleThread } from './tree';

const m = (messageId: string, parentMessageId: string, minute: number) => ({
  messageId,
  parentMessageId,
  createdAt: `2026-01-01T00:${String(minute).padStart(2, '0')}:00.000Z`,
});

// u1 → a1, a2 (regenerated) ; a2 → u2 → a3 ; u1' (edited sibling of u1) → a4
const rows = [
  m('a3', 'u2', 5),
  m('u1', NO_PARENT, 0),
  m('a1', 'u1', 1),
  m('a2', 'u1', 2),
  m('u2', 'a2', 3),
  m('u1b', NO_PARENT, 4),
  m('a4', 'u1b', 6),
];

describe('message tree', () => {
  it('builds roots and children in creation order', () => {
    const roots = buildTree(rows);
    expect(roots.map((r) => r.messageId)).toEqual(['u1', 'u1b']);
    expect(roots[0]?.children.map((c) => c.messageId)).toEqual(['a1', 'a2']);
    expect(roots[0]?.children[1]?.children[0]?.children[0]?.messageId).toBe('a3');
  });

  it('treats a message whose parent is missing as a root', () => {
    expect(buildTree([m('x', 'gone', 0)]).map((r) => r.messageId)).toEqual(['x']);
  });

  it('walks from a message to the root, oldest first', () => {
    expect(pathToRoot(rows, 'a3').map((r) => r.messageId)).toEqual(['u1', 'a2', 'u2', 'a3']);
    expect(pathToRoot(rows, 'nope')).toEqual([]);
  });

  it('survives a cycle in damaged data', () => {
    const cyclic = [m('p', 'q', 0), m('q', 'p', 1)];
    expect(pathToRoot(cyclic, 'p').length).toBeLessThanOrEqual(2);
  });

  it('lists siblings under the same parent', () => {
    expect(siblingsOf(rows, 'a1').map((r) => r.messageId)).toEqual(['a1', 'a2']);
    expect(siblingsOf(rows, 'u1b').map((r) => r.messageId)).toEqual(['u1', 'u1b']);
  });

  it('follows the newest sibling by default and a selected one when asked', () => {
    expect(visibleThread(rows).map((r) => r.messageId)).toEqual(['u1b', 'a4']);
    expect(visibleThread(rows, { [NO_PARENT]: 0 }).map((r) => r.messageId)).toEqual(['u1', 'a2', 'u2', 'a3']);
    expect(visibleThread(rows, { [NO_PARENT]: 0, u1: 0 }).map((r) => r.messageId)).toEqual(['u1', 'a1']);
  });

  it('builds a 10,000-message chain in linear time', () => {
    const chain = Array.from({ length: 10_000 }, (_, i) => ({
      messageId: `m${i}`,
      parentMessageId: i === 0 ? NO_PARENT : `m${i - 1}`,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
    }));
    expect(visibleThread(chain)).toHaveLength(10_000);
    expect(pathToRoot(chain, 'm9999')).toHaveLength(10_000);
  });
});
