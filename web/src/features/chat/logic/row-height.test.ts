import { describe, expect, it } from 'vitest';
import { estimateRowHeight, openingOffset, textColumnWidth } from './row-height';

describe('estimateRowHeight', () => {
  const column = textColumnWidth(1280);

  it('gives a one-line message one line of text', () => {
    const one = estimateRowHeight('Hello there.', column);
    expect(one).toBeGreaterThan(100);
    expect(one).toBeLessThan(125);
    expect(estimateRowHeight('', column)).toBe(one);
  });

  it('grows with wrapped lines, paragraphs and code blocks', () => {
    const one = estimateRowHeight('word', column);
    const long = estimateRowHeight('word '.repeat(100), column);
    const paragraphs = estimateRowHeight('a\n\nb', column);
    const code = estimateRowHeight('```js\nconst a = 1;\nconst b = 2;\n```', column);
    expect(long).toBeGreaterThan(one + 3 * 24);
    expect(paragraphs).toBeGreaterThan(one + 24);
    expect(code).toBeGreaterThan(one + 100);
  });

  it('wraps sooner in a narrow list', () => {
    const text = 'word '.repeat(40);
    expect(estimateRowHeight(text, textColumnWidth(375))).toBeGreaterThan(estimateRowHeight(text, column));
  });
});

describe('openingOffset', () => {
  const rows = [100, 100, 100, 300];
  const estimate = (index: number) => rows[index] ?? 0;

  it('starts at the latest message when it is taller than the view', () => {
    expect(openingOffset(4, estimate, false, 200)).toBe(300);
  });

  it('stops at the end when the latest message is shorter than the view', () => {
    expect(openingOffset(4, estimate, false, 500)).toBe(100);
  });

  it('opens at the end with auto-scroll, and at the top of what does not fill the view', () => {
    expect(openingOffset(4, estimate, true, 200)).toBe(400);
    expect(openingOffset(4, estimate, true, 1000)).toBe(0);
    expect(openingOffset(0, estimate, true, 200)).toBe(0);
  });
});
