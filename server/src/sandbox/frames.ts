// The wire between the server and the runner inside the sandbox (runner.py describes it). The result comes from
// a process that ran the user's code, so it is parsed as hostile input: sizes and names are checked, nothing is
// believed beyond the bytes that arrived.
import { z } from 'zod';
import type { PythonFile } from './types';

export interface RunnerLimits {
  maxFiles: number;
  maxBytes: number;
}

/** Length-prefixed JSON header, then the files' bytes in order. */
export function requestFrame(code: string, files: readonly PythonFile[], limits: RunnerLimits): Buffer[] {
  const header = Buffer.from(
    JSON.stringify({
      code,
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

/** The runner's result, or undefined when it is missing, malformed or beyond the limits. */
export function parseResult(bytes: Buffer, limits: RunnerLimits): RunnerResult | undefined {
  if (bytes.length < 4) return undefined;
  const length = bytes.readUInt32BE(0);
  if (length > bytes.length - 4) return undefined;
  let header: z.infer<typeof resultHeader>;
  try {
    header = resultHeader.parse(JSON.parse(bytes.subarray(4, 4 + length).toString('utf8')));
  } catch {
    return undefined;
  }
  const total = header.files.reduce((sum, file) => sum + file.size, 0);
  if (header.files.length > limits.maxFiles || total > limits.maxBytes) return undefined;
  if (4 + length + total !== bytes.length) return undefined;
  let offset = 4 + length;
  const files: PythonFile[] = [];
  for (const file of header.files) {
    const name = safeName(file.name);
    const slice = bytes.subarray(offset, offset + file.size);
    offset += file.size;
    if (name !== undefined) files.push({ name, bytes: new Uint8Array(slice) });
  }
  return { value: header.value, error: header.error, files, skipped: header.skipped };
}
