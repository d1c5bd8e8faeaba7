import type { FileConfig } from '../schemas/file';
import { endpointFileConfig, toMegabytes } from './file-config';
import { inferMimeType, isSupportedMimeType } from './mime-types';

/** A file as the browser's `File` (or a multipart part) describes it. */
export interface IncomingFile {
  name: string;
  size: number;
  /** The browser's (or the client's) MIME type; may be empty. */
  type?: string | null | undefined;
}

/** A file already attached to the message being written. */
export interface ExistingFile {
  filename: string;
  bytes: number;
  type: string;
}

/** An accepted incoming file with the MIME type Parley judged it by. */
export interface CheckedFile<T extends IncomingFile = IncomingFile> {
  file: T;
  type: string;
}

export type FileCheckResult<T extends IncomingFile = IncomingFile> =
  { ok: true; files: CheckedFile<T>[] } | { ok: false; error: string };

export interface CheckNewFilesInput<T extends IncomingFile> {
  config: FileConfig;
  endpoint: string | null | undefined;
  existing?: readonly ExistingFile[];
  incoming: readonly T[];
}

const topLevelType = (type: string): string => type.split('/')[0] ?? '';

/** The SPEC's words for a file at or above an endpoint's `fileSizeLimit` (bytes). */
export const fileSizeExceeded = (fileSizeLimit: number): string =>
  `File size exceeds ${toMegabytes(fileSizeLimit)} MB.`;

/**
 * Judges files about to be attached by the rules of SPEC §5 "Files" and answers the first problem in the
 * SPEC's words, or the files with the types they were judged by. Used by the client before uploading and
 * by the server on every upload.
 */
export function checkNewFiles<T extends IncomingFile>(input: CheckNewFilesInput<T>): FileCheckResult<T> {
  const limits = endpointFileConfig(input.config, input.endpoint);
  const existing = input.existing ?? [];
  if (existing.length + input.incoming.length > limits.fileLimit) {
    return { ok: false, error: `You can only upload up to ${limits.fileLimit} files at a time.` };
  }
  const files: CheckedFile<T>[] = [];
  let incomingTotal = 0;
  for (const file of input.incoming) {
    const type = inferMimeType(file.name, file.type);
    if (type === undefined) return { ok: false, error: `Unable to determine file type for: ${file.name}` };
    if (!isSupportedMimeType(type, limits.supportedMimeTypes)) {
      return { ok: false, error: `Currently, unsupported file type: ${type}` };
    }
    if (file.size >= limits.fileSizeLimit) {
      return { ok: false, error: fileSizeExceeded(limits.fileSizeLimit) };
    }
    incomingTotal += file.size;
    files.push({ file, type });
  }
  const existingTotal = existing.reduce((sum, file) => sum + file.bytes, 0);
  if (existingTotal + incomingTotal > limits.totalSizeLimit) {
    return {
      ok: false,
      error: `The total size of the files cannot exceed ${toMegabytes(limits.totalSizeLimit)} MB.`,
    };
  }
  const seen = new Set(existing.map((file) => duplicateKey(file.filename, file.bytes, file.type)));
  for (const { file, type } of files) {
    const key = duplicateKey(file.name, file.size, type);
    if (seen.has(key)) return { ok: false, error: 'Duplicate file detected.' };
    seen.add(key);
  }
  return { ok: true, files };
}

function duplicateKey(name: string, size: number, type: string): string {
  return JSON.stringify([name, size, topLevelType(type)]);
}
