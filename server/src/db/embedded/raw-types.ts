// Which column types the embedded database's thread hands over as text. drizzle parses timestamps, dates,
// intervals and numeric arrays itself and asks PGlite to leave them raw on every query. PGlite answers a query
// that brings its own parsers by merging them with its ~300 default ones, which cost ~0.5 ms of CPU per
// statement (measured: 1.3 vs 0.7 ms for a one-row update); so the thread keeps drizzle's types raw on the
// instance itself and passes parsers only for a query that asks for something else.
import type { PGlite, QueryOptions } from '@electric-sql/pglite';

type Parsers = NonNullable<QueryOptions['parsers']>;

const keepText = (value: string): string => value;
const raw = (oids: Iterable<number>): Parsers => Object.fromEntries([...oids].map((oid) => [oid, keepText]));

/**
 * The types drizzle's PGlite driver keeps raw (drizzle-orm/pglite/session.js): timestamp, timestamptz,
 * interval, date, and the arrays of numeric, timestamp, timestamptz, interval and date.
 */
export const DRIZZLE_RAW_TYPES: readonly number[] = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];

export interface RawTypes {
  /** The parsers one query needs on top of the instance's: none when it asks for the instance's raw types. */
  parsersFor(rawTypes: readonly number[]): Parsers | undefined;
}

/** Makes `db` leave `DRIZZLE_RAW_TYPES` as text for every query (its default parsers are kept for others). */
export function keepDrizzleTypesRaw(db: Pick<PGlite, 'parsers'>): RawTypes {
  const defaults: Parsers = {};
  for (const oid of DRIZZLE_RAW_TYPES) {
    const parser = db.parsers[oid];
    if (parser) defaults[oid] = parser;
  }
  Object.assign(db.parsers, raw(DRIZZLE_RAW_TYPES));
  const usual = new Set(DRIZZLE_RAW_TYPES);
  return {
    parsersFor(rawTypes) {
      if (rawTypes.length === usual.size && rawTypes.every((oid) => usual.has(oid))) return undefined;
      const asked = new Set(rawTypes);
      const restored = Object.fromEntries(
        Object.entries(defaults).filter(([oid]) => !asked.has(Number(oid))),
      ) as Parsers;
      return { ...restored, ...raw(asked) };
    },
  };
}
