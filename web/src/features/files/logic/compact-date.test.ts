import { describe, expect, it } from 'vitest';
import { compactDate, compactDateFormats } from './compact-date';

describe('compactDate', () => {
  const formats = compactDateFormats('en-US');
  const now = new Date(2026, 10, 22, 12);

  it('leaves out the year for a date of this year', () => {
    expect(compactDate(new Date(2026, 0, 5, 12), now, formats)).toBe('Jan 5');
  });

  it('shows the short numeric date for another year', () => {
    expect(compactDate(new Date(2025, 11, 31, 12), now, formats)).toBe('12/31/25');
  });
});
