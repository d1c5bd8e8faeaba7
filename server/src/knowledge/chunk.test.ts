import { describe, expect, it } from 'vitest';
import { chunkSegments } from './chunk';

const sentence = (n: number) => `Sentence number ${n} says something plain about the topic at hand.`;

describe('chunkSegments', () => {
  it('keeps chunks within the size, ends them on sentence ends and overlaps them', () => {
    const text = Array.from({ length: 200 }, (_, index) => sentence(index)).join(' ');
    const chunks = chunkSegments([{ text }], { size: 500, overlap: 100 });
    expect(chunks.length).toBeGreaterThan(20);
    for (const [index, chunk] of chunks.entries()) {
      expect(chunk.text.length).toBeLessThanOrEqual(500);
      expect(chunk.index).toBe(index);
      expect(text.slice(chunk.offset, chunk.offset + chunk.text.length)).toBe(chunk.text);
      if (index < chunks.length - 1) expect(chunk.text.endsWith('.')).toBe(true);
      const previous = chunks[index - 1];
      if (previous) expect(chunk.offset).toBeLessThan(previous.offset + previous.text.length);
    }
  });

  it('prefers paragraph ends', () => {
    const paragraph = (n: number) =>
      Array.from({ length: 4 }, (_, index) => sentence(n * 10 + index)).join(' ');
    const text = [paragraph(1), paragraph(2), paragraph(3)].join('\n\n');
    const chunks = chunkSegments([{ text }], { size: 300, overlap: 0 });
    expect(chunks.map((chunk) => chunk.text)).toEqual([paragraph(1), paragraph(2), paragraph(3)]);
  });

  it('cuts text without any boundary at the size', () => {
    const chunks = chunkSegments([{ text: 'x'.repeat(2500) }], { size: 1000, overlap: 100 });
    expect(chunks.map((chunk) => chunk.text.length)).toEqual([1000, 1000, 700]);
  });

  it('gives PDF chunks their page and text chunks their first line', () => {
    const pages = chunkSegments(
      [
        { page: 1, text: 'one' },
        { page: 2, text: '' },
        { page: 3, text: 'three' },
      ],
      { size: 100, overlap: 10 },
    );
    expect(pages.map((chunk) => [chunk.index, chunk.page, chunk.line])).toEqual([
      [0, 1, null],
      [1, 3, null],
    ]);
    const lines = Array.from({ length: 100 }, (_, index) => `line ${index + 1}`).join('\n');
    for (const chunk of chunkSegments([{ text: lines }], { size: 120, overlap: 20 })) {
      expect(chunk.text.startsWith(`line ${chunk.line}\n`)).toBe(true);
    }
  });
});
