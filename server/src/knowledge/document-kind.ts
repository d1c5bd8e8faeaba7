// Which documents Parley reads the text of, by the MIME type an upload was judged to have.
import { isTextLikeType } from '@parley/shared/files/mime-types';

export type DocumentKind = 'pdf' | 'docx' | 'html' | 'text';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** The kind of document a file of `type` is read as; undefined for files whose text Parley does not read. */
export function documentKindOf(type: string): DocumentKind | undefined {
  const lower = type.toLowerCase();
  if (lower === 'application/pdf') return 'pdf';
  if (lower === DOCX) return 'docx';
  if (lower === 'text/html' || lower === 'application/xhtml+xml') return 'html';
  if (isTextLikeType(lower)) return 'text';
  return undefined;
}
