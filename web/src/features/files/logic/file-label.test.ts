import { describe, expect, it } from 'vitest';
import { fileFormatLabel, splitFilename } from './file-label';

describe('fileFormatLabel', () => {
  it('uses the extension, else the MIME subtype, else nothing', () => {
    expect(fileFormatLabel('notes.txt', 'text/plain')).toBe('TXT');
    expect(fileFormatLabel('Makefile', 'text/x-makefile')).toBe('MAKEFILE');
    expect(fileFormatLabel('README', 'text/markdown')).toBe('MARKDOWN');
    expect(fileFormatLabel('.env', undefined)).toBe('');
  });
});

describe('splitFilename', () => {
  it('keeps a short name whole', () => {
    expect(splitFilename('notes.txt')).toEqual({ head: 'notes.txt', tail: '' });
  });

  it('keeps the extension and the four characters before it apart from a long name', () => {
    expect(splitFilename('meeting-notes-10.md')).toEqual({ head: 'meeting-note', tail: 's-10.md' });
    expect(splitFilename('quarterly-report-2026.txt')).toEqual({
      head: 'quarterly-report-',
      tail: '2026.txt',
    });
  });

  it('treats a long or missing extension as part of the name', () => {
    expect(splitFilename('a-very-long-makefile')).toEqual({ head: 'a-very-long-make', tail: 'file' });
    expect(splitFilename('archive.verylongextension')).toEqual({
      head: 'archive.verylongexten',
      tail: 'sion',
    });
  });
});
