import { describe, expect, it } from 'vitest';
import { evaluateArithmetic } from './env-arithmetic';

describe('evaluateArithmetic', () => {
  it('evaluates the duration expressions of LibreChat .env files', () => {
    expect(evaluateArithmetic('900000')).toBe(900_000);
    expect(evaluateArithmetic('1000 * 60 * 15')).toBe(900_000);
    expect(evaluateArithmetic('(1000 * 60 * 60 * 24) * 7')).toBe(604_800_000);
    expect(evaluateArithmetic('1000*60*60*2')).toBe(7_200_000);
    expect(evaluateArithmetic('10 - 2 * 3 + 8 / 4')).toBe(6);
  });

  it('refuses anything that is not plain arithmetic', () => {
    for (const source of ['', 'process.exit()', '1000 *', '(1 + 2', '2 ** 3', '1e3', '1 / 0', 'abc']) {
      expect(evaluateArithmetic(source)).toBeUndefined();
    }
  });
});
