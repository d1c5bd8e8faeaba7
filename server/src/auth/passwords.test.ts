import { describe, expect, it } from 'vitest';
import { verify } from '@node-rs/argon2';
import { hashPassword, passwordVerifier, verifyPassword } from './passwords';

describe('passwords', () => {
  it('hashes with argon2id and verifies only the right password', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'correct horse')).toBe(true);
    expect(await verifyPassword(hash, 'wrong horse')).toBe(false);
  });

  it('never accepts a password without a hash, yet spends an argon2 verification on it', async () => {
    // The real argon2 verification, noting which hash it was given: a login for an unknown email must do
    // the same work as one with a wrong password (timings: bench/).
    const verified: string[] = [];
    const check = passwordVerifier(async (hash, password) => {
      verified.push(hash);
      return verify(hash, password);
    });
    const hash = await hashPassword('correct horse');
    expect(await check(hash, 'wrong horse')).toBe(false);
    expect(await check(null, 'wrong horse')).toBe(false);
    expect(await check(null, 'parley-dummy-password')).toBe(false);
    expect(verified).toHaveLength(3);
    const [withHash, withoutHash] = verified;
    expect(withHash).toBe(hash);
    // A hash of the same cost: argon2id with the same memory, passes and lanes.
    const parameters = (encoded = '') => encoded.split('$').slice(1, 4).join('$');
    expect(parameters(withoutHash)).toBe(parameters(hash));
    expect(parameters(hash)).toBe('argon2id$v=19$m=19456,t=2,p=1');
  });
});
