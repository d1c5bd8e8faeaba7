import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEX_KEY = /^[0-9a-f]{64}$/i;

export type DecryptionFailure = 'malformed' | 'unsupported_version' | 'authentication_failed';

/** A value that cannot be decrypted: not ours, from another key, tampered with, or bound to another context. */
export class DecryptionError extends Error {
  readonly reason: DecryptionFailure;

  constructor(reason: DecryptionFailure, message: string, options: { cause?: unknown } = {}) {
    super(message, options);
    this.name = 'DecryptionError';
    this.reason = reason;
  }
}

/**
 * AES-256-GCM for secrets at rest. Each value gets a random 12-byte IV and a 16-byte tag; the result is
 * `v1:<iv>:<tag>:<ciphertext>` (base64url). `context` (e.g. the owner and name of a key) is bound as
 * associated data, so a value copied to another row no longer decrypts.
 */
export interface Encryption {
  encrypt(plaintext: string, context?: string): string;
  /** Throws DecryptionError. */
  decrypt(token: string, context?: string): string;
}

/** `credsKey`: 32 bytes as 64 hexadecimal characters (`config.secrets.credsKey`). */
export function createEncryption(credsKey: string): Encryption {
  if (!HEX_KEY.test(credsKey)) throw new RangeError('encryption key: expected 64 hexadecimal characters');
  const key = Buffer.from(credsKey, 'hex');
  return {
    encrypt: (plaintext, context) => encrypt(key, plaintext, context),
    decrypt: (token, context) => decrypt(key, token, context),
  };
}

function encrypt(key: Buffer, plaintext: string, context: string | undefined): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  if (context !== undefined) cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'));
  return [VERSION, ...parts].join(':');
}

function decrypt(key: Buffer, token: string, context: string | undefined): string {
  const [version, ivText, tagText, ciphertextText, ...rest] = token.split(':');
  if (version !== VERSION) {
    const reason = rest.length === 0 && ciphertextText !== undefined ? 'unsupported_version' : 'malformed';
    throw new DecryptionError(reason, `cannot decrypt: expected a ${VERSION} value`);
  }
  if (ivText === undefined || tagText === undefined || ciphertextText === undefined || rest.length > 0) {
    throw new DecryptionError('malformed', 'cannot decrypt: malformed value');
  }
  const iv = Buffer.from(ivText, 'base64url');
  const tag = Buffer.from(tagText, 'base64url');
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) {
    throw new DecryptionError('malformed', 'cannot decrypt: malformed IV or tag');
  }
  try {
    const decipher = createDecipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
    decipher.setAuthTag(tag);
    if (context !== undefined) decipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.from(ciphertextText, 'base64url');
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
  } catch (error) {
    throw new DecryptionError('authentication_failed', 'cannot decrypt: wrong key or tampered value', {
      cause: error,
    });
  }
}
