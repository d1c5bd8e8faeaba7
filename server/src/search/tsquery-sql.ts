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

function clauseSql(clause: SearchClause): SQL {
  const either = sql`(${sql.join(
    clause.alternatives.map((term) => termSql(term)),
    sql` || `,
  )})`;
  return clause.negated ? sql`(!! ${either})` : either;
}

const phrase = (text: string): SQL => sql`phraseto_tsquery('simple', parley_search_fold(${text}))`;

function termSql(term: SearchTerm): SQL {
  if (term.type === 'words') return phrase(term.text);
  const words = wordsOf(term.text);
  const last = words.pop() ?? '';
  const prefix = sql`to_tsquery('simple', parley_search_fold(${last}) || ':*')`;
  return words.length > 0 ? sql`(${phrase(words.join(' '))} && ${prefix})` : prefix;
}
