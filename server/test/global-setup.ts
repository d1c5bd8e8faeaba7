import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';
import {
  createDatabase,
  databaseUrl,
  DEFAULT_TEST_DATABASE_URL,
  dropDatabase,
  randomDatabaseName,
  withAdminClient,
} from './postgres-admin';
import { migratedPgliteSnapshot } from './pglite-snapshot';
import type { PostgresTestTarget } from './provided-context';

/**
 * Migrates once per run: a PGlite snapshot every PGlite test DB starts from (cached across runs, see
 * pglite-snapshot.ts), and a PostgreSQL template database every PostgreSQL test DB is cloned from (dropped
 * at teardown).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_DATABASE_URL;
  const [snapshotPath, postgres] = await Promise.all([
    migratedPgliteSnapshot(),
    preparePostgresTemplate(adminUrl),
  ]);
  project.provide('parleyPgliteSnapshotPath', snapshotPath);
  project.provide('parleyPostgres', postgres);
  return async () => {
    if (postgres.status === 'ready') await dropDatabase(adminUrl, postgres.templateDatabase);
  };
}

async function preparePostgresTemplate(adminUrl: string): Promise<PostgresTestTarget> {
  const safeUrl = redact(adminUrl);
  try {
    await withAdminClient(adminUrl, (client) => client.query('select 1'));
  } catch (error) {
    const reason = `PostgreSQL unreachable at ${safeUrl}: ${String(error)}`;
    if (process.env.CI === 'true') {
      throw new Error(`${reason} (CI=true: PostgreSQL tests are required)`, { cause: error });
    }
    console.warn(`\n⚠️  ${reason}: PostgreSQL tests SKIPPED\n`);
    return { status: 'skipped', reason };
  }
  const templateDatabase = randomDatabaseName('template');
  await createDatabase(adminUrl, templateDatabase);
  const database = await openDatabase({ databaseUrl: databaseUrl(adminUrl, templateDatabase), poolMax: 2 });
  try {
    await migrateDatabase(database);
  } catch (error) {
    await database.close();
    await dropDatabase(adminUrl, templateDatabase);
    throw error;
  }
  // No connection may stay open on a template while it is cloned.
  await database.close();
  return { status: 'ready', adminUrl, templateDatabase };
}

function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}
