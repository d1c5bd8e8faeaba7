import { randomBytes } from 'node:crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** `<prefix>_` and 24 random letters and digits (`asst_…`, `thread_…`, `run_…`, `act_…`). */
export function newId(prefix: 'asst' | 'thread' | 'run' | 'act'): string {
  const bytes = randomBytes(24);
  let id = '';
  // 256 % 62 bias is irrelevant for ids that only need to be unique and unguessable enough.
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return `${prefix}_${id}`;
}
