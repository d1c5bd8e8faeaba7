import { isTextLikeType } from '@parley/shared/files/mime-types';
import { toStorableText } from '../lib/storable-text';

/** The most text kept from one file (characters): enough for a long document, bounded for the prompt. */
export const MAX_EXTRACTED_TEXT = 500_000;

/**
 * The UTF-8 text of a text-like file (text, code, json, csv, xml), capped and storable; null for other
 * types (pdf and office documents need a parser Parley does not have).
 */
export function extractText(type: string, bytes: Buffer): string | null {
  if (!isTextLikeType(type)) return null;
  // At most 4 bytes per character: decoding more than that could not add kept characters.
  const head = bytes.subarray(0, MAX_EXTRACTED_TEXT * 4);
  const text = new TextDecoder('utf-8', { fatal: false, ignoreBOM: false }).decode(head);
  return toStorableText(Array.from(text).length > MAX_EXTRACTED_TEXT ? sliceCodePoints(text) : text);
}

function sliceCodePoints(text: string): string {
  let end = 0;
  let count = 0;
  for (const char of text) {
    if (count === MAX_EXTRACTED_TEXT) break;
    end += char.length;
    count += 1;
  }
  return text.slice(0, end);
}
