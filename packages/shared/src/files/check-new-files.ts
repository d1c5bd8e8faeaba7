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

/** What was wrong, for a client that shows the problem in the reader's language. */
export type FileProblem =
  | { code: 'file_limit'; limit: number }
  | { code: 'unknown_type'; filename: string }
  | { code: 'unsupported_type'; type: string }
  | { code: 'file_too_large'; megabytes: number }
  | { code: 'total_too_large'; megabytes: number }
  | { code: 'duplicate' };

export type FileCheckResult<T extends IncomingFile = IncomingFile> =
  { ok: true; files: CheckedFile<T>[] } | { ok: false; error: string; problem: FileProblem };

/** SPEC §5 "Files": the English wording of each problem (the server's answer, the client's fallback). */
export function fileProblemText(problem: FileProblem): string {
  switch (problem.code) {
    case 'file_limit':
      return `You can only upload up to ${problem.limit} files at a time.`;
    case 'unknown_type':
      return `Unable to determine file type for: ${problem.filename}`;
    case 'unsupported_type':
      return `Currently, unsupported file type: ${problem.type}`;
    case 'file_too_large':
      return `File size exceeds ${problem.megabytes} MB.`;
    case 'total_too_large':
      return `The total size of the files cannot exceed ${problem.megabytes} MB.`;
    case 'duplicate':
      return 'Duplicate file detected.';
  }
}

const refuse = (problem: FileProblem) => ({ ok: false as const, error: fileProblemText(problem), problem });

export interface CheckNewFilesInput<T extends IncomingFile> {
  config: FileConfig;
  endpoint: string | null | undefined;
  existing?: readonly ExistingFile[];
  incoming: readonly T[];
}

const topLevelType = (type: string): string => type.split('/')[0] ?? '';

/** The SPEC's words for a file at or above an endpoint's `fileSizeLimit` (bytes). */
export const fileSizeExceeded = (fileSizeLimit: number): string =>
  fileProblemText({ code: 'file_too_large', megabytes: toMegabytes(fileSizeLimit) });

/**
 * Judges files about to be attached by the rules of SPEC §5 "Files" and answers the first problem in the
 * SPEC's words, or the files with the types they were judged by. Used by the client before uploading and
 * by the server on every upload.
 */
export function checkNewFiles<T extends IncomingFile>(input: CheckNewFilesInput<T>): FileCheckResult<T> {
  const limits = endpointFileConfig(input.config, input.endpoint);
  const existing = input.existing ?? [];
  if (existing.length + input.incoming.length > limits.fileLimit) {
    return refuse({ code: 'file_limit', limit: limits.fileLimit });
  }
  const files: CheckedFile<T>[] = [];
  let incomingTotal = 0;
  for (const file of input.incoming) {
    const type = inferMimeType(file.name, file.type);
    if (type === undefined) return refuse({ code: 'unknown_type', filename: file.name });
    if (!isSupportedMimeType(type, limits.supportedMimeTypes)) {
      return refuse({ code: 'unsupported_type', type });
    }
    if (file.size >= limits.fileSizeLimit) {
      return refuse({ code: 'file_too_large', megabytes: toMegabytes(limits.fileSizeLimit) });
    }
    incomingTotal += file.size;
    files.push({ file, type });
  }
  const existingTotal = existing.reduce((sum, file) => sum + file.bytes, 0);
  if (existingTotal + incomingTotal > limits.totalSizeLimit) {
    return refuse({ code: 'total_too_large', megabytes: toMegabytes(limits.totalSizeLimit) });
  }
  const seen = new Set(existing.map((file) => duplicateKey(file.filename, file.bytes, file.type)));
  for (const { file, type } of files) {
    const key = duplicateKey(file.name, file.size, type);
    if (seen.has(key)) return refuse({ code: 'duplicate' });
    seen.add(key);
  }
  return { ok: true, files };
}

function duplicateKey(name: string, size: number, type: string): string {
  return JSON.stringify([name, size, topLevelType(type)]);
}
