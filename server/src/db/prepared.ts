// Statements run on every chat turn, built by drizzle once per database handle instead of once per call:
// building a many-column `insert … on conflict` took more CPU than sending it. On PostgreSQL they are
// also named prepared statements (parsed once per connection).
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from './client';

const built = new WeakMap<Db, Map<string, unknown>>();

/** `build(db)` for this handle, made on first use and kept as long as the handle lives. */
export function preparedOn<T>(db: Db, name: string, build: (db: Db) => T): T {
  let statements = built.get(db);
  if (!statements) built.set(db, (statements = new Map()));
  let statement = statements.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(db);
    statements.set(name, statement);
  }
  return statement;
}

/** The names of the statements built on this handle so far. */
export function builtOn(db: Db): string[] {
  return [...(built.get(db)?.keys() ?? [])];
}

/**
 * A placeholder that takes its value as given (no column encoder runs at execution): pair it with
 * {@link driverValue}, which encodes exactly as drizzle does for an inline value.
 */
export const rawPlaceholder = (name: string): SQL => sql`${sql.placeholder(name)}`;

/** A value as drizzle sends it for this column: null stays null, anything else goes through the column's encoder. */
export function driverValue(column: PgColumn, value: unknown): unknown {
  return value === null || value === undefined ? null : column.mapToDriverValue(value);
}
