import { toStorableText } from '../lib/storable-text';

/** The most text kept from one file (characters): enough for a long document, bounded for the prompt. */
export const MAX_EXTRACTED_TEXT = 500_000;

/** Decodes a file's bytes as they pass, keeping at most `maxCharacters` of its text. */
export interface TextExtractor {
  write(chunk: Uint8Array): void;
  /** The text kept, capped and storable. Call once, after the last chunk. */
  text(): string;
}

/**
 * The UTF-8 text of a text-like file (text, code, json, csv, xml), read chunk by chunk: it never holds more
 * than `maxCharacters` characters plus one chunk, however large the file.
 */
export function createTextExtractor(maxCharacters = MAX_EXTRACTED_TEXT): TextExtractor {
  const decoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: false });
  const pieces: string[] = [];
  let count = 0;
  let full = false;

  /** Keeps whole code points of `decoded` until the cap. */
  function keep(decoded: string): void {
    let end = 0;
    for (const char of decoded) {
      if (count === maxCharacters) {
        full = true;
        break;
      }
      end += char.length;
      count += 1;
    }
    if (end > 0) pieces.push(decoded.slice(0, end));
  }

  return {
    write(chunk) {
      if (!full) keep(decoder.decode(chunk, { stream: true }));
    },
    text() {
      if (!full) keep(decoder.decode());
      return toStorableText(pieces.join(''));
    },
  };
}
