import { hash, verify } from '@node-rs/argon2';

/** argon2id (the library's default algorithm) with the OWASP minimum: 19 MiB, 2 passes, 1 lane. */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

let dummyHash: Promise<string> | undefined;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** argon2's verification, as `passwordVerifier` runs it. */
export type VerifyHash = (hash: string, password: string) => Promise<boolean>;

/**
 * Whether `password` matches `passwordHash`. Without a hash (unknown email, social-only account) it still
 * verifies against a dummy hash made with the same parameters, so both cases take as long as a wrong
 * password. `verifyHash` is argon2's; a test passes one that also notes what it verified.
 */
export function passwordVerifier(verifyHash: VerifyHash = verify) {
  return async (passwordHash: string | null, password: string): Promise<boolean> => {
    dummyHash ??= hashPassword('parley-dummy-password');
    const target = passwordHash ?? (await dummyHash);
    const matches = await verifyHash(target, password).catch(() => false);
    return passwordHash !== null && matches;
  };
}

export const verifyPassword = passwordVerifier();
