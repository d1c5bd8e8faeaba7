// The messages between the server and its extraction worker.
import type { Chunk, ChunkOptions } from './chunk';
import type { DocumentKind } from './document-kind';
import type { NoTextReason } from './extractors';

export interface ExtractionRequest {
  id: number;
  /** The file to read (the upload's spooled copy). */
  path: string;
  kind: DocumentKind;
  /** Files larger than this are not read. */
  maxBytes: number;
  /** The most text kept from one document; the rest is left out of its chunks. */
  maxCharacters: number;
  /** The most characters of `text` (the whole document as the model may read it). */
  wholeTextCharacters: number;
  chunk: ChunkOptions;
}

export type ExtractionResult =
  | {
      ok: true;
      /** The document as one text (PDF pages marked `[Page n]`), at most `wholeTextCharacters`. */
      text: string;
      /** Characters of text extracted (after the `maxCharacters` cap). */
      characters: number;
      /** PDF pages; null for documents without pages. */
      pages: number | null;
      chunks: Chunk[];
    }
  | { ok: false; reason: NoTextReason };

export type ExtractionReply = ExtractionResult & { id: number };
