import { LONE_SURROGATE } from '../lib/storable-text';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';

export interface UploadedFile {
  /** As the client named it, decoded and stripped of any path. */
  filename: string;
  /** The type the client declared for the part (may be empty or wrong; judged later). */
  mimetype: string;
  bytes: Buffer;
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

function asUploadError(error: unknown, options: ReadUploadOptions): AppError {
  if (error instanceof AppError) return error;
  const code = error instanceof Error && 'code' in error ? String(error.code) : '';
  if (code === 'FST_REQ_FILE_TOO_LARGE') return options.tooLarge();
  const message = MULTIPART_ERRORS[code];
  // Anything else thrown while parsing comes from the multipart parser meeting a malformed body.
  return new AppError(400, message ?? MALFORMED, { cause: error });
}

/** A client-sent name as a plain file name: URL-decoded (the web client encodes it), no path, no controls. */
export function cleanFilename(raw: string): string {
  let name = raw;
  try {
    name = decodeURIComponent(raw);
  } catch {
    // Not encoded after all: keep it as sent.
  }
  const base = name.replace(LONE_SURROGATE, '\uFFFD').split(/[/\\]/).at(-1) ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return Array.from(clean).slice(0, 255).join('') || 'file';
}

/**
 * Reads a multipart upload of one file and some text fields, the file buffered (up to `fileSizeLimit`).
 * Any problem with the body itself is a 4xx with a readable message, never a 500.
 */
export async function readUpload(request: FastifyRequest, options: ReadUploadOptions): Promise<Upload> {
  if (!request.isMultipart()) throw new AppError(400, MALFORMED);
  const fields: Record<string, string> = {};
  let file: UploadedFile | undefined;
  let fileInOtherField = false;
  try {
    const parts = request.parts({
      limits: {
        fileSize: options.fileSizeLimit,
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
        file = {
          filename: cleanFilename(part.filename),
          mimetype: part.mimetype,
          bytes: await part.toBuffer(),
        };
      } else {
        fileInOtherField = true;
        part.file.resume();
      }
    }
  } catch (error) {
    throw asUploadError(error, options);
  }
  if (!file) {
    const sent = fileInOtherField ? ' (the file came in another field)' : '';
    throw new AppError(400, `No file was uploaded: send it in the "${options.fileField}" field${sent}.`);
  }
  return { fields, file };
}
