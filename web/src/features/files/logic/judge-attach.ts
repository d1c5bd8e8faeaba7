import { endpointFileConfig } from '@parley/shared/files/file-config';
import { isSupportedMimeType } from '@parley/shared/files/mime-types';
import type { FileConfig, FileObject } from '@parley/shared/schemas/file';
import type { Attachment } from './attachment';
import { uploadsAllowed } from './uploads-supported';

export interface AttachEndpoint {
  name: string;
  kind: string;
}

/** Why a stored file cannot join the message being written (SPEC §5 Attach from files list). */
export type AttachProblem =
  /** No endpoint, or its limits could not be read: com_ui_attach_error. */
  | { code: 'no_endpoint' }
  /** The endpoint takes no files at all (the panel hides its attach action). */
  | { code: 'uploads_disabled' }
  /** Already among the chips: not added twice, and nothing to say. */
  | { code: 'already_attached' }
  | { code: 'file_limit'; limit: number }
  /** The file, or the chips' total with it, is over the endpoint's limits: com_ui_attach_error_size. */
  | { code: 'too_large' }
  /** com_ui_attach_error_type. */
  | { code: 'unsupported_type' };

export type AttachVerdict = { ok: true } | { ok: false; problem: AttachProblem };

export interface JudgeAttachInput {
  file: Pick<FileObject, 'file_id' | 'bytes' | 'type'>;
  endpoint: AttachEndpoint | null;
  /** The merged file limits; undefined when they could not be read. */
  config: FileConfig | undefined;
  /** The composer's chips. */
  chips: readonly Pick<Attachment, 'fileId' | 'size'>[];
}

const refuse = (problem: AttachProblem): AttachVerdict => ({ ok: false, problem });

/**
 * Whether a file from the user's files may join the message being written, judged by the same endpoint
 * limits as an upload (the shared file config): count, size (the file alone and the chips' total) and type.
 */
export function judgeAttach({ file, endpoint, config, chips }: JudgeAttachInput): AttachVerdict {
  if (!endpoint || !config) return refuse({ code: 'no_endpoint' });
  if (!uploadsAllowed(config, endpoint)) return refuse({ code: 'uploads_disabled' });
  if (chips.some((chip) => chip.fileId === file.file_id)) return refuse({ code: 'already_attached' });
  const limits = endpointFileConfig(config, endpoint.name);
  if (chips.length + 1 > limits.fileLimit) return refuse({ code: 'file_limit', limit: limits.fileLimit });
  const total = chips.reduce((sum, chip) => sum + chip.size, file.bytes);
  if (file.bytes >= limits.fileSizeLimit || total > limits.totalSizeLimit)
    return refuse({ code: 'too_large' });
  if (!isSupportedMimeType(file.type, limits.supportedMimeTypes)) return refuse({ code: 'unsupported_type' });
  return { ok: true };
}

/**
 * SPEC §5 Gating: the panel offers attaching unless the endpoint is known to take no files. With no
 * endpoint the action stays, and choosing a file says why it cannot be attached.
 */
export function attachActionShown(config: FileConfig | undefined, endpoint: AttachEndpoint | null): boolean {
  return endpoint === null || uploadsAllowed(config, endpoint);
}
