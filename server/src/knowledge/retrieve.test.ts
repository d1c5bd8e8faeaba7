import { describe, expect, it } from 'vitest';
import type { VectorHit } from './repo';
import { MIN_SIMILARITY, nearHits, SIMILARITY_MARGIN } from './retrieve';

const hit = (chunkIndex: number, similarity: number): VectorHit => ({
  fileId: 'f',
  chunkIndex,
  page: null,
  line: null,
  text: `chunk ${chunkIndex}`,
  similarity,
});

describe('nearHits: the vector hits that match the question', () => {
  it('keeps hits near the best one and drops the rest of the nearest neighbours', () => {
    const kept = nearHits([hit(0, 0.62), hit(1, 0.62 - SIMILARITY_MARGIN + 0.01), hit(2, 0.3), hit(3, 0.05)]);
    expect(kept.map((found) => found.chunkIndex)).toEqual([0, 1]);
    expect(kept[0]).not.toHaveProperty('similarity');
  });

  it('keeps nothing when even the nearest chunk is unrelated', () => {
    expect(nearHits([hit(0, MIN_SIMILARITY - 0.01), hit(1, 0.02)])).toEqual([]);
    expect(nearHits([])).toEqual([]);
  });

  it('judges a model with a high baseline (unrelated text near 0.7) by the margin', () => {
    expect(nearHits([hit(0, 0.88), hit(1, 0.71), hit(2, 0.69)]).map((found) => found.chunkIndex)).toEqual([
      0,
    ]);
  });
});
