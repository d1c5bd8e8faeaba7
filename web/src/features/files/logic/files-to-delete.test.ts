import { describe, expect, it } from 'vitest';
import type { FileObject } from '@parley/shared/schemas/file';
import type { Attachment } from './attachment';
import { attachmentsReducer, newAttachment, storedAttachment } from './attachments-reducer';
import {
  deleteBatches,
  FORGET_FOREIGN_MS,
  leftoversOnLoad,
  parsePendingFiles,
  STALE_UPLOAD_MS,
  tabUploads,
  uploadsToDelete,
  withoutPending,
  withPending,
  type PendingFile,
  type PendingFiles,
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

  it('deletes only temporary, non-embedded files on load (old-format entries count as old and own)', () => {
    const permanent = { file_id: 'c', filepath: '/c' };
    const { remove, forget } = leftoversOnLoad({ a, b, c: permanent }, { tabId: 'T1', userId: 'u1' }, 0);
    expect(remove).toEqual([{ file_id: 'a', filepath: '/a', source: 'local', embedded: false }]);
    expect(forget).toEqual(['b', 'c']);
  });

  it('reads old-format and owned entries, and refuses malformed owners', () => {
    const owned = { ...a, tab_id: 'T1', user_id: 'u1', added_at: 5 };
    expect(parsePendingFiles(JSON.stringify({ a, owned }))).toEqual({ a, owned });
    expect(parsePendingFiles(JSON.stringify({ a: { ...a, added_at: 'yesterday' } }))).toEqual({});
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

describe('which pending uploads a tab deletes', () => {
  const now = 1_800_000_000_000;
  const me = { tabId: 'tab-me', userId: 'u1' };
  const entry = (id: string, extra: Partial<PendingFile>): PendingFile => ({
    file_id: id,
    temp_file_id: `t-${id}`,
    filepath: `/api/files/content/${id}`,
    source: 'local',
    embedded: false,
    ...extra,
  });
  const record = (...entries: PendingFile[]): PendingFiles =>
    entries.reduce<PendingFiles>((all, file) => withPending(all, file), {});
  const ids = (files: readonly { file_id: string }[]) => files.map((file) => file.file_id).sort();

  const mine = entry('mine', { tab_id: 'tab-me', user_id: 'u1', added_at: now - 1000 });
  const otherTab = entry('other-tab', { tab_id: 'tab-other', user_id: 'u1', added_at: now - 1000 });
  const goneTab = entry('gone-tab', {
    tab_id: 'tab-gone',
    user_id: 'u1',
    added_at: now - STALE_UPLOAD_MS - 1,
  });
  const oldFormat = entry('old-format', {});
  const otherUser = entry('other-user', { tab_id: 'tab-me', user_id: 'u2', added_at: now - 1000 });
  const otherUserOld = entry('other-user-old', {
    tab_id: 'tab-x',
    user_id: 'u2',
    added_at: now - FORGET_FOREIGN_MS - 1,
  });
  const otherUserWeek = entry('other-user-week', {
    tab_id: 'tab-x',
    user_id: 'u2',
    added_at: now - STALE_UPLOAD_MS * 3,
  });
  const all = record(mine, otherTab, goneTab, oldFormat, otherUser, otherUserOld, otherUserWeek);

  it('a new conversation deletes only this tab’s own uploads of this user', () => {
    expect(ids(tabUploads(all, me))).toEqual(['mine']);
    expect(tabUploads(all, { tabId: 'tab-other', userId: 'u1' }).map((file) => file.file_id)).toEqual([
      'other-tab',
    ]);
    expect(tabUploads(record(entry('emb', { tab_id: 'tab-me', user_id: 'u1', embedded: true })), me)).toEqual(
      [],
    );
  });

  it('on load: own tab, the user’s stale tabs and old-format entries go; another open tab keeps its files', () => {
    const { remove, forget } = leftoversOnLoad(all, me, now);
    expect(ids(remove)).toEqual(['gone-tab', 'mine', 'old-format']);
    expect(remove.find((file) => file.file_id === 'mine')).toEqual({
      file_id: 'mine',
      filepath: '/api/files/content/mine',
      source: 'local',
      embedded: false,
    });
    // Another user's entries are never deleted, only forgotten after a week.
    expect(forget).toEqual(['other-user-old']);
  });

  it('an entry of the same user just under a day old in another tab is kept', () => {
    const recent = entry('recent', { tab_id: 'tab-other', user_id: 'u1', added_at: now - STALE_UPLOAD_MS });
    expect(leftoversOnLoad(record(recent), me, now)).toEqual({ remove: [], forget: [] });
  });

  it('with the user unknown, only entries without a user count as own', () => {
    const { remove } = leftoversOnLoad(all, { tabId: 'tab-me', userId: null }, now);
    expect(ids(remove)).toEqual(['old-format']);
  });

  it('sends deletions in batches of at most 1000', () => {
    const files = Array.from({ length: 2001 }, (_, index) => ({ file_id: `f${index}` }));
    const batches = deleteBatches(files);
    expect(batches.map((batch) => batch.length)).toEqual([1000, 1000, 1]);
    expect(batches.flat()).toEqual(files);
    expect(deleteBatches([])).toEqual([]);
    expect(deleteBatches(files.slice(0, 1000))).toHaveLength(1);
  });
});
