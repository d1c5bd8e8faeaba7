import { randomUUID } from 'node:crypto';
import { mkdir, open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { IMAGE_SIGNATURE_BYTES } from '@parley/shared/files/sniff-image-type';
import type { AppError } from '../lib/errors';
import { createTextExtractor, type TextExtractor } from './extract-text';

/** The most bytes a file may have: past `maxBytes` the spooling stops with `error()`. */
export interface ByteCap {
  maxBytes: number;
  error: () => AppError;
}

/** An incoming file written to a temporary file, with what was learnt from its bytes on the way. */
export interface SpooledFile {
  /** The temporary file; whoever spooled it removes it. */
  path: string;
  bytes: number;
  /** The first bytes (up to IMAGE_SIGNATURE_BYTES), to tell what the content really is. */
  head: Buffer;
  /** Its text (capped) when asked for, else null. */
  text: string | null;
}

export interface SpoolOptions {
  /** Where the temporary file goes (created when missing). */
  directory: string;
  /** Every cap applies; the first one passed ends the spooling. */
  caps: readonly ByteCap[];
  /** Whether to keep the text of the bytes (text-like files). */
  collectText: boolean;
}

/** Counts the bytes against the caps, keeps the head and feeds the text extractor, passing every chunk on. */
function meter(caps: readonly ByteCap[], extractor: TextExtractor | null) {
  const state = { bytes: 0, head: Buffer.alloc(0) };
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      state.bytes += chunk.length;
      const passed = caps.find((cap) => state.bytes > cap.maxBytes);
      if (passed) {
        done(passed.error());
        return;
      }
      if (state.head.length < IMAGE_SIGNATURE_BYTES) {
        state.head = Buffer.concat([
          state.head,
          chunk.subarray(0, IMAGE_SIGNATURE_BYTES - state.head.length),
        ]);
      }
      extractor?.write(chunk);
      done(null, chunk);
    },
  });
  return { transform, state };
}

/**
 * Writes `source` to a fresh temporary file, so memory stays bounded whatever the size. On any failure (a cap
 * passed, the client gone, the disk full) the partial file is removed before the error is thrown.
 */
export async function spoolFile(source: Readable, options: SpoolOptions): Promise<SpooledFile> {
  await mkdir(options.directory, { recursive: true });
  const path = join(options.directory, `upload-${randomUUID()}.part`);
  // Opened before any byte flows, so the removal below can never run ahead of the file's creation.
  const handle = await open(path, 'wx', 0o600);
  const extractor = options.collectText ? createTextExtractor() : null;
  const { transform, state } = meter(options.caps, extractor);
  try {
    await pipeline(source, transform, handle.createWriteStream());
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(path, { force: true });
    throw error;
  }
  return { path, bytes: state.bytes, head: state.head, text: extractor ? extractor.text() : null };
}
