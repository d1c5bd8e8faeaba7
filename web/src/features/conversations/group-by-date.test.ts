import { describe, expect, it } from 'vitest';
import { dateGroupOf, groupByDate } from './group-by-date';

const now = new Date(2026, 4, 20, 15, 0); // 20 May 2026, 15:00 local

describe('dateGroupOf', () => {
  it('puts anything since midnight under Today', () => {
    expect(dateGroupOf(new Date(2026, 4, 20, 0, 1), now)).toEqual({ kind: 'today' });
  });

  it('puts the day before under Yesterday', () => {
    expect(dateGroupOf(new Date(2026, 4, 19, 23, 59), now)).toEqual({ kind: 'yesterday' });
    expect(dateGroupOf(new Date(2026, 4, 19, 0, 0), now)).toEqual({ kind: 'yesterday' });
  });

  it('uses Previous 7 days, then Previous 30 days', () => {
    expect(dateGroupOf(new Date(2026, 4, 14), now)).toEqual({ kind: 'previous7' });
    expect(dateGroupOf(new Date(2026, 4, 12), now)).toEqual({ kind: 'previous30' });
    expect(dateGroupOf(new Date(2026, 3, 21), now)).toEqual({ kind: 'previous30' });
  });

  it('names the month within this year and the year before that', () => {
    expect(dateGroupOf(new Date(2026, 1, 3), now)).toEqual({ kind: 'month', month: 1 });
    expect(dateGroupOf(new Date(2025, 11, 31), now)).toEqual({ kind: 'year', year: 2025 });
  });
});

describe('groupByDate', () => {
  it('keeps the API order and makes one heading per group', () => {
    const items = [
      { id: 'a', updatedAt: new Date(2026, 4, 20, 9).toISOString() },
      { id: 'b', updatedAt: new Date(2026, 4, 20, 8).toISOString() },
      { id: 'c', updatedAt: new Date(2026, 4, 19, 8).toISOString() },
      { id: 'd', updatedAt: new Date(2024, 0, 1).toISOString() },
    ];
    const groups = groupByDate(items, now);
    expect(groups.map((group) => group.key)).toEqual(['today', 'yesterday', 'year-2024']);
    expect(groups[0]?.items.map((item) => item.id)).toEqual(['a', 'b']);
  });

  it('keeps an item with an unreadable date with the one before it', () => {
    const items = [
      { id: 'a', updatedAt: new Date(2026, 4, 19, 9).toISOString() },
      { id: 'b', updatedAt: 'garbage' },
    ];
    expect(groupByDate(items, now).map((group) => group.items.length)).toEqual([2]);
  });
});
