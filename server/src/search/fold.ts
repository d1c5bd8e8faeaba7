/**
 * The JavaScript twin of the SQL function `parley_search_fold` (migration 0001_search_accent_fold) plus
 * the lower-casing `to_tsvector('simple', …)` does: what a word looks like in the search index. Used to
 * find the words to highlight; a test checks both agree.
 */

/** Combining marks, Hebrew points and Arabic harakat/tatweel: the class the SQL function deletes. */
const MARKS =
  // eslint-disable-next-line no-misleading-character-class -- a class of lone combining marks, on purpose
  /[\u0300-\u036f\u0591-\u05bd\u05bf\u05c1\u05c2\u05c4\u05c5\u05c7\u0610-\u061a\u0640\u064b-\u065f\u0670]/g;
const ASCII_ONLY = /^\p{ASCII}*$/u;
/** Letters without a canonical decomposition, mapped by the SQL `translate`. */
const LETTER_MAP: Readonly<Record<string, string>> = {
  ø: 'o',
  Ø: 'O',
  đ: 'd',
  Đ: 'D',
  ł: 'l',
  Ł: 'L',
  ħ: 'h',
  Ħ: 'H',
  ı: 'i',
  ŧ: 't',
  Ŧ: 'T',
  ё: 'е',
  Ё: 'Е',
};
const MAPPED_LETTERS = new RegExp(`[${Object.keys(LETTER_MAP).join('')}]`, 'g');

/** Exactly what `parley_search_fold` returns (before `to_tsvector` lower-cases). */
export function foldAccents(text: string): string {
  if (ASCII_ONLY.test(text)) return text;
  return text
    .normalize('NFD')
    .replace(MARKS, '')
    .normalize('NFC')
    .replace(MAPPED_LETTERS, (letter) => LETTER_MAP[letter] ?? letter);
}

/** A word as the index holds it: accents folded, lower case. */
export const foldForSearch = (text: string): string => foldAccents(text).toLowerCase();
