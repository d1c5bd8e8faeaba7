import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { Logger } from 'drizzle-orm/logger';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { createPglite } from '../src/db/pglite';
import { createDatabase, databaseUrl, dropDatabase, randomDatabaseName } from './postgres-admin';
import './provided-context';

export type TestEngine = Database['kind'];
export const TEST_ENGINES: readonly TestEngine[] = ['pglite', 'postgres'];

let snapshot: Promise<Blob> | undefined;

/** The migrated snapshot, read once per worker. */
function pgliteSnapshot(): Promise<Blob> {
  snapshot ??= readFile(inject('parleyPgliteSnapshotPath')).then((bytes) => new Blob([bytes]));
  return snapshot;
}

/** A fresh, migrated in-memory PGlite database (~0.3–0.5 s). `close()` discards it. */
export async function createTestPglite(opts: { logger?: Logger } = {}): Promise<Database> {
  const pglite = await createPglite({ loadDataDir: await pgliteSnapshot() });
  return openDatabase({ pglite, ...opts });
}

/** Why PostgreSQL tests are skipped in this run, or undefined when PostgreSQL is available. */
export function postgresSkipReason(): string | undefined {
  const target = inject('parleyPostgres');
  return target.status === 'skipped' ? target.reason : undefined;
}

export interface CreateTestPostgresOptions {
  /** Start from an empty database instead of the migrated template (migration tests). */
  empty?: boolean;
  /** Told every statement drizzle sends. */
  logger?: Logger;
}

/**
 * A fresh, migrated PostgreSQL database cloned from the run's template (~0.1–0.3 s).
 * `close()` ends its pool and drops the database.
 */
export async function createTestPostgres(opts: CreateTestPostgresOptions = {}): Promise<Database> {
  const target = inject('parleyPostgres');
  if (target.status !== 'ready') throw new Error(`PostgreSQL tests unavailable: ${target.reason}`);
  const { adminUrl, templateDatabase } = target;
  const name = randomDatabaseName('db');
  await createDatabase(adminUrl, name, opts.empty ? undefined : templateDatabase);
  const database = await openDatabase({
    databaseUrl: databaseUrl(adminUrl, name),
    poolMax: 4,
    ...(opts.logger ? { logger: opts.logger } : {}),
  });
  return {
    ...database,
    close: async () => {
      await database.close();
      await dropDatabase(adminUrl, name);
    },
  };
}

export function createTestDatabase(engine: TestEngine, opts: { logger?: Logger } = {}): Promise<Database> {
  return engine === 'pglite' ? createTestPglite(opts) : createTestPostgres(opts);
}

/**
 * Empties every table of the `public` schema (~20 ms), leaving the schema and the migration journal:
 * the cheap way back to a fresh database between tests that share one.
 */
export async function truncateAllTables(database: Database): Promise<void> {
  const { rows } = await database.db.execute<{ tables: string | null }>(
    sql`select string_agg(format('%I.%I', schemaname, tablename), ', ') as tables
          from pg_tables where schemaname = 'public'`,
  );
  const tables = rows[0]?.tables;
  if (!tables) return;
  // A write the finished test set off (a usage record, a title) may still be committing; TRUNCATE takes its
  // locks table by table, so PostgreSQL can pick it as a deadlock victim (40P01). Trying again is safe.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await database.db.execute(sql.raw(`truncate table ${tables} cascade`));
      return;
    } catch (error) {
      if (attempt >= 5 || !isDeadlock(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

function isDeadlock(error: unknown): boolean {
  const cause = error instanceof Error && error.cause !== undefined ? error.cause : error;
  return typeof cause === 'object' && cause !== null && 'code' in cause && cause.code === '40P01';
}
