import type { HighlightRange } from '@parley/shared/schemas/search';
import { foldForSearch } from './fold';
import { wordsOf, type ParsedQuery } from './parse-query';

/** The words a result is highlighted for: whole words, and word beginnings (from `prefix*`). */
export interface HighlightTerms {
  words: ReadonlySet<string>;
  prefixes: readonly string[];
}

/** Every word the query looks for (excluded clauses highlight nothing), folded as the index folds. */
export function highlightTermsOf(query: ParsedQuery): HighlightTerms {
  const words = new Set<string>();
  const prefixes: string[] = [];
  for (const clause of query.clauses) {
    if (clause.negated) continue;
    for (const term of clause.alternatives) {
      const folded = wordsOf(term.text).map(foldForSearch);
      const last = term.type === 'prefix' ? folded.pop() : undefined;
      folded.forEach((word) => words.add(word));
      if (last !== undefined) prefixes.push(last);
    }
  }
  return { words, prefixes };
}

/**
 * The ranges of `text` holding a searched word (of a phrase, each word on its own), as UTF-16 offsets.
 * The text itself is never changed, so nothing in it can turn into markup.
 */
export function highlightRanges(text: string, terms: HighlightTerms): HighlightRange[] {
  const ranges: HighlightRange[] = [];
  for (const match of text.matchAll(/[\p{L}\p{N}\p{M}]+/gu)) {
    const word = foldForSearch(match[0]);
    if (terms.words.has(word) || terms.prefixes.some((prefix) => word.startsWith(prefix))) {
      ranges.push({ start: match.index, end: match.index + match[0].length });
    }
  }
  return ranges;
}
