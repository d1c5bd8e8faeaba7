import { describe, expect, it } from 'vitest';
import { periodStart } from './search-period';

describe('periodStart (search period filter: Last 7 days, Last 30 days)', () => {
  const now = new Date(2026, 10, 26, 15, 30);

  it('any time keeps everything', () => expect(periodStart('any', now)).toBeNull());

  it('Last 7 days starts where the list’s Previous 7 days heading starts: 7 days before today began', () => {
    expect(periodStart('last7', now)).toBe(new Date(2026, 10, 19).getTime());
  });

  it('Last 30 days starts where Previous 30 days starts', () => {
    expect(periodStart('last30', now)).toBe(new Date(2026, 9, 27).getTime());
  });
});
