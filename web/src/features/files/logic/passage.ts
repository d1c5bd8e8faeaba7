// Where a source's passage sits in its file's text: the snippet the server saved is the passage on one line
// (whitespace runs made one space, '…' where it was cut), so it is looked for word by word across any
// whitespace. A preview shows a window of the text around it, with the passage marked.

/** Characters shown on each side of the passage in a text preview (the DOM stays small for a 3 MB log). */
export const PASSAGE_CONTEXT = 4000;

export interface PassageRange {
  start: number;
  end: number;
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/**
 * Where `snippet` occurs in `text`, whitespace-insensitively; null when it does not. A snippet cut inside a
 * word ('…hecked') is widened to the whole word.
 */
export function findPassage(text: string, snippet: string): PassageRange | null {
  const words = snippet
    .replace(/^…|…$/g, '')
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '');
  if (words.length === 0) return null;
  const found = new RegExp(words.map(escapeRegExp).join('\\s+'), 'u').exec(text);
  if (!found) return null;
  let start = found.index;
  let end = start + found[0].length;
  while (start > 0 && WORD_CHARACTER.test(text[start - 1] ?? '') && WORD_CHARACTER.test(text[start] ?? '')) {
    start -= 1;
  }
  while (
    end < text.length &&
    WORD_CHARACTER.test(text[end] ?? '') &&
    WORD_CHARACTER.test(text[end - 1] ?? '')
  ) {
    end += 1;
  }
  return { start, end };
}

export interface PassageWindow {
  before: string;
  passage: string;
  after: string;
  /** Whether text was left out before `before` or after `after`. */
  cutStart: boolean;
  cutEnd: boolean;
}

/** The passage with up to PASSAGE_CONTEXT characters of text on each side. */
export function passageWindow(text: string, range: PassageRange): PassageWindow {
  const from = Math.max(0, range.start - PASSAGE_CONTEXT);
  const to = Math.min(text.length, range.end + PASSAGE_CONTEXT);
  return {
    before: text.slice(from, range.start),
    passage: text.slice(range.start, range.end),
    after: text.slice(range.end, to),
    cutStart: from > 0,
    cutEnd: to < text.length,
  };
}

/** A link of ours with one more query parameter (content links always carry `?sig=…`). */
export function withQuery(link: string, parameter: string): string {
  return `${link}${link.includes('?') ? '&' : '?'}${parameter}`;
}
