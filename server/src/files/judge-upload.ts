import { checkNewFiles, type FileProblem } from '@parley/shared/files/check-new-files';
import { endpointFileConfig } from '@parley/shared/files/file-config';
import { isImageType, isSupportedMimeType } from '@parley/shared/files/mime-types';
import { sniffImageType } from '@parley/shared/files/sniff-image-type';
import type { FileConfig, FileUploadFields } from '@parley/shared/schemas/file';
import { AppError } from '../lib/errors';
import { uploadsDisabled } from './endpoint-byte-cap';
import type { UploadedFile } from './read-upload';

const STATUS_OF_PROBLEM: Partial<Record<FileProblem['code'], number>> = {
  unsupported_type: 415,
  file_too_large: 413,
  total_too_large: 413,
};

/**
 * The endpoint's checks of SPEC §5 "Files" on one received file; answers the type it was judged by. An
 * image is judged by its content too: a file named or declared png, jpeg, gif or webp whose bytes are not
 * one of those is refused, and one whose bytes are another of them gets the type its bytes show, so what
 * is later served inline as an image always is one.
 */
export function judgeUpload(config: FileConfig, fields: FileUploadFields, file: UploadedFile): string {
  const limits = endpointFileConfig(config, fields.endpoint);
  if (limits.disabled) throw uploadsDisabled(fields.endpoint);
  const incoming = [{ name: file.filename, size: file.bytes, type: file.mimetype }];
  const checked = checkNewFiles({ config, endpoint: fields.endpoint, incoming });
  // API.md: an unsupported type is `415`, a file above its limit `413`; the other refusals are `400`.
  if (!checked.ok) throw new AppError(STATUS_OF_PROBLEM[checked.problem.code] ?? 400, checked.error);
  const type = checked.files[0]?.type;
  if (type === undefined) throw new AppError(400, `Unable to determine file type for: ${file.filename}`);
  if (!isImageType(type)) return type;
  const actual = sniffImageType(file.head);
  if (actual === undefined) {
    throw new AppError(
      400,
      `The file is said to be ${type} but its content is not an image Parley can read (png, jpeg, gif or webp).`,
    );
  }
  if (actual !== type && !isSupportedMimeType(actual, limits.supportedMimeTypes)) {
    throw new AppError(415, `Currently, unsupported file type: ${actual}`);
  }
  return actual;
}
