import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../coordination/generation-log';
import { mergeSnapshot } from './resume-snapshot';

const entry = (seq: number, type: string, data: Record<string, unknown>): LogEntry => ({
  seq,
  type,
  data: JSON.stringify({ type, ...data }),
  last: false,
});
const text = (seq: number, t: string, offset: number) =>
  entry(seq, 'text', { messageId: 'r', conversationId: 'c', text: t, offset });

describe('mergeSnapshot', () => {
  it('sends created, then everything so far as one text event at offset 0, at the last text seq', () => {
    const merged = mergeSnapshot(
      [
        entry(1, 'created', {}),
        entry(2, 'sync', { conversationId: 'c' }),
        text(3, 'Hel', 0),
        text(4, 'lo', 3),
      ],
      { responseMessageId: 'r', initialText: '' },
      'c',
    );
    expect(merged.map((e) => [e.seq, e.type])).toEqual([
      [1, 'created'],
      [2, 'sync'],
      [4, 'text'],
    ]);
    expect(JSON.parse(merged[2]?.data ?? '')).toEqual({
      type: 'text',
      messageId: 'r',
      conversationId: 'c',
      text: 'Hello',
      offset: 0,
    });
  });

  it('starts from the text being continued, and keeps later entries after the merged text', () => {
    const merged = mergeSnapshot(
      [
        entry(1, 'created', {}),
        text(2, ' more', 5),
        entry(3, 'error', { kind: 'upstream', message: 'x', text: 'y' }),
      ],
      { responseMessageId: 'r', initialText: 'Start' },
      'c',
    );
    expect(merged.map((e) => e.type)).toEqual(['created', 'text', 'error']);
    expect(JSON.parse(merged[1]?.data ?? '')).toMatchObject({ text: 'Start more', offset: 0 });
  });
});
