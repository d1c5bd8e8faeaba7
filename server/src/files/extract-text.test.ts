import { describe, expect, it } from 'vitest';
import { createTextExtractor } from './extract-text';

const extract = (chunks: Uint8Array[], max?: number): string => {
  const extractor = createTextExtractor(max);
  for (const chunk of chunks) extractor.write(chunk);
  return extractor.text();
};

describe('createTextExtractor', () => {
  it('decodes characters split across chunks', () => {
    const bytes = Buffer.from('héllo 😀 wörld');
    const oneByOne = Array.from(bytes, (byte) => Uint8Array.of(byte));
    expect(extract(oneByOne)).toBe('héllo 😀 wörld');
  });

  it('keeps at most the cap, counted in code points, never half a pair', () => {
    expect(extract([Buffer.from('😀😀😀'), Buffer.from('more')], 2)).toBe('😀😀');
    expect(extract([Buffer.from('abc'), Buffer.from('def')], 4)).toBe('abcd');
  });

  it('drops a byte order mark, replaces invalid bytes and NUL', () => {
    expect(extract([Buffer.from([0xef, 0xbb, 0xbf, 0x61, 0xff, 0x00, 0x62])])).toBe('a\uFFFD\uFFFDb');
  });

  it('answers an empty text for an empty file', () => {
    expect(extract([])).toBe('');
  });
});
