import { PGlite } from '@electric-sql/pglite';
import { PglitePreparedQuery } from 'drizzle-orm/pglite/session';
import { NoopLogger } from 'drizzle-orm/logger';
import { NoopCache } from 'drizzle-orm/cache/core/cache';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIZZLE_RAW_TYPES, keepDrizzleTypesRaw, type RawTypes } from './raw-types';

const SQL = `select '2026-11-28 10:00:00+00'::timestamptz as at, '1 day'::interval as span, 7::int as n`;

describe('the embedded database keeps drizzle’s raw types on the instance', () => {
  let db: PGlite;
  let rawTypes: RawTypes;
  beforeAll(async () => {
    db = await PGlite.create();
    rawTypes = keepDrizzleTypesRaw(db);
  });
  afterAll(() => db.close());

  it('names the very types drizzle asks PGlite to leave raw', () => {
    const made = new PglitePreparedQuery(
      db,
      'select 1',
      [],
      new NoopLogger(),
      new NoopCache(),
      undefined,
      undefined,
      undefined,
      undefined,
      false,
    );
    // drizzle's own (private) query configurations: what it asks PGlite to leave raw.
    type Config = { parsers?: object };
    const query = made as unknown as { rawQueryConfig: Config; queryConfig: Config };
    const asked = (config: Config) =>
      Object.keys(config.parsers ?? {})
        .map(Number)
        .sort();
    const sorted = [...DRIZZLE_RAW_TYPES].sort();
    expect(asked(query.rawQueryConfig)).toEqual(sorted);
    expect(asked(query.queryConfig)).toEqual(sorted);
  });

  it('answers those types as text without per-query parsers, in and out of a transaction', async () => {
    expect(rawTypes.parsersFor(DRIZZLE_RAW_TYPES)).toBeUndefined();
    const { rows } = await db.query<{ at: unknown; span: unknown; n: unknown }>(SQL);
    expect(rows[0]).toEqual({ at: '2026-11-28 10:00:00+00', span: '1 day', n: 7 });
    const inside = await db.transaction((tx) => tx.query<{ at: unknown }>(SQL));
    expect(inside.rows[0]?.at).toBe('2026-11-28 10:00:00+00');
  });

  it('gives a query that asks for other raw types the default parsers back', async () => {
    const parsers = rawTypes.parsersFor([]);
    const { rows } = await db.query<{ at: unknown; span: unknown }>(SQL, [], { parsers });
    expect(rows[0]?.at).toBeInstanceOf(Date);
    const onlyIntervals = rawTypes.parsersFor([1186]);
    const mixed = await db.query<{ at: unknown; span: unknown }>(SQL, [], { parsers: onlyIntervals });
    expect(mixed.rows[0]?.at).toBeInstanceOf(Date);
    expect(mixed.rows[0]?.span).toBe('1 day');
  });
});
