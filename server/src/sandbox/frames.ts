// The wire between the server and the runner inside the sandbox (runner.py describes it). The result comes from
// a process that ran the user's code, so it is parsed as hostile input: sizes and names are checked, nothing is
// believed beyond the bytes that arrived.
import { z } from 'zod';
import type { PythonFile } from './types';

export interface RunnerLimits {
  maxFiles: number;
  maxBytes: number;
}

/** Length-prefixed JSON header, then the files' bytes in order; `marker` ends the run's stdout and stderr. */
export function requestFrame(
  code: string,
  files: readonly PythonFile[],
  limits: RunnerLimits,
  marker: string,
): Buffer[] {
  const header = Buffer.from(
    JSON.stringify({
      code,
      marker,
      files: files.map((file) => ({ name: file.name, size: file.bytes.byteLength })),
      maxFiles: limits.maxFiles,
      maxBytes: limits.maxBytes,
    }),
  );
  const prefix = Buffer.alloc(4);
  prefix.writeUInt32BE(header.length);
  return [prefix, header, ...files.map((file) => Buffer.from(file.bytes))];
}

const resultHeader = z.object({
  value: z.string().nullable(),
  error: z.string().nullable(),
  files: z.array(z.object({ name: z.string().min(1).max(1024), size: z.number().int().nonnegative() })),
  skipped: z.array(z.object({ name: z.string().max(1024), reason: z.enum(['files', 'bytes']) })).max(10_000),
});

export interface RunnerResult {
  value: string | null;
  error: string | null;
  files: PythonFile[];
  skipped: Array<{ name: string; reason: 'files' | 'bytes' }>;
}

/** A file name under /mnt/data: relative, no `..`, no control characters; undefined when unusable. */
export function safeName(name: string): string | undefined {
  const parts = name.split(/[\\/]+/).filter((part) => part !== '' && part !== '.');
  const control = (part: string): boolean => [...part].some((char) => char.charCodeAt(0) < 0x20);
  if (parts.length === 0 || parts.some((part) => part === '..' || control(part))) return undefined;
  return parts.join('/');
}

/** Longest result header accepted (names of up to the file limit, and of the skipped files). */
const MAX_HEADER_BYTES = 1024 * 1024;

export interface ResultReader {
  /** Takes the next bytes of descriptor 3; answers the results completed by them. Throws when malformed. */
  push(chunk: Buffer): RunnerResult[];
  /** True once the runner said it is loaded and waiting for requests (an empty frame, sent first). */
  readonly ready: boolean;
}

/** Reads result frames one after another, holding at most one frame's bytes. */
export function createResultReader(limits: RunnerLimits): ResultReader {
  let buffered: Buffer = Buffer.alloc(0);
  let ready = false;
  return {
    get ready() {
      return ready;
    },
    push(chunk) {
      buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
      const done: RunnerResult[] = [];
      for (;;) {
        if (buffered.length < 4) return done;
        const length = buffered.readUInt32BE(0);
        if (length === 0) {
          ready = true;
          buffered = Buffer.from(buffered.subarray(4));
          continue;
        }
        if (length > MAX_HEADER_BYTES) throw new Error('The sandbox sent a result header that is too large.');
        if (buffered.length < 4 + length) return done;
        let header: z.infer<typeof resultHeader>;
        try {
          header = resultHeader.parse(JSON.parse(buffered.subarray(4, 4 + length).toString('utf8')));
        } catch {
          throw new Error('The sandbox sent an unreadable result.');
        }
        const total = header.files.reduce((sum, file) => sum + file.size, 0);
        if (header.files.length > limits.maxFiles || total > limits.maxBytes) {
          throw new Error('The files written exceed what one run may return.');
        }
        if (buffered.length < 4 + length + total) return done;
        let offset = 4 + length;
        const files: PythonFile[] = [];
        for (const file of header.files) {
          const name = safeName(file.name);
          const slice = buffered.subarray(offset, offset + file.size);
          offset += file.size;
          if (name !== undefined) files.push({ name, bytes: new Uint8Array(slice) });
        }
        done.push({ value: header.value, error: header.error, files, skipped: header.skipped });
        buffered = Buffer.from(buffered.subarray(offset));
      }
    },
  };
}
