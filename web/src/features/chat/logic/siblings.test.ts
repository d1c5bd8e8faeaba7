import { describe, expect, it } from 'vitest';
import { pagerState } from './siblings';

describe('pagerState', () => {
  it('disables previous at the first sibling and next at the last', () => {
    expect(pagerState(0, 3)).toEqual({ index: 0, total: 3, canPrevious: false, canNext: true });
    expect(pagerState(2, 3)).toMatchObject({ canPrevious: true, canNext: false });
    expect(pagerState(0, 1)).toMatchObject({ canPrevious: false, canNext: false });
  });
});
