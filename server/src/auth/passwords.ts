import { hash, verify } from '@node-rs/argon2';

/** argon2id (the library's default algorithm) with the OWASP minimum: 19 MiB, 2 passes, 1 lane. */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

let dummyHash: Promise<string> | undefined;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/**
 * Whether `password` matches `passwordHash`. Without a hash (unknown email, social-only account) it still
 * verifies against a dummy hash, so both cases take as long as a wrong password.
 */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  dummyHash ??= hashPassword('parley-dummy-password');
  const target = passwordHash ?? (await dummyHash);
  const matches = await verify(target, password).catch(() => false);
  return passwordHash !== null && matches;
}
