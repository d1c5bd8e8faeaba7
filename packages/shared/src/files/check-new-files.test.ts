import { describe, expect, it } from 'vitest';
import { checkNewFiles } from './check-new-files';
import { MEGABYTE, mergeFileConfig } from './file-config';

const config = mergeFileConfig({
  endpoints: { small: { fileLimit: 2, fileSizeLimit: 1, totalSizeLimit: 1.5 }, off: { disabled: true } },
});
const txt = (name: string, size = 10) => ({ name, size, type: 'text/plain' });

describe('checkNewFiles', () => {
  it('accepts allowed files and reports the type they were judged by', () => {
    const result = checkNewFiles({
      config,
      endpoint: 'openAI',
      incoming: [txt('a.txt'), { name: 'b.py', size: 4, type: '' }],
    });
    expect(result).toEqual({
      ok: true,
      files: [
        { file: txt('a.txt'), type: 'text/plain' },
        { file: { name: 'b.py', size: 4, type: '' }, type: 'text/x-python' },
      ],
    });
  });

  it('counts existing plus new files against fileLimit', () => {
    const existing = [{ filename: 'x.txt', bytes: 1, type: 'text/plain' }];
    expect(
      checkNewFiles({ config, endpoint: 'small', existing, incoming: [txt('a.txt'), txt('b.txt')] }),
    ).toMatchObject({
      ok: false,
      error: 'You can only upload up to 2 files at a time.',
      problem: { code: 'file_limit', limit: 2 },
    });
  });

  it('names a file whose type cannot be determined', () => {
    expect(
      checkNewFiles({ config, endpoint: 'openAI', incoming: [{ name: 'LICENSE', size: 1, type: '' }] }),
    ).toMatchObject({
      ok: false,
      error: 'Unable to determine file type for: LICENSE',
      problem: { code: 'unknown_type', filename: 'LICENSE' },
    });
  });

  it('rejects a type the endpoint does not support', () => {
    expect(
      checkNewFiles({
        config,
        endpoint: 'openAI',
        incoming: [{ name: 'clip.mp4', size: 1, type: 'video/mp4' }],
      }),
    ).toMatchObject({
      ok: false,
      error: 'Currently, unsupported file type: video/mp4',
      problem: { code: 'unsupported_type', type: 'video/mp4' },
    });
  });

  it('rejects a file that is not below fileSizeLimit', () => {
    expect(checkNewFiles({ config, endpoint: 'small', incoming: [txt('a.txt', MEGABYTE)] })).toMatchObject({
      ok: false,
      error: 'File size exceeds 1 MB.',
      problem: { code: 'file_too_large', megabytes: 1 },
    });
  });

  it('rejects files whose total with the existing ones passes totalSizeLimit', () => {
    const existing = [{ filename: 'x.txt', bytes: MEGABYTE, type: 'text/plain' }];
    expect(
      checkNewFiles({ config, endpoint: 'small', existing, incoming: [txt('a.txt', MEGABYTE / 2 + 1)] }),
    ).toMatchObject({
      ok: false,
      error: 'The total size of the files cannot exceed 1.5 MB.',
      problem: { code: 'total_too_large', megabytes: 1.5 },
    });
  });

  it('detects duplicates by name, size and top-level type', () => {
    const existing = [{ filename: 'a.txt', bytes: 10, type: 'text/markdown' }];
    expect(checkNewFiles({ config, endpoint: 'openAI', existing, incoming: [txt('a.txt')] })).toMatchObject({
      ok: false,
      error: 'Duplicate file detected.',
      problem: { code: 'duplicate' },
    });
    expect(checkNewFiles({ config, endpoint: 'openAI', incoming: [txt('a.txt'), txt('a.txt')] }).ok).toBe(
      false,
    );
    expect(checkNewFiles({ config, endpoint: 'openAI', incoming: [txt('a.txt'), txt('a.txt', 11)] }).ok).toBe(
      true,
    );
  });

  it('lets nothing through a disabled endpoint', () => {
    expect(checkNewFiles({ config, endpoint: 'off', incoming: [txt('a.txt')] })).toMatchObject({
      ok: false,
      error: 'You can only upload up to 0 files at a time.',
    });
  });
});
