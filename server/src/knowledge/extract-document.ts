// One document's bytes → its text and chunks (the work the extraction worker does for each file).
import { toStorableText } from '../lib/storable-text';
import { chunkSegments, type Segment } from './chunk';
import type { ExtractionRequest, ExtractionResult } from './extraction-protocol';
import { capSegments, extractSegments, NoTextError } from './extractors';

/** The whole text the model may read: PDF pages marked so it can say where something is. */
function wholeText(segments: readonly Segment[], maxCharacters: number): string {
  const paged = segments.some((segment) => segment.page !== undefined);
  const text = paged
    ? segments
        .filter((segment) => segment.text !== '')
        .map((segment) => `[Page ${segment.page}]\n${segment.text}`)
        .join('\n\n')
    : segments.map((segment) => segment.text).join('\n\n');
  return text.slice(0, maxCharacters);
}

export async function extractDocument(
  bytes: Uint8Array,
  request: Omit<ExtractionRequest, 'id' | 'path' | 'maxBytes'>,
): Promise<ExtractionResult> {
  try {
    const extracted = await extractSegments(bytes, request.kind);
    // PostgreSQL refuses U+0000 and lone surrogates in text; they become U+FFFD.
    const segments = capSegments(extracted, request.maxCharacters).map((segment) => ({
      ...segment,
      text: toStorableText(segment.text),
    }));
    const pages = request.kind === 'pdf' ? segments.length : null;
    return {
      ok: true,
      text: wholeText(segments, request.wholeTextCharacters),
      characters: segments.reduce((sum, segment) => sum + segment.text.length, 0),
      pages,
      chunks: chunkSegments(segments, request.chunk),
    };
  } catch (error) {
    if (error instanceof NoTextError) return { ok: false, reason: error.reason };
    return { ok: false, reason: 'unreadable' };
  }
}
