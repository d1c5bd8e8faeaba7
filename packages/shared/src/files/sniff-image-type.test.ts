import { describe, expect, it } from 'vitest';
import { IMAGE_SIGNATURE_BYTES, sniffImageType } from './sniff-image-type';

const bytes = (...parts: (string | number[])[]): Uint8Array =>
  Uint8Array.from(
    parts.flatMap((part) => (typeof part === 'string' ? Array.from(part, (c) => c.charCodeAt(0)) : part)),
  );

describe('sniffImageType', () => {
  it('recognises png, jpeg, gif and webp by their signatures', () => {
    expect(sniffImageType(bytes([0x89], 'PNG\r\n', [0x1a, 0x0a, 0, 0, 0, 13]))).toBe('image/png');
    expect(sniffImageType(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(bytes('GIF89a', [1, 0]))).toBe('image/gif');
    expect(sniffImageType(bytes('GIF87a'))).toBe('image/gif');
    expect(sniffImageType(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toBe('image/webp');
  });

  it('answers undefined for anything else, however short', () => {
    expect(sniffImageType(bytes('<html><script>alert(1)</script>'))).toBeUndefined();
    expect(sniffImageType(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(sniffImageType(bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '))).toBeUndefined();
    expect(sniffImageType(bytes([0x89], 'PN'))).toBeUndefined();
    expect(sniffImageType(new Uint8Array())).toBeUndefined();
  });

  it('needs no more than IMAGE_SIGNATURE_BYTES', () => {
    const webp = bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8L', [9, 9, 9]);
    expect(sniffImageType(webp.subarray(0, IMAGE_SIGNATURE_BYTES))).toBe('image/webp');
  });
});
