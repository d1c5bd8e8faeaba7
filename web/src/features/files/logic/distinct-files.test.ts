import { describe, expect, it } from 'vitest';
import { distinctFiles } from './distinct-files';

const file = (id: string, filename: string, bytes: number, updatedAt: string) => ({
  id,
  filename,
  type: 'application/pdf',
  bytes,
  updatedAt,
});

describe('distinctFiles', () => {
  it('lists the same PDF uploaded twice once, as its newest upload, in the list order', () => {
    const files = [
      file('new', 'report.pdf', 1200, '2026-11-28T10:00:00Z'),
      file('other', 'notes.pdf', 1200, '2026-11-28T09:30:00Z'),
      file('old', 'report.pdf', 1200, '2026-11-27T10:00:00Z'),
    ];
    expect(distinctFiles(files).map((f) => f.id)).toEqual(['new', 'other']);
  });

  it('keeps files that share a name but differ in size or type', () => {
    const files = [
      file('a', 'report.pdf', 1200, '2026-11-28T10:00:00Z'),
      file('b', 'report.pdf', 1300, '2026-11-28T09:00:00Z'),
      { ...file('c', 'report.pdf', 1200, '2026-11-28T08:00:00Z'), type: 'text/plain' },
    ];
    expect(distinctFiles(files).map((f) => f.id)).toEqual(['a', 'b', 'c']);
  });
});
