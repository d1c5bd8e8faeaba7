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
