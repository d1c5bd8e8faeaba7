import type { Readable } from 'node:stream';

/**
 * Where file bytes live. Keys are `<userId>/<name>` (see `storageKey`); an implementation refuses any other
 * shape, so a key built from input can never reach outside its user's folder.
 */
export interface FileStorage {
  /** `local` or `s3`: recorded as each file's `source`. */
  readonly kind: 'local' | 's3';
  /** Stores `body` (small: a processed image) under `key`, replacing what was there. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * Stores the local file at `path` under `key`, replacing what was there; the bytes are streamed, never
   * held whole in memory. The file at `path` is left where it is (the caller removes it).
   */
  putFile(key: string, path: string, contentType: string): Promise<void>;
  /** The bytes under `key` as a stream, or null when there are none. */
  get(key: string): Promise<Readable | null>;
  /** Removes `key`; a missing key is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Releases connections (S3); the storage is unusable after. */
  close(): Promise<void>;
}
