import { sql, type SQL } from 'drizzle-orm';

/** A budget's model glob as a case-insensitive test in JavaScript: `*` any run of characters, `?` one. */
export function globMatches(glob: string, model: string): boolean {
  const source = [...glob]
    .map((char) => (char === '*' ? '.*' : char === '?' ? '.' : char.replace(/[\\^$.|+()[\]{}]/u, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`, 'iu').test(model);
}

/** The same glob as an ILIKE pattern (`%` and `_` of the model name itself escaped). */
export function globToLike(glob: string): string {
  return [...glob]
    .map((char) => (char === '*' ? '%' : char === '?' ? '_' : /[\\%_]/u.test(char) ? `\\${char}` : char))
    .join('');
}

/** `<column> ILIKE <pattern>` for a glob. */
export const modelMatches = (column: SQL, glob: string): SQL => sql`${column} ilike ${globToLike(glob)}`;
