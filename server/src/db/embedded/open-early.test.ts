import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { tempDir } from '../../../test/test-app';
import '../../../test/provided-context';
import { openDatabase, type Database } from '../client';
import { createPglite } from '../pglite';
import { lockDataDir } from './data-dir-lock';
import { makeTemplate } from './make-template';
import { openEarly, type EarlyEmbedded } from './open-early';
import type { EmbeddedDatabaseEvent } from './worker-client';

/** A working directory whose `data/db` holds the run's migrated snapshot. */
async function cwdWithDatabase(): Promise<string> {
  const cwd = tempDir();
  mkdirSync(join(cwd, 'data'));
  const snapshot = new Blob([await readFile(inject('parleyPgliteSnapshotPath'))]);
  const pglite = await createPglite({ dataDir: join(cwd, 'data', 'db'), loadDataDir: snapshot });
  await pglite.close();
  return cwd;
}

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

function early(
  env: NodeJS.ProcessEnv,
  cwd: string,
  opts?: Parameters<typeof openEarly>[2],
): EarlyEmbedded | undefined {
  const opened = openEarly(env, cwd, opts);
  if (opened) cleanups.push(() => opened.discard());
  return opened;
}

const failOnLockLoss = {
  onLockCompromised: (error: Error) => {
    throw error;
  },
};

describe('opening the embedded database before the configuration', () => {
  it('opens nothing for a new data dir without a prepared database, or with DATABASE_URL', async () => {
    const fresh = tempDir();
    mkdirSync(join(fresh, 'data', 'db'), { recursive: true });
    // Running from source there is no prepared database: initdb waits for a valid configuration.
    expect(early({}, fresh)).toBeUndefined();
    expect(early({}, fresh, { template: null })).toBeUndefined();
    expect(early({ DATABASE_URL: 'postgres://localhost/x' }, await cwdWithDatabase())).toBeUndefined();
  });

  it('makes a new data dir from the prepared database at once, and removes it again when discarded', async () => {
    const template = join(tempDir(), 'embedded-template.tar.gz');
    await makeTemplate(template, { compression: 'gzip' });
    const cwd = tempDir();
    const started = early({}, cwd, { template });
    const opened = await started?.opening;
    const { rows } = await opened!.client.query<{ n: number }>('select count(*)::int as n from users');
    expect(rows).toEqual([{ n: 0 }]);
    await started?.discard();
    expect(existsSync(join(cwd, 'data', 'db'))).toBe(false);

    // A folder holding something else is not a new database: it is left to the configured start to refuse.
    const other = tempDir();
    mkdirSync(join(other, 'data', 'db'), { recursive: true });
    writeFileSync(join(other, 'data', 'db', 'notes.txt'), 'mine');
    expect(early({}, other, { template })).toBeUndefined();
  }, 120_000);

  it('opens DATA_DIR/db once: the database opened later is that one, on the same lock', async () => {
    const cwd = await cwdWithDatabase();
    const started = early({ DATA_DIR: 'data' }, cwd);
    expect(started?.dataDir).toBe(join(cwd, 'data', 'db'));
    const events: EmbeddedDatabaseEvent[] = [];
    const handlers = { onEvent: (event: EmbeddedDatabaseEvent) => events.push(event), ...failOnLockLoss };
    started?.attach(handlers);
    // A second lock on the folder would wait for the first to go stale, then fail.
    const database: Database = await openDatabase({
      dataDir: join(cwd, 'data', 'db'),
      worker: { ...handlers, opening: started?.opening },
    });
    cleanups.push(() => database.close());
    const { rows } = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from users`);
    expect(rows).toEqual([{ n: 0 }]);
  });

  it('hands over what happened before the handlers were attached', async () => {
    const started = early({}, await cwdWithDatabase());
    const opened = await started?.opening;
    // Resolves once the thread's exit was seen, so the crash is reported before anyone listens.
    await opened?.client.crashForTest();
    const events: EmbeddedDatabaseEvent[] = [];
    started?.attach({ onEvent: (event) => events.push(event), ...failOnLockLoss });
    expect(events.map((event) => event.type)).toEqual(['crashed']);
    await expect
      .poll(() => events.map((event) => event.type), { timeout: 30_000 })
      .toEqual(['crashed', 'restarted']);
  });

  it('releases the data dir when discarded (an invalid configuration)', async () => {
    const cwd = await cwdWithDatabase();
    const started = early({}, cwd);
    await started?.opening;
    await started?.discard();
    const release = await lockDataDir(join(cwd, 'data', 'db'), {
      onCompromised: failOnLockLoss.onLockCompromised,
      waitMs: 0,
    });
    await release();
  });
});
