import { describe, expect, it } from 'vitest';
import { windowOf } from './windows';

const at = (iso: string) => new Date(iso);

describe('budget windows (UTC calendar)', () => {
  it('is the UTC day, whatever the hour', () => {
    expect(windowOf('day', at('2026-11-28T23:59:59.999Z'))).toEqual({
      from: at('2026-11-28T00:00:00Z'),
      to: at('2026-11-29T00:00:00Z'),
    });
    expect(windowOf('day', at('2026-11-29T00:00:00Z')).from).toEqual(at('2026-11-29T00:00:00Z'));
  });

  it('is the ISO week from Monday, a Sunday belonging to the week before', () => {
    // 2026-11-28 is a Saturday, 2026-11-29 a Sunday, 2026-11-30 a Monday.
    expect(windowOf('week', at('2026-11-28T12:00:00Z'))).toEqual({
      from: at('2026-11-23T00:00:00Z'),
      to: at('2026-11-30T00:00:00Z'),
    });
    expect(windowOf('week', at('2026-11-29T23:59:59Z')).from).toEqual(at('2026-11-23T00:00:00Z'));
    expect(windowOf('week', at('2026-11-30T00:00:00Z')).from).toEqual(at('2026-11-30T00:00:00Z'));
    // A week across the new year.
    expect(windowOf('week', at('2027-01-01T08:00:00Z'))).toEqual({
      from: at('2026-12-28T00:00:00Z'),
      to: at('2027-01-04T00:00:00Z'),
    });
  });

  it('is the calendar month, December rolling into January and February of a leap year', () => {
    expect(windowOf('month', at('2026-12-31T23:00:00Z'))).toEqual({
      from: at('2026-12-01T00:00:00Z'),
      to: at('2027-01-01T00:00:00Z'),
    });
    expect(windowOf('month', at('2028-02-29T10:00:00Z')).to).toEqual(at('2028-03-01T00:00:00Z'));
  });
});
