import { describe, expect, it } from 'vitest';
import { clampStopSequences } from './clamp-stop-sequences';

describe('clampStopSequences', () => {
  it('keeps the last four sequences when more are given', () => {
    expect(clampStopSequences(['a', 'b', 'c', 'd', 'e'])).toEqual(['b', 'c', 'd', 'e']);
  });

  it('drops empty sequences and returns undefined when none are left', () => {
    expect(clampStopSequences(['', 'x', ''])).toEqual(['x']);
    expect(clampStopSequences([''])).toBeUndefined();
    expect(clampStopSequences(undefined)).toBeUndefined();
  });
});
