import { fileSizeExceeded } from '@parley/shared/files/check-new-files';
import { endpointFileConfig } from '@parley/shared/files/file-config';
import type { FileConfig } from '@parley/shared/schemas/file';
import { AppError } from '../lib/errors';
import type { ByteCap } from './spool-file';

/** The readable refusal of an upload for an endpoint whose uploads are disabled. */
export const uploadsDisabled = (endpoint: string): AppError =>
  new AppError(400, `File uploads are disabled for the ${endpoint} endpoint.`);

/**
 * The cap the upload's endpoint puts on its file, when the `endpoint` field came before the file (as the web
 * client sends it): a file at or above the endpoint's `fileSizeLimit` stops as soon as it gets there, and a
 * disabled endpoint takes no byte at all. Without the field the full checks run once the file is in.
 */
export function endpointByteCap(
  config: FileConfig,
  fields: Readonly<Record<string, string>>,
): ByteCap | undefined {
  const endpoint = Object.hasOwn(fields, 'endpoint') ? fields.endpoint : undefined;
  if (!endpoint) return undefined;
  const limits = endpointFileConfig(config, endpoint);
  if (limits.disabled) return { maxBytes: 0, error: () => uploadsDisabled(endpoint) };
  return {
    maxBytes: Math.max(0, limits.fileSizeLimit - 1),
    error: () => new AppError(413, fileSizeExceeded(limits.fileSizeLimit)),
  };
}
