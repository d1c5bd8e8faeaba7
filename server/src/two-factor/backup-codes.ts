import { createHash, randomInt } from 'node:crypto';

export const BACKUP_CODE_COUNT = 10;

/** No 0/O, 1/I/L: codes are read off paper and typed by hand. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const GROUP = 5;

/** One code: two groups of five characters (about 49 random bits), e.g. `K7QH2-M9TXR`. */
function newBackupCode(): string {
  let code = '';
  for (let index = 0; index < GROUP * 2; index += 1) {
    if (index === GROUP) code += '-';
    code += ALPHABET[randomInt(ALPHABET.length)];
  }
  return code;
}

/** Ten new, distinct backup codes, as shown to the user once. */
export function newBackupCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < BACKUP_CODE_COUNT) codes.add(newBackupCode());
  return [...codes];
}

/** As typed: any case, with or without the dash and spaces. */
export const normalizeBackupCode = (code: string): string => code.toUpperCase().replace(/[^A-Z0-9]/g, '');

/**
 * What is stored instead of a code: SHA-256 of the normalized code, bound to its user (the same code of two
 * users hashes differently). A code is random, so a slow password hash would add nothing but latency.
 */
export const hashBackupCode = (userId: string, code: string): string =>
  createHash('sha256')
    .update(`${userId}:${normalizeBackupCode(code)}`)
    .digest('hex');
