import { describe, expect, it } from 'vitest';
import { countInPieces, RUN_MAX } from './count-in-pieces';

/** Counts with a stand-in encoder that keeps every piece it is handed. */
function piecesOf(text: string): { total: number; pieces: string[] } {
  const pieces: string[] = [];
  const total = countInPieces((piece) => {
    pieces.push(piece);
    return piece.length;
  }, text);
  return { total, pieces };
}

const longestRun = (piece: string): number => Math.max(0, ...piece.split(/\s/u).map((run) => run.length));

describe('countInPieces', () => {
  // BPE is quadratic in the length of a run without spaces: the encoder never sees a long one.
  it.for(['x', 'é', '😀', '\u0301'])(
    'hands the encoder a megabyte of %j in short runs, all of it',
    (unit) => {
      const text = unit.repeat(1_000_000 / unit.length);
      const { total, pieces } = piecesOf(text);
      expect(pieces.join('')).toBe(text);
      expect(total).toBe(text.length);
      expect(Math.max(...pieces.map((piece) => Array.from(piece).length))).toBeLessThanOrEqual(RUN_MAX);
    },
  );

  it('keeps ordinary text in pieces of whole words of at most 4,000 characters', () => {
    const text = 'the quick brown fox '.repeat(1_000);
    const { pieces } = piecesOf(text);
    expect(pieces.join('')).toBe(text);
    expect(Math.max(...pieces.map((piece) => piece.length))).toBeLessThanOrEqual(4_000);
    expect(pieces.every((piece) => longestRun(piece) <= 5)).toBe(true);
    expect(pieces.length).toBeLessThan(10);
  });
});
