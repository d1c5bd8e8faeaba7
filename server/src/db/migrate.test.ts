import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { is, sql, type SQL } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  createTestPglite,
  createTestPostgres,
  postgresSkipReason,
  TEST_ENGINES,
} from '../../test/test-database';
import { openDatabase, type Database, type Db } from './client';
import { defaultMigrationsFolder, migrateDatabase } from './migrate';
import * as schema from './schema';

/** How many migrations the journal lists (each applies exactly once). */
/** The tables the schema declares: every one of them, and nothing else, is in `public` after the migrations. */
const TABLE_COUNT = Object.values(schema).filter((value) => is(value, PgTable)).length;
const MIGRATION_COUNT = (
  JSON.parse(readFileSync(`${defaultMigrationsFolder()}/meta/_journal.json`, 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

async function rows(db: Db, query: SQL): Promise<Record<string, unknown>[]> {
  return (await db.execute(query)).rows;
}

/** Everything the migrations define in `public`, in a form comparable across engines. */
async function describeCatalog(db: Db) {
  const columns = await rows(
    db,
    sql`select table_name, column_name, data_type, udt_name, is_nullable, column_default,
               is_generated, generation_expression
          from information_schema.columns where table_schema = 'public'
         order by table_name, column_name`,
  );
  const indexes = await rows(
    db,
    sql`select tablename, indexname, indexdef from pg_indexes where schemaname = 'public'
         order by tablename, indexname`,
  );
  const constraints = await rows(
    db,
    sql`select rel.relname as table_name, con.conname, con.contype, pg_get_constraintdef(con.oid) as def
          from pg_constraint con join pg_class rel on rel.oid = con.conrelid
          join pg_namespace ns on ns.oid = rel.relnamespace
         where ns.nspname = 'public' and con.contype <> 'n'
         order by rel.relname, con.conname`,
  );
  return { columns, indexes, constraints };
}

describe('migrations', () => {
  it('resolve the migrations folder from the source tree', () => {
    expect(defaultMigrationsFolder()).toBe(fileURLToPath(new URL('../../drizzle', import.meta.url)));
  });

  it('are idempotent: a second run applies nothing', async () => {
    const database = await createTestPglite();
    try {
      await migrateDatabase(database);
      const applied = await rows(
        database.db,
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(applied).toEqual([{ n: MIGRATION_COUNT }]);
    } finally {
      await database.close();
    }
  });
});

/** A migrations folder of its own: the journal, and the SQL files unless `withSql` is false. */
function copyMigrations(withSql: boolean): string {
  const folder = mkdtempSync(join(tmpdir(), 'parley-migrations-'));
  cpSync(defaultMigrationsFolder(), folder, {
    recursive: true,
    filter: (source) => withSql || !source.endsWith('.sql'),
  });
  return folder;
}

describe('migrations at a later start', () => {
  // The start asks the database for its newest migration and skips drizzle's migrator when the journal has
  // nothing newer: the migrator would read every SQL file, and fail here on their absence.
  it.for(TEST_ENGINES)('are not looked for on an up-to-date database (%s)', async (engine) => {
    if (engine === 'postgres' && postgresSkipReason() !== undefined) return;
    const database = await createTestDatabase(engine);
    try {
      await migrateDatabase(database, { migrationsFolder: copyMigrations(false) });
    } finally {
      await database.close();
    }
  });

  it.for(TEST_ENGINES)('are applied when the journal lists a newer one (%s)', async (engine) => {
    if (engine === 'postgres' && postgresSkipReason() !== undefined) return;
    const folder = copyMigrations(true);
    const journalPath = `${folder}/meta/_journal.json`;
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
      entries: { idx: number; when: number; tag: string; version: string; breakpoints: boolean }[];
    };
    const last = journal.entries.at(-1);
    if (!last) throw new Error('empty journal');
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1, tag: '9999_probe' });
    writeFileSync(journalPath, JSON.stringify(journal));
    writeFileSync(`${folder}/9999_probe.sql`, 'CREATE TABLE "migration_probe" ("id" integer);');
    const database = await createTestDatabase(engine);
    try {
      await migrateDatabase(database, { migrationsFolder: folder });
      const probe = await rows(
        database.db,
        sql`select count(*)::int as n from information_schema.tables where table_name = 'migration_probe'`,
      );
      expect(probe).toEqual([{ n: 1 }]);
      const applied = await rows(
        database.db,
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(applied).toEqual([{ n: MIGRATION_COUNT + 1 }]);
    } finally {
      await database.close();
    }
  });
});

describe.skipIf(postgresSkipReason() !== undefined)('migrations on PGlite and PostgreSQL', () => {
  let pglite: Database;
  let postgres: Database;
  // What did open, closed after: one engine failing to open leaves the other to close, not a second error.
  const opened: Database[] = [];
  const open = async (opening: Promise<Database>) => {
    const database = await opening;
    opened.push(database);
    return database;
  };
  beforeAll(async () => {
    [pglite, postgres] = await Promise.all([open(createTestPglite()), open(createTestPostgres())]);
  });
  afterAll(async () => {
    await Promise.all(opened.map((database) => database.close()));
  });

  it('create the same tables, columns, indexes and constraints on both engines', async () => {
    const [onPglite, onPostgres] = await Promise.all([
      describeCatalog(pglite.db),
      describeCatalog(postgres.db),
    ]);
    expect(onPglite.columns.length).toBeGreaterThan(100);
    // The one intended difference: the embedding is a pgvector `vector` where the extension exists.
    const isEmbedding = (column: Record<string, unknown>) =>
      column.table_name === 'file_chunks' && column.column_name === 'embedding';
    expect(onPglite.columns.find(isEmbedding)).toMatchObject({ udt_name: 'vector' });
    expect(['vector', '_float4']).toContain(onPostgres.columns.find(isEmbedding)?.udt_name);
    expect(onPglite.columns.filter((column) => !isEmbedding(column))).toEqual(
      onPostgres.columns.filter((column) => !isEmbedding(column)),
    );
    expect(onPglite.indexes).toEqual(onPostgres.indexes);
    expect(onPglite.constraints).toEqual(onPostgres.constraints);
  });

  it('run once when several processes migrate an empty PostgreSQL database together', async () => {
    const first = await createTestPostgres({ empty: true });
    const second = await openDatabaseLike(first);
    try {
      await Promise.all([migrateDatabase(first), migrateDatabase(second)]);
      const applied = await rows(first.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect(applied).toEqual([{ n: MIGRATION_COUNT }]);
      const tables = await rows(
        first.db,
        sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`,
      );
      expect(tables).toEqual([{ n: TABLE_COUNT }]);
    } finally {
      await second.close();
      await first.close();
    }
  });
});

/** A second pool on the same PostgreSQL database, as a second server process would have. */
async function openDatabaseLike(database: Database): Promise<Database> {
  if (database.driver.kind !== 'postgres') throw new Error('expected PostgreSQL');
  const url = database.driver.pool.options.connectionString;
  if (!url) throw new Error('pool without connection string');
  return openDatabase({ databaseUrl: url });
}
