import type { Readable } from 'node:stream';

/**
 * Where file bytes live. Keys are `<userId>/<name>` (see `storageKey`); an implementation refuses any other
 * shape, so a key built from input can never reach outside its user's folder.
 */
export interface FileStorage {
  /** `local` or `s3`: recorded as each file's `source`. */
  readonly kind: 'local' | 's3';
  /** Stores `body` under `key`, replacing what was there. */
  put(key: string, body: Buffer | Readable, contentType: string): Promise<void>;
  /** The bytes under `key` as a stream, or null when there are none. */
  get(key: string): Promise<Readable | null>;
  /** Removes `key`; a missing key is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Releases connections (S3); the storage is unusable after. */
  close(): Promise<void>;
}
