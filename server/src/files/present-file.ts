import { FILE_CONTEXTS, type FileContext, type FileObject } from '@parley/shared/schemas/file';
import type { FileRow } from '../db/schema';
import type { LinkSigner } from './signed-link';

const isFileContext = (value: string | null): value is FileContext =>
  value !== null && (FILE_CONTEXTS as readonly string[]).includes(value);

/** The API's file (SPEC §3 File): `filepath` is a fresh signed link, never the storage key or the text. */
export function presentFile(row: FileRow, signer: LinkSigner): FileObject {
  return {
    file_id: row.fileId,
    temp_file_id: row.tempFileId,
    filename: row.filename,
    filepath: signer.link(row.fileId),
    type: row.type,
    bytes: row.bytes,
    width: row.width,
    height: row.height,
    source: row.source,
    context: isFileContext(row.context) ? row.context : null,
    embedded: row.embedded,
    text_state: row.textState,
    usage: row.usage,
    conversationId: row.conversationId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
