import { existsSync } from 'node:fs';
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
    await migratePglite(driver.db, { migrationsFolder });
    await driver.db.execute(sql.raw(UPGRADE_EMBEDDING_COLUMN));
    return;
  }
  const [{ drizzle: drizzleNodePg }, { migrate: migrateNodePg }] = await Promise.all([
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const client = await driver.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder });
      await client.query(UPGRADE_EMBEDDING_COLUMN);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
