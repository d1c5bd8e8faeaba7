import { randomUUID } from 'node:crypto';
import { existsSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test/test-app';
import { STALE_SPOOL_MS, sweepSpool } from './sweep-spool';

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
