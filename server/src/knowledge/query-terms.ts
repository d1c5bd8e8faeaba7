// The words of a question a full-text search looks for: any of them may match (ranked by how many do and
// how closely), so a question phrased in full still finds the passage that answers it.

/** Words too common to say anything about a passage (English; 'simple' search keeps every word). */
const STOP_WORDS = new Set(
  (
    'a an and are as at be been but by can could did do does for from had has have how i if in into is it its ' +
    'me my no not of on or our she so than that the their them then there these they this to was we were what ' +
    'when where which who whom why will with would you your about please tell say says said page document file'
  ).split(' '),
);

const MAX_TERMS = 32;

/** Distinct words of `text` (letters and digits only, so each is safe inside `to_tsquery`), stop words left out. */
export function queryTerms(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}\p{M}]+/gu) ?? [];
  const terms = new Set<string>();
  for (const word of words) {
    if (terms.size === MAX_TERMS) break;
    if (word.length < 2 && !/\p{N}/u.test(word)) continue;
    if (!STOP_WORDS.has(word)) terms.add(word);
  }
  return [...terms];
}
