import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

describe('passwords', () => {
  it('hashes with argon2id and verifies only the right password', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'correct horse')).toBe(true);
    expect(await verifyPassword(hash, 'wrong horse')).toBe(false);
  });

  it('never accepts a password without a hash, yet spends an argon2 verification on it', async () => {
    const hash = await hashPassword('correct horse');
    await verifyPassword(null, 'warm-up');
    const time = async (run: () => Promise<boolean>) => {
      const started = performance.now();
      expect(await run()).toBe(false);
      return performance.now() - started;
    };
    const withHash = await time(() => verifyPassword(hash, 'wrong horse'));
    const withoutHash = await time(() => verifyPassword(null, 'wrong horse'));
    // Both run one argon2id verification (tens of ms); without the dummy this would take ~0 ms.
    expect(withoutHash).toBeGreaterThan(withHash * 0.25);
  });
});
