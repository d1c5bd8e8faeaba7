import { customType, timestamp } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';

/** A JSON object as stored in a jsonb column; read values are parsed by zod in the repositories. */
export type JsonObject = Record<string, unknown>;

/**
 * PostgreSQL `tsvector`. Only used for generated search columns, so it is never written by the app;
 * drizzle reads it back as the text form PostgreSQL prints.
 */
export const tsvector = customType<{ data: string; driverData: string }>({
  dataType: () => 'tsvector',
});

/**
 * A chunk's embedding: `real[]` in the schema, a pgvector `vector` where migration 0007 could upgrade it.
 * Reads accept both text forms (`{1,2}` and `[1,2]`) and arrays; writes go through SQL that casts
 * (`knowledge/repo.ts`), so `toDriver` is the array form, valid for the `real[]` column only.
 */
export const embeddingColumn = customType<{ data: number[]; driverData: unknown }>({
  dataType: () => 'real[]',
  toDriver: (value) => `{${value.join(',')}}`,
  fromDriver: (value) => {
    if (Array.isArray(value)) return value.map(Number);
    const inner = String(value).trim().slice(1, -1).trim();
    return inner === '' ? [] : inner.split(',').map(Number);
  },
});

/** `created_at` / `updated_at` (timestamptz, default now(); `updated_at` bumped by drizzle on update). */
export const timestamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

/**
 * The full-text document of a text column:
 * `to_tsvector('simple', parley_search_fold(coalesce(<column>, '')))`. 'simple' keeps search
 * language-neutral (no stemming, no stop words) for the 20 UI languages; `parley_search_fold` (an IMMUTABLE
 * SQL function created by migration 0001, mirrored by `search/fold.ts`) strips accents and vowel points, so
 * "resume" finds "résumé" on PGlite and PostgreSQL alike without the `unaccent` extension.
 */
export const searchTsvectorOf = (column: string): SQL =>
  sql`to_tsvector('simple'::regconfig, parley_search_fold(coalesce(${sql.identifier(column)}, ''::text)))`;

/** `'a', 'b'` for a CHECK constraint; values are constants of this module, never input. */
export const sqlLiteralList = (values: readonly string[]): SQL =>
  sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', '));
