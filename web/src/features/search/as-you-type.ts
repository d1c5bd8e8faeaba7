/**
 * The sidebar searches as the user types, so the word being typed is a prefix: `zeb` finds "zebra". The query
 * language's `prefix*` says so; it is added unless the word is finished (a space after it), inside an open
 * "phrase", already a prefix, or the `or` operator.
 */
export function asYouTypeQuery(text: string): string {
  const query = text.trim();
  if (query === '' || query !== text.trimStart()) return query;
  if ((query.match(/"/g) ?? []).length % 2 === 1) return query;
  const last = query.split(/\s+/u).at(-1) ?? '';
  if (!/[\p{L}\p{N}\p{M}]$/u.test(last) || last.toLowerCase() === 'or') return query;
  return `${query}*`;
}
