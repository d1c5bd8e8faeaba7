import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExtractionPool } from './extraction-pool';
import { makeDocx, makeDocxBomb, makePdf } from './test-documents';

const base = {
  maxBytes: 50 * 1024 * 1024,
  maxCharacters: 5_000_000,
  wholeTextCharacters: 100_000,
  chunk: { size: 1500, overlap: 100 },
};

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'parley-extract-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function file(name: string, bytes: Uint8Array | string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, bytes);
  return path;
}

describe('extraction pool (worker threads)', () => {
  it('extracts in a worker, and a zip bomb only costs that worker', async () => {
    const pool = createExtractionPool({ size: 1, maxMemoryMb: 96 });
    try {
      const bomb = await file('bomb.docx', makeDocxBomb(300));
      const docx = await file('ok.docx', await makeDocx(['After the bomb, this still reads.']));
      const [bombed, fine] = await Promise.all([
        pool.extract({ ...base, path: bomb, kind: 'docx' }),
        pool.extract({ ...base, path: docx, kind: 'docx' }),
      ]);
      expect(bombed.ok).toBe(false);
      expect(fine.ok && fine.text).toBe('After the bomb, this still reads.');
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('terminates a worker past the time limit and carries on with a fresh one', async () => {
    const pool = createExtractionPool({ size: 1, timeoutMs: 150 });
    try {
      const pages = Array.from({ length: 300 }, (_, index) => `Page ${index + 1}\n${'words '.repeat(300)}`);
      const slow = await file('slow.pdf', await makePdf(pages));
      expect(await pool.extract({ ...base, path: slow, kind: 'pdf' })).toEqual({
        ok: false,
        reason: 'too_slow',
      });
    } finally {
      await pool.close();
    }
    const next = createExtractionPool({ size: 1 });
    try {
      const text = await file('a.txt', 'plain words');
      expect(await next.extract({ ...base, path: text, kind: 'text' })).toMatchObject({
        ok: true,
        text: 'plain words',
      });
    } finally {
      await next.close();
    }
  }, 60_000);

  it('refuses a file above the byte cap without reading it', async () => {
    const pool = createExtractionPool();
    try {
      const big = await file('big.txt', 'x'.repeat(5000));
      expect(await pool.extract({ ...base, maxBytes: 1000, path: big, kind: 'text' })).toEqual({
        ok: false,
        reason: 'too_large',
      });
    } finally {
      await pool.close();
    }
  });
});
