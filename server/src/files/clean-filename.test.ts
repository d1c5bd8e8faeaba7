import { describe, expect, it } from 'vitest';
import { cleanFilename, MAX_FILENAME_LENGTH } from './clean-filename';

describe('cleanFilename', () => {
  it('decodes the name the web client URL-encodes, and keeps one it did not', () => {
    expect(cleanFilename(encodeURIComponent('résumé final.md'))).toBe('résumé final.md');
    expect(cleanFilename('100% done.txt')).toBe('100% done.txt');
  });

  it('drops any path, in either separator, encoded or not', () => {
    expect(cleanFilename('../../etc/passwd')).toBe('passwd');
    expect(cleanFilename('C:\\Users\\me\\notes.txt')).toBe('notes.txt');
    expect(cleanFilename(encodeURIComponent('../secret/../x.txt'))).toBe('x.txt');
  });

  it('drops control and direction characters', () => {
    expect(cleanFilename('a\u0000b\r\nc\u0085.txt')).toBe('abc.txt');
    expect(cleanFilename('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
  });

  it('answers "file" when nothing usable is left', () => {
    for (const raw of ['', '   ', '..', '.', 'dir/', '\u0001\u0002', '%2e%2e']) {
      expect(cleanFilename(raw), JSON.stringify(raw)).toBe('file');
    }
  });

  it('shortens a long name to 255 characters, keeping its extension', () => {
    const long = cleanFilename(`${'ü'.repeat(300)}.pdf`);
    expect(Array.from(long)).toHaveLength(MAX_FILENAME_LENGTH);
    expect(long.endsWith('ü.pdf')).toBe(true);
    const emoji = cleanFilename('😀'.repeat(400));
    expect(Array.from(emoji)).toHaveLength(MAX_FILENAME_LENGTH);
    expect(emoji).not.toMatch(/[\uD800-\uDBFF]$/);
  });

  it('replaces lone surrogates', () => {
    expect(cleanFilename('a\uD800b.txt')).toBe('a\uFFFDb.txt');
  });
});
