/** What the pager shows for a message: its position (0-based) among its siblings and their number. */
export interface PagerState {
  index: number;
  total: number;
  canPrevious: boolean;
  canNext: boolean;
}

export function pagerState(index: number, total: number): PagerState {
  return { index, total, canPrevious: index > 0, canNext: index < total - 1 };
}
