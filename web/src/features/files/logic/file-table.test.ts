import { describe, expect, it } from 'vitest';
import type { FileObject } from '@parley/shared/schemas/file';
import { fileTableView, filterFiles, nextSort, sortFiles } from './file-table';

function file(filename: string, updatedAt: string): FileObject {
  return {
    file_id: crypto.randomUUID(),
    filename,
    filepath: `/api/files/content/${filename}`,
    type: 'text/plain',
    bytes: 10,
    source: 'local',
    embedded: false,
    usage: 0,
    createdAt: updatedAt,
    updatedAt,
  };
}

const names = (files: readonly { filename: string }[]) => files.map((f) => f.filename);

describe('files table', () => {
  const files = [
    file('notes.txt', '2026-01-03T00:00:00Z'),
    file('Report 10.pdf', '2026-01-01T00:00:00Z'),
    file('report 2.pdf', '2026-01-02T00:00:00Z'),
  ];

  it('filters by name, ignoring case', () => {
    expect(names(filterFiles(files, '  REPORT '))).toEqual(['Report 10.pdf', 'report 2.pdf']);
    expect(names(filterFiles(files, ''))).toEqual(names(files));
  });

  it('sorts names naturally and dates by time, both ways', () => {
    expect(names(sortFiles(files, { column: 'filename', direction: 'asc' }))).toEqual([
      'notes.txt',
      'report 2.pdf',
      'Report 10.pdf',
    ]);
    expect(names(sortFiles(files, { column: 'updatedAt', direction: 'desc' }))).toEqual([
      'notes.txt',
      'report 2.pdf',
      'Report 10.pdf',
    ]);
    expect(names(sortFiles(files, { column: 'updatedAt', direction: 'asc' }))).toEqual([
      'Report 10.pdf',
      'report 2.pdf',
      'notes.txt',
    ]);
    expect(names(sortFiles(files, null))).toEqual(names(files));
  });

  it('pages ten rows at a time and keeps the page in range', () => {
    const many = Array.from({ length: 23 }, (_, i) => file(`f${i}.txt`, '2026-01-01T00:00:00Z'));
    const first = fileTableView(many, { filter: '', sort: null, page: 0 });
    expect(first.rows).toHaveLength(10);
    expect(first.pageCount).toBe(3);
    expect(first.matching).toBe(23);
    const last = fileTableView(many, { filter: '', sort: null, page: 2 });
    expect(names(last.rows)).toEqual(['f20.txt', 'f21.txt', 'f22.txt']);
    expect(fileTableView(many, { filter: 'f2', sort: null, page: 2 }).page).toBe(0);
  });

  it('an empty list is one empty page', () => {
    expect(fileTableView([], { filter: '', sort: null, page: 0 })).toEqual({
      rows: [],
      matching: 0,
      page: 0,
      pageCount: 1,
    });
  });

  it('a header click sorts ascending, then descending, then ascending', () => {
    const asc = nextSort(null, 'filename');
    expect(asc).toEqual({ column: 'filename', direction: 'asc' });
    const desc = nextSort(asc, 'filename');
    expect(desc).toEqual({ column: 'filename', direction: 'desc' });
    expect(nextSort(desc, 'filename')).toEqual(asc);
    expect(nextSort(desc, 'updatedAt')).toEqual({ column: 'updatedAt', direction: 'asc' });
  });
});
