// Splits a document's text into overlapping chunks on paragraph, then sentence, then word boundaries, each
// remembering where it came from (page for a PDF, first line for text) and its character offset.

/** A piece of a document as extracted: a PDF page, or the whole text of any other kind. */
export interface Segment {
  /** 1-based page of a PDF; absent for documents without pages. */
  page?: number | undefined;
  text: string;
}

export interface Chunk {
  /** 0-based position among the file's chunks. */
  index: number;
  text: string;
  page: number | null;
  /** 1-based line of the chunk's first character within its segment (documents without pages). */
  line: number | null;
  /** Character offset of the chunk's first character in its segment. */
  offset: number;
}

export interface ChunkOptions {
  /** Most characters in a chunk. */
  size: number;
  /** Characters a chunk repeats from the end of the previous one (less than `size`). */
  overlap: number;
}

/** Boundaries by preference: a blank line, a line end, a sentence end, a space. */
const BOUNDARIES: readonly RegExp[] = [/\n\s*\n/g, /\n/g, /[.!?;:。！？]["')\]]?\s/g, /\s/g];

/**
 * Where a chunk starting at `start` should end: the last boundary of the most preferred kind in the second
 * half of the window (so chunks are never tiny), else the window's end.
 */
function endOf(text: string, start: number, size: number): number {
  const limit = start + size;
  if (limit >= text.length) return text.length;
  const window = text.slice(start, limit);
  const floor = Math.floor(size / 2);
  for (const boundary of BOUNDARIES) {
    let best = -1;
    boundary.lastIndex = 0;
    for (let match = boundary.exec(window); match; match = boundary.exec(window)) {
      const end = match.index + match[0].length;
      if (end >= floor) best = end;
    }
    if (best > 0) return start + best;
  }
  return limit;
}

/**
 * Where the next chunk starts: `overlap` characters back, moved forward to the start of a line, else of a
 * word, when one is in the overlap.
 */
function nextStart(text: string, end: number, overlap: number, start: number): number {
  const next = Math.max(end - overlap, start + 1);
  if (next >= end) return end;
  const overlapText = text.slice(next, end);
  const lineStart = overlapText.indexOf('\n');
  if (lineStart >= 0 && next + lineStart + 1 < end) return next + lineStart + 1;
  const wordStart = overlapText.search(/\s\S/);
  if (wordStart >= 0 && next + wordStart + 1 < end) return next + wordStart + 1;
  return next;
}

/** Counts the line ends in `text` between `from` and `to`. */
function linesBetween(text: string, from: number, to: number): number {
  let count = 0;
  for (let at = text.indexOf('\n', from); at !== -1 && at < to; at = text.indexOf('\n', at + 1)) count += 1;
  return count;
}

export function chunkSegments(segments: readonly Segment[], options: ChunkOptions): Chunk[] {
  const size = Math.max(1, Math.floor(options.size));
  const overlap = Math.min(Math.max(0, Math.floor(options.overlap)), size - 1);
  const chunks: Chunk[] = [];
  for (const segment of segments) {
    const { text } = segment;
    const paged = segment.page !== undefined;
    let start = 0;
    let line = 1;
    let lineCountedTo = 0;
    while (start < text.length) {
      const end = endOf(text, start, size);
      const piece = text.slice(start, end);
      const trimmed = piece.trim();
      if (trimmed !== '') {
        const lead = piece.length - piece.trimStart().length;
        if (!paged) {
          line += linesBetween(text, lineCountedTo, start + lead);
          lineCountedTo = start + lead;
        }
        chunks.push({
          index: chunks.length,
          text: trimmed,
          page: paged ? (segment.page ?? null) : null,
          line: paged ? null : line,
          offset: start + lead,
        });
      }
      if (end >= text.length) break;
      start = nextStart(text, end, overlap, start);
    }
  }
  return chunks;
}
