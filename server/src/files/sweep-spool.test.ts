import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test/test-app';
import { STALE_SPOOL_MS, sweepSpool, sweepUploadParts } from './sweep-spool';

describe('sweepSpool', () => {
  it('removes only stale temporary upload files', async () => {
    const dir = tempDir('parley-spool-');
    const file = (name: string, ageMs: number) => {
      const path = join(dir, name);
      writeFileSync(path, 'x');
      const when = (Date.now() - ageMs) / 1000;
      utimesSync(path, when, when);
      return path;
    };
    const stale = file(`upload-${randomUUID()}.part`, STALE_SPOOL_MS + 60_000);
    const fresh = file(`upload-${randomUUID()}.part`, 1000);
    const foreign = file('notes.txt', STALE_SPOOL_MS + 60_000);
    expect(await sweepSpool(dir)).toBe(1);
    expect([existsSync(stale), existsSync(fresh), existsSync(foreign)]).toEqual([false, true, true]);
    expect(await sweepSpool(join(dir, 'missing'))).toBe(0);
  });
});

describe('sweepUploadParts', () => {
  it('removes only stale half-written files in the user folders of the uploads folder', async () => {
    const root = tempDir('parley-uploads-');
    const user = join(root, randomUUID());
    mkdirSync(user);
    const file = (name: string, ageMs: number) => {
      const path = join(user, name);
      writeFileSync(path, 'x');
      const when = (Date.now() - ageMs) / 1000;
      utimesSync(path, when, when);
      return path;
    };
    const stale = file(`.${randomUUID()}.part`, STALE_SPOOL_MS + 60_000);
    const fresh = file(`.${randomUUID()}.part`, 1000);
    const stored = file(randomUUID(), STALE_SPOOL_MS + 60_000);
    writeFileSync(join(root, 'stray-file'), 'x');
    expect(await sweepUploadParts(root)).toBe(1);
    expect([existsSync(stale), existsSync(fresh), existsSync(stored)]).toEqual([false, true, true]);
    expect(await sweepUploadParts(join(root, 'missing'))).toBe(0);
  });
});
