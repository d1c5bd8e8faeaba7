/**
 * The search box's little query language, parsed without regard to SQL: words (all must match),
 * `"a phrase"` (the words in that order), `prefix*` (at least 2 characters before the star), `-excluded`,
 * and `or` between two alternatives. Anything else is text; nothing the user types is ever an error.
 */

/** One thing to look for: `words` in sequence (a word or a phrase), or words whose last one is a `prefix`. */
export type SearchTerm = { type: 'words'; text: string } | { type: 'prefix'; text: string };

/** Alternatives (`or`); a negated clause excludes conversations/messages that match it. */
export interface SearchClause {
  negated: boolean;
  alternatives: SearchTerm[];
}

/** Clauses that must all hold. */
export interface ParsedQuery {
  clauses: SearchClause[];
}

const MIN_PREFIX_LENGTH = 2;
const WORD_CHARS = /[\p{L}\p{N}\p{M}]+/gu;

/** The runs of letters and digits of `text` (what the index splits words into, near enough). */
export const wordsOf = (text: string): string[] => text.match(WORD_CHARS) ?? [];

interface RawToken {
  text: string;
  quoted: boolean;
  negated: boolean;
}

function tokenize(input: string): RawToken[] {
  const tokens: RawToken[] = [];
  let at = 0;
  while (at < input.length) {
    const char = input[at] ?? '';
    if (/\s/u.test(char)) {
      at += 1;
      continue;
    }
    let negated = false;
    if (char === '-' && at + 1 < input.length && !/\s/u.test(input[at + 1] ?? ' ')) {
      negated = true;
      at += 1;
    }
    if (input[at] === '"') {
      const close = input.indexOf('"', at + 1);
      const end = close === -1 ? input.length : close;
      tokens.push({ text: input.slice(at + 1, end), quoted: true, negated });
      at = end + 1;
      continue;
    }
    const match = /[^\s"]+/uy;
    match.lastIndex = at;
    const word = match.exec(input)?.[0] ?? '';
    tokens.push({ text: word, quoted: false, negated });
    at += Math.max(word.length, 1);
  }
  return tokens;
}

function termOf(token: RawToken): SearchTerm | null {
  if (wordsOf(token.text).length === 0) return null;
  if (!token.quoted && token.text.endsWith('*')) {
    const stem = token.text.replace(/\*+$/u, '');
    const last = wordsOf(stem).at(-1) ?? '';
    if (last.length >= MIN_PREFIX_LENGTH && /[\p{L}\p{N}\p{M}]$/u.test(stem)) {
      return { type: 'prefix', text: stem };
    }
  }
  return { type: 'words', text: token.text };
}

const isOr = (token: RawToken): boolean =>
  !token.quoted && !token.negated && token.text.toLowerCase() === 'or';

export function parseSearchQuery(input: string): ParsedQuery {
  const clauses: SearchClause[] = [];
  let joinNext = false;
  for (const token of tokenize(input)) {
    if (isOr(token) && clauses.length > 0) {
      joinNext = true;
      continue;
    }
    const term = termOf(token);
    if (!term) continue;
    const previous = clauses.at(-1);
    if (joinNext && previous && !previous.negated && !token.negated) previous.alternatives.push(term);
    else clauses.push({ negated: token.negated, alternatives: [term] });
    joinNext = false;
  }
  return { clauses };
}

/** True when the query looks for something (a query of exclusions only would scan everything). */
export const hasPositiveClause = (query: ParsedQuery): boolean =>
  query.clauses.some((clause) => !clause.negated);
