import { describe, expect, it } from 'vitest';
import type { FileObject } from '@parley/shared/schemas/file';
import { isUploading, messageFiles, UPLOAD_PROGRESS, type Attachment } from './attachment';
import { attachmentsReducer, newAttachment, storedAttachment } from './attachments-reducer';

const image = newAttachment({
  tempId: 't1',
  file: { name: 'cat.png', type: 'image/png', size: 100 },
  type: 'image/png',
  preview: 'blob:cat',
});
const doc = newAttachment({
  tempId: 't2',
  file: { name: 'notes.txt', type: 'text/plain', size: 12 },
  type: 'text/plain',
  preview: null,
});

const stored: FileObject = {
  file_id: '6f1d7c1e-1c1a-4a34-9b9e-0a1f5d7e8c11',
  temp_file_id: 't1',
  filename: 'cat.png',
  filepath: '/api/files/content/6f1d?sig=x',
  type: 'image/png',
  bytes: 100,
  width: 4,
  height: 3,
  source: 'local',
  embedded: false,
  usage: 0,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

function run(...actions: Parameters<typeof attachmentsReducer>[1][]): Attachment[] {
  return actions.reduce(attachmentsReducer, [] as Attachment[]);
}

describe('composer attachments', () => {
  it('an image goes 0.2 on add, 0.6 once sized, 0.9 uploaded, 1 with the server metadata', () => {
    const steps = [
      run({ type: 'added', attachments: [image] }),
      run({ type: 'added', attachments: [image] }, { type: 'sized', tempId: 't1', width: 4, height: 3 }),
      run({ type: 'added', attachments: [image] }, { type: 'uploaded', tempId: 't1' }),
      run({ type: 'added', attachments: [image] }, { type: 'stored', tempId: 't1', file: stored }),
    ];
    expect(steps.map((list) => list[0]?.progress)).toEqual([0.2, 0.6, 0.9, 1]);
    expect(steps[3]?.[0]).toMatchObject({ fileId: stored.file_id, filepath: stored.filepath, width: 4 });
  });

  it('keeps order, removes by temp id and ignores news about removed chips', () => {
    const list = run(
      { type: 'added', attachments: [image, doc] },
      { type: 'removed', tempIds: ['t1'] },
      { type: 'stored', tempId: 't1', file: stored },
    );
    expect(list.map((item) => item.tempId)).toEqual(['t2']);
    expect(run({ type: 'added', attachments: [image, doc] }, { type: 'cleared' })).toEqual([]);
  });

  it('is uploading until every chip reaches 1', () => {
    const list = run({ type: 'added', attachments: [image] }, { type: 'stored', tempId: 't1', file: stored });
    expect(isUploading(list)).toBe(false);
    expect(isUploading(attachmentsReducer(list, { type: 'added', attachments: [doc] }))).toBe(true);
    expect(isUploading([])).toBe(false);
    expect(UPLOAD_PROGRESS.done).toBe(1);
  });

  it('sends only uploaded files, with their server id and link', () => {
    const list = run(
      { type: 'added', attachments: [image, doc] },
      { type: 'stored', tempId: 't1', file: stored },
    );
    expect(messageFiles(list)).toEqual([
      {
        file_id: stored.file_id,
        filename: 'cat.png',
        filepath: stored.filepath,
        type: 'image/png',
        width: 4,
        height: 3,
      },
    ]);
  });

  it('a file from the files list is complete at once, attached, and added only once', () => {
    const chosen = storedAttachment('t9', { ...stored, temp_file_id: null, filename: 'old.png' });
    expect(chosen).toMatchObject({ progress: 1, attached: true, fileId: stored.file_id, preview: null });
    expect(doc.attached).toBe(false);
    const list = run(
      { type: 'added', attachments: [doc] },
      { type: 'attached', attachment: chosen },
      { type: 'attached', attachment: { ...chosen, tempId: 't10' } },
    );
    expect(list.map((item) => item.tempId)).toEqual(['t2', 't9']);
    expect(isUploading(list.slice(1))).toBe(false);
    expect(messageFiles(list)).toEqual([
      {
        file_id: stored.file_id,
        filename: 'old.png',
        filepath: stored.filepath,
        type: 'image/png',
        width: 4,
        height: 3,
      },
    ]);
  });
});
