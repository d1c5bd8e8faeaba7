import { rm } from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';
import { cleanFilename } from './clean-filename';
import { discardRequestBody } from './discard-request-body';
import { spoolFile, type ByteCap, type SpooledFile } from './spool-file';

export interface UploadedFile extends SpooledFile {
  /** As the client named it, decoded and stripped of any path (see `cleanFilename`). */
  filename: string;
  /** The type the client declared for the part (may be empty or wrong; judged later). */
  mimetype: string;
}

export interface Upload {
  fields: Record<string, string>;
  file: UploadedFile;
}

export interface ReadUploadOptions {
  /** The multipart field that carries the file (`file`, or `input` for avatars). */
  fileField: string;
  /** Bytes above which the upload stops. */
  fileSizeLimit: number;
  /** The error for a file above `fileSizeLimit`. */
  tooLarge: () => AppError;
  /** Where the file is spooled while the request lasts. */
  spoolDirectory: string;
  /** A tighter cap set by the fields sent before the file (the endpoint's own limit), if any. */
  capFor?: (fields: Readonly<Record<string, string>>) => ByteCap | undefined;
  /** Whether to keep the text of a file so named and declared (text-like files). */
  wantsText?: (filename: string, mimetype: string) => boolean;
}

const MAX_FIELD_BYTES = 64 * 1024;
const MAX_FIELDS = 20;
const MALFORMED = 'The upload could not be read: send the file as multipart/form-data.';

/** @fastify/multipart's errors, in words for the person uploading. */
const MULTIPART_ERRORS: Record<string, string> = {
  FST_FILES_LIMIT: 'Send one file per upload.',
  FST_FIELDS_LIMIT: `An upload may have at most ${MAX_FIELDS} fields.`,
  FST_PARTS_LIMIT: 'The upload has too many parts.',
  FST_PROTO_VIOLATION: 'The upload has a field with a forbidden name.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: MALFORMED,
  FST_INVALID_JSON_FIELD_ERROR: 'A field of the upload is not valid JSON.',
  FST_MP_PREMATURE_CLOSE: 'The upload ended before it was complete.',
};

/**
 * Failures of the server's own disk while spooling (full, read-only, DATA_DIR/tmp not a folder …): the
 * upload was fine, the server cannot take it now.
 */
const DISK_ERRORS = new Set([
  'ENOSPC',
  'EDQUOT',
  'EACCES',
  'EPERM',
  'EROFS',
  'EMFILE',
  'ENFILE',
  'EIO',
  'EEXIST',
  'ENOTDIR',
]);
const CANNOT_SPOOL = 'The server cannot take uploads right now. Please try again later.';

function asUploadError(error: unknown, options: ReadUploadOptions): AppError {
  if (error instanceof AppError) return error;
  const code = error instanceof Error && 'code' in error ? String(error.code) : '';
  if (code === 'FST_REQ_FILE_TOO_LARGE') return options.tooLarge();
  if (DISK_ERRORS.has(code)) return new AppError(503, CANNOT_SPOOL, { cause: error });
  const message = MULTIPART_ERRORS[code];
  // Anything else thrown while parsing comes from the multipart parser meeting a malformed body (or the
  // client going away mid-body, which nobody reads the answer to).
  return new AppError(400, message ?? MALFORMED, { cause: error });
}

/**
 * Reads a multipart upload of one file and some text fields. The file is streamed to a temporary file under
 * `spoolDirectory`, its size checked as it arrives, so memory stays bounded whatever its size. Any problem
 * with the body itself is a 4xx with a readable message, never a 500, and leaves no temporary file behind;
 * on success the caller owns the temporary file (see `withUpload`).
 */
export async function readUpload(request: FastifyRequest, options: ReadUploadOptions): Promise<Upload> {
  if (!request.isMultipart()) throw new AppError(400, MALFORMED);
  const fields: Record<string, string> = {};
  let file: UploadedFile | undefined;
  let fileInOtherField = false;
  try {
    const parts = request.parts({
      limits: {
        // One byte of slack: the spooling's own cap stops first, with our message, and ends the read early.
        fileSize: options.fileSizeLimit + 1,
        files: 1,
        fields: MAX_FIELDS,
        fieldSize: MAX_FIELD_BYTES,
        parts: MAX_FIELDS + 1,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw new AppError(400, `${part.fieldname}: is too long`);
        if (!Object.hasOwn(fields, part.fieldname)) fields[part.fieldname] = String(part.value);
      } else if (part.fieldname === options.fileField) {
        const filename = cleanFilename(part.filename);
        const ownCap = options.capFor?.(fields);
        const spooled = await spoolFile(part.file, {
          directory: options.spoolDirectory,
          caps: [{ maxBytes: options.fileSizeLimit, error: options.tooLarge }, ...(ownCap ? [ownCap] : [])],
          collectText: options.wantsText?.(filename, part.mimetype) ?? false,
        });
        file = { ...spooled, filename, mimetype: part.mimetype };
        if (part.file.truncated) throw options.tooLarge();
      } else {
        fileInOtherField = true;
        part.file.resume();
      }
    }
  } catch (error) {
    if (file) await rm(file.path, { force: true });
    discardRequestBody(request.raw, options.fileSizeLimit);
    throw asUploadError(error, options);
  }
  if (!file) {
    const sent = fileInOtherField ? ' (the file came in another field)' : '';
    throw new AppError(400, `No file was uploaded: send it in the "${options.fileField}" field${sent}.`);
  }
  return { fields, file };
}

/** Reads the upload, hands it to `use`, and removes the temporary file afterwards, whatever happened. */
export async function withUpload<T>(
  request: FastifyRequest,
  options: ReadUploadOptions,
  use: (upload: Upload) => Promise<T>,
): Promise<T> {
  const upload = await readUpload(request, options);
  try {
    return await use(upload);
  } finally {
    await rm(upload.file.path, { force: true });
  }
}
