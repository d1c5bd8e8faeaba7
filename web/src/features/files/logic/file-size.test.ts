import { describe, expect, it } from 'vitest';
import { megabytes } from './file-size';

describe('megabytes', () => {
  it('shows two decimals of 1,048,576-byte megabytes', () => {
    expect(megabytes(1_048_576)).toBe('1.00');
    expect(megabytes(1_572_864)).toBe('1.50');
    expect(megabytes(512 * 1_048_576)).toBe('512.00');
  });

  it('gives null below 0.01 MB, so the table says "< 0.01 MB"', () => {
    expect(megabytes(0)).toBeNull();
    expect(megabytes(10_000)).toBeNull();
    expect(megabytes(10_486)).toBe('0.01');
  });
});
