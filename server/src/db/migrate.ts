import { existsSync, readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { fileURLToPath } from 'node:url';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client';

/**
 * Run after the migrations at every start: makes `file_chunks.embedding` a pgvector column if the extension
 * became available since (function of migration 0007; a no-op otherwise).
 */
export const UPGRADE_EMBEDDING_COLUMN = 'select parley_upgrade_embedding_column()';

/** Arbitrary constant: PostgreSQL advisory-lock key that serialises migrations across server processes. */
const MIGRATION_LOCK_KEY = 7_228_934_510;

/**
 * Where `server/drizzle` is, seen from this module: `../../drizzle` when running from source
 * (`server/src/db/migrate.ts`), `../drizzle` or `./drizzle` when bundled into `server/dist/main.js`
 * (with the folder left in place or copied next to the bundle). The first that holds a drizzle journal wins.
 */
export function defaultMigrationsFolder(): string {
  const candidates = ['../../drizzle', '../drizzle', './drizzle'].map((relative) =>
    fileURLToPath(new URL(relative, import.meta.url)),
  );
  const found = candidates.find((folder) => existsSync(`${folder}/meta/_journal.json`));
  if (!found) {
    throw new Error(`No drizzle migrations folder found; looked in ${candidates.join(', ')}`);
  }
  return found;
}

/** The newest migration the folder's journal lists (drizzle's `folderMillis`, its `when`). */
function newestInJournal(migrationsFolder: string): number {
  const journal = JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

/**
 * Whether drizzle's migrator would apply nothing: it applies each migration newer than the newest one
 * recorded in `drizzle.__drizzle_migrations`. One query and the journal, instead of the migrator's reading and
 * hashing every SQL file, creating its schema and table if missing and a transaction (most starts find
 * nothing to do). Any failure (no such table yet) answers no, and the migrator runs as before.
 */
async function upToDate(
  query: (text: string) => Promise<{ rows: Record<string, unknown>[] }>,
  migrationsFolder: string,
): Promise<boolean> {
  try {
    const { rows } = await query('select max(created_at)::text as newest from drizzle.__drizzle_migrations');
    const newest = rows[0]?.newest;
    return typeof newest === 'string' && Number(newest) >= newestInJournal(migrationsFolder);
  } catch {
    return false;
  }
}

export interface MigrateOptions {
  /** Folder holding the drizzle-kit output; default `defaultMigrationsFolder()`. */
  migrationsFolder?: string;
}

/**
 * Applies every pending migration (idempotent). On PostgreSQL the run holds an advisory lock, so several
 * processes starting together migrate once. Logs nothing; the caller logs.
 */
export async function migrateDatabase(database: Database, opts: MigrateOptions = {}): Promise<void> {
  const migrationsFolder = opts.migrationsFolder ?? defaultMigrationsFolder();
  const { driver } = database;
  if (driver.kind === 'pglite' || driver.kind === 'pglite-worker') {
    const query = (text: string) =>
      driver.kind === 'pglite'
        ? driver.client.query<Record<string, unknown>>(text)
        : driver.client.query<Record<string, unknown>>(text);
    if (!(await upToDate(query, migrationsFolder))) await migratePglite(driver.db, { migrationsFolder });
    await driver.db.execute(sql.raw(UPGRADE_EMBEDDING_COLUMN));
    return;
  }
  const client = await driver.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      const query = (text: string) => client.query<Record<string, unknown>>(text);
      if (!(await upToDate(query, migrationsFolder))) {
        const [{ drizzle: drizzleNodePg }, { migrate: migrateNodePg }] = await Promise.all([
          import('drizzle-orm/node-postgres'),
          import('drizzle-orm/node-postgres/migrator'),
        ]);
        await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder });
      }
      await client.query(UPGRADE_EMBEDDING_COLUMN);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
