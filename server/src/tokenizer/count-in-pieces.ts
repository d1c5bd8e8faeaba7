/** Longest run of non-space characters counted in one go; a longer run is counted in runs of this length. */
export const RUN_MAX = 100;
/** Longest text handed to the encoder at once. */
const PIECE_MAX = 4_000;

/** A word with the whitespace before it (BPE pre-tokenizes " word" as one piece), or trailing whitespace. */
const SEGMENT = new RegExp(`\\s*\\S{1,${RUN_MAX}}|\\s+`, 'gu');

/**
 * BPE is quadratic in the length of a run without spaces (40,000 such characters take seconds, a
 * megabyte hours), so such a run is counted in pieces of `RUN_MAX` characters: the count of ordinary text
 * is unchanged, that of a longer run is off by a few tokens.
 */
export function countInPieces(count: (text: string) => number, text: string): number {
  let total = 0;
  let piece = '';
  for (const [segment] of text.matchAll(SEGMENT)) {
    const continuesRun = piece !== '' && !/^\s/u.test(segment);
    if (continuesRun || piece.length + segment.length > PIECE_MAX) {
      total += count(piece);
      piece = '';
    }
    piece += segment;
  }
  return piece === '' ? total : total + count(piece);
}
