import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createEncryption, DecryptionError } from './encryption';

const newKey = (): string => randomBytes(32).toString('hex');

function decryptionFailure(run: () => unknown): DecryptionError {
  try {
    run();
  } catch (error) {
    if (error instanceof DecryptionError) return error;
    throw error;
  }
  throw new Error('expected a DecryptionError');
}

describe('encryption', () => {
  it('round-trips a value, including unicode and the empty string', () => {
    const encryption = createEncryption(newKey());
    for (const value of ['sk-secret', '{"apiKey":"ключ 🔑"}', '']) {
      expect(encryption.decrypt(encryption.encrypt(value))).toBe(value);
    }
  });

  it('writes a versioned base64url value that does not contain the plaintext', () => {
    const encrypted = createEncryption(newKey()).encrypt('sk-very-secret-key');
    expect(encrypted).toMatch(/^v1:[\w-]{16}:[\w-]{22}:[\w-]+$/);
    expect(encrypted).not.toContain('secret');
  });

  it('uses a fresh IV for every value, so equal plaintexts encrypt differently', () => {
    const encryption = createEncryption(newKey());
    expect(encryption.encrypt('same')).not.toBe(encryption.encrypt('same'));
  });

  it('refuses a value encrypted with another key', () => {
    const encrypted = createEncryption(newKey()).encrypt('secret');
    const error = decryptionFailure(() => createEncryption(newKey()).decrypt(encrypted));
    expect(error.reason).toBe('authentication_failed');
    expect(error.cause).toBeInstanceOf(Error);
  });

  it('refuses a tampered ciphertext, IV or tag', () => {
    const encryption = createEncryption(newKey());
    const parts = encryption.encrypt('a secret value').split(':');
    for (const index of [1, 2, 3]) {
      const tampered = [...parts];
      const part = Buffer.from(tampered[index] ?? '', 'base64url');
      part[0] = (part[0] ?? 0) ^ 1;
      tampered[index] = part.toString('base64url');
      expect(decryptionFailure(() => encryption.decrypt(tampered.join(':'))).reason).toBe(
        'authentication_failed',
      );
    }
  });

  it('refuses a value bound to another context', () => {
    const encryption = createEncryption(newKey());
    const encrypted = encryption.encrypt('secret', 'user-a/openAI');
    expect(encryption.decrypt(encrypted, 'user-a/openAI')).toBe('secret');
    expect(decryptionFailure(() => encryption.decrypt(encrypted, 'user-b/openAI')).reason).toBe(
      'authentication_failed',
    );
  });

  it('tells malformed and unknown-version values apart', () => {
    const encryption = createEncryption(newKey());
    expect(decryptionFailure(() => encryption.decrypt('plaintext')).reason).toBe('malformed');
    expect(decryptionFailure(() => encryption.decrypt('v1:abc')).reason).toBe('malformed');
    expect(decryptionFailure(() => encryption.decrypt('v9:a:b:c')).reason).toBe('unsupported_version');
  });

  it('rejects a key that is not 32 bytes of hex', () => {
    expect(() => createEncryption('abc')).toThrow(RangeError);
  });
});
