import { sql, type SQL } from 'drizzle-orm';
import { wordsOf, type ParsedQuery, type SearchClause, type SearchTerm } from './parse-query';

/**
 * A parsed query as a `tsquery` expression. User text only ever travels as bound parameters, through
 * `phraseto_tsquery` (which cannot fail on any input) or, for a prefix, `to_tsquery` of a single run of
 * letters and digits followed by `:*` (no operator characters can reach it). Every piece goes through
 * `parley_search_fold`, as the indexed text did.
 */
export function tsquerySql(query: ParsedQuery): SQL {
  // Parenthesised whole: `@@` binds tighter than `&&` between tsqueries.
  return sql`(${sql.join(
    query.clauses.map((clause) => clauseSql(clause)),
    sql` && `,
  )})`;
}

/**
 * A looser query the GIN index answers by itself (no heap recheck): phrases become all of their words and
 * exclusions are left out, so it matches everything the exact query matches, and more. Null when the query
 * has neither, i.e. is as loose already.
 */
export function looseTsquerySql(query: ParsedQuery): SQL | null {
  const positive = query.clauses.filter((clause) => !clause.negated);
  const exact = positive.length === query.clauses.length && positive.every(isIndexExact);
  if (exact) return null;
  return sql`(${sql.join(
    positive.map((clause) => clauseSql(clause, allOf)),
    sql` && `,
  )})`;
}

/** A clause whose every alternative is one word or one prefix: the index needs no positions for it. */
const isIndexExact = (clause: SearchClause): boolean =>
  clause.alternatives.every((term) => wordsOf(term.text).length <= 1);

type WordsSql = (text: string) => SQL;

const phrase: WordsSql = (text) => sql`phraseto_tsquery('simple', parley_search_fold(${text}))`;
const allOf: WordsSql = (text) => sql`plainto_tsquery('simple', parley_search_fold(${text}))`;

function clauseSql(clause: SearchClause, words: WordsSql = phrase): SQL {
  const either = sql`(${sql.join(
    clause.alternatives.map((term) => termSql(term, words)),
    sql` || `,
  )})`;
  return clause.negated ? sql`(!! ${either})` : either;
}

function termSql(term: SearchTerm, words: WordsSql): SQL {
  if (term.type === 'words') return words(term.text);
  const before = wordsOf(term.text);
  const last = before.pop() ?? '';
  const prefix = sql`to_tsquery('simple', parley_search_fold(${last}) || ':*')`;
  return before.length > 0 ? sql`(${words(before.join(' '))} && ${prefix})` : prefix;
}
