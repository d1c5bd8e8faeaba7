import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../../test/test-app';
import { openDatabase, type Database } from '../client';
import { defaultMigrationsFolder, migrateDatabase } from '../migrate';
import { users } from '../schema';
import { makeTemplate } from './make-template';

const open: Database[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((database) => database.close()));
});

async function journalLength(): Promise<number> {
  const journal = JSON.parse(
    await readFile(join(defaultMigrationsFolder(), 'meta/_journal.json'), 'utf8'),
  ) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

async function appliedMigrations(database: Database): Promise<number> {
  const rows = await database.db.execute<{ count: number }>(
    sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
  );
  return Number((rows as unknown as { rows: { count: number }[] }).rows[0]?.count);
}

describe('the prepared embedded database', () => {
  it('starts a new data dir with every migration applied, so the start migrates nothing', async () => {
    const template = join(tempDir(), 'embedded-template.tar.gz');
    await makeTemplate(template, { compression: 'gzip' });

    const database = await openDatabase({
      dataDir: join(tempDir(), 'db'),
      worker: {
        template,
        onLockCompromised: (error) => {
          throw error;
        },
      },
    });
    open.push(database);

    const migrations = await journalLength();
    expect(await appliedMigrations(database)).toBe(migrations);
    await migrateDatabase(database);
    expect(await appliedMigrations(database)).toBe(migrations);
    const [created] = await database.db
      .insert(users)
      .values({ email: 'ada@example.com', name: 'Ada' })
      .returning();
    expect(created?.email).toBe('ada@example.com');
  }, 180_000); // initdb, every migration and a dump: seconds of CPU, far more on a loaded machine
});
