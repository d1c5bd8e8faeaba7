import { describe, expect, it } from 'vitest';
import type { FileObject } from '@parley/shared/schemas/file';
import type { Attachment } from './attachment';
import { attachmentsReducer, newAttachment, storedAttachment } from './attachments-reducer';
import {
  parsePendingFiles,
  temporaryFiles,
  uploadsToDelete,
  withoutPending,
  withPending,
} from './files-to-delete';

describe('files to delete (localStorage record)', () => {
  const a = { file_id: 'a', temp_file_id: 't-a', filepath: '/a', source: 'local' as const, embedded: false };
  const b = { file_id: 'b', temp_file_id: 't-b', filepath: '/b', source: 'local' as const, embedded: true };

  it('adds and removes files by id', () => {
    const record = withPending(withPending({}, a), b);
    expect(Object.keys(record)).toEqual(['a', 'b']);
    expect(withoutPending(record, ['a'])).toEqual({ b });
  });

  it('round-trips through JSON and reads garbage as empty', () => {
    expect(parsePendingFiles(JSON.stringify(withPending({}, a)))).toEqual({ a });
    expect(parsePendingFiles('not json')).toEqual({});
    expect(parsePendingFiles('{"x": 3}')).toEqual({});
    expect(parsePendingFiles(null)).toEqual({});
  });

  it('deletes only temporary, non-embedded files on load', () => {
    const permanent = { file_id: 'c', filepath: '/c' };
    expect(temporaryFiles({ a, b, c: permanent })).toEqual([
      { file_id: 'a', filepath: '/a', source: 'local', embedded: false },
    ]);
  });

  it('a removed chip deletes its finished upload, never a file attached from the files list', () => {
    const file = (id: string, name: string): FileObject => ({
      file_id: id,
      filename: name,
      filepath: `/api/files/content/${id}?sig=x`,
      type: 'text/plain',
      bytes: 5,
      source: 'local',
      embedded: false,
      usage: 0,
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-01T00:00:00Z',
    });
    const upload = (tempId: string, name: string) =>
      newAttachment({
        tempId,
        file: { name, type: 'text/plain', size: 5 },
        type: 'text/plain',
        preview: null,
      });
    const chips = [
      upload('t-up', 'new.txt'),
      upload('t-busy', 'busy.txt'),
      storedAttachment('t-old', file('old', 'old.txt')),
    ].reduce(
      (list, chip) => attachmentsReducer(list, { type: 'added', attachments: [chip] }),
      [] as Attachment[],
    );
    const done = attachmentsReducer(chips, { type: 'stored', tempId: 't-up', file: file('up', 'new.txt') });
    expect(uploadsToDelete(done)).toEqual([
      { file_id: 'up', filepath: '/api/files/content/up?sig=x', source: 'local', embedded: false },
    ]);
  });
});
