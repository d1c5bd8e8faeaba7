import { describe, expect, it } from 'vitest';
import { parsePendingFiles, temporaryFiles, withoutPending, withPending } from './files-to-delete';

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
});
