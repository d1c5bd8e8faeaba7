import { describe, expect, it } from 'vitest';
import { fileFormatLabel } from './file-label';

describe('fileFormatLabel', () => {
  it('uses the extension, else the MIME subtype, else nothing', () => {
    expect(fileFormatLabel('notes.txt', 'text/plain')).toBe('TXT');
    expect(fileFormatLabel('Makefile', 'text/x-makefile')).toBe('MAKEFILE');
    expect(fileFormatLabel('README', 'text/markdown')).toBe('MARKDOWN');
    expect(fileFormatLabel('.env', undefined)).toBe('');
  });
});
