import { describe, expect, it } from 'vitest';
import { highlightRanges, highlightTermsOf } from './highlight';
import { foldForSearch } from './fold';
import { hasPositiveClause, parseSearchQuery } from './parse-query';

const words = (text: string) => ({ type: 'words', text });
const prefix = (text: string) => ({ type: 'prefix', text });

describe('parseSearchQuery', () => {
  it('reads words, phrases, prefixes, exclusions and or', () => {
    expect(parseSearchQuery('lisbon "quick brown" trav* -paris tea or coffee')).toEqual({
      clauses: [
        { negated: false, alternatives: [words('lisbon')] },
        { negated: false, alternatives: [words('quick brown')] },
        { negated: false, alternatives: [prefix('trav')] },
        { negated: true, alternatives: [words('paris')] },
        { negated: false, alternatives: [words('tea'), words('coffee')] },
      ],
    });
  });

  it('never fails: stray quotes, operators and symbols are text or nothing', () => {
    expect(parseSearchQuery('"unterminated phrase').clauses).toEqual([
      { negated: false, alternatives: [words('unterminated phrase')] },
    ]);
    expect(parseSearchQuery("!!! & | <-> :* ' ( ) - *").clauses).toEqual([]);
    expect(parseSearchQuery("o'brien & (x)").clauses.map((c) => c.alternatives)).toEqual([
      [words("o'brien")],
      [words('(x)')],
    ]);
  });

  it('needs two characters before a star to read a prefix', () => {
    expect(parseSearchQuery('a*').clauses[0]?.alternatives).toEqual([words('a*')]);
    expect(parseSearchQuery('ab*').clauses[0]?.alternatives).toEqual([prefix('ab')]);
  });

  it('knows a query of exclusions only looks for nothing', () => {
    expect(hasPositiveClause(parseSearchQuery('-paris -rome'))).toBe(false);
    expect(hasPositiveClause(parseSearchQuery('lisbon -paris'))).toBe(true);
  });
});

describe('highlighting', () => {
  it('folds accents and case the way the index does', () => {
    expect(foldForSearch('RÉSUMÉ Ærøskøbing Nguyễn Đức ёлка שָׁלוֹם')).toBe(
      'resume æroskobing nguyen duc елка שלום',
    );
  });

  it('marks whole words and word beginnings in the original text, as ranges', () => {
    const text = 'Mon Résumé: <b>resumes</b> & RESUME, not presume.';
    const terms = highlightTermsOf(parseSearchQuery('resume'));
    const marked = highlightRanges(text, terms).map(({ start, end }) => text.slice(start, end));
    expect(marked).toEqual(['Résumé', 'RESUME']);
    const prefixed = highlightRanges(text, highlightTermsOf(parseSearchQuery('resum*')));
    expect(prefixed.map(({ start, end }) => text.slice(start, end))).toEqual(['Résumé', 'resumes', 'RESUME']);
  });

  it('highlights each word of a phrase and nothing of an excluded word', () => {
    const text = 'quick brown fox, slow dog';
    const ranges = highlightRanges(text, highlightTermsOf(parseSearchQuery('"quick brown" -dog')));
    expect(ranges).toEqual([
      { start: 0, end: 5 },
      { start: 6, end: 11 },
    ]);
  });
});
