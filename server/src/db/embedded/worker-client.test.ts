import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { captureLogs } from '../../../test/faults/captured-logs';
import { tempDir } from '../../../test/test-app';
import '../../../test/provided-context';
import { openDatabase, type Database } from '../client';
import { createPglite } from '../pglite';
import { users } from '../schema';
import { isDatabaseUnavailable } from '../unavailable';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';
import { logEmbeddedDatabaseEvent } from './log-event';
import type { PgliteWorkerClient } from './worker-client';

/** A data dir holding the run's migrated snapshot (no initdb: that takes seconds). */
async function migratedDataDir(): Promise<string> {
  const dataDir = join(tempDir(), 'db');
  const snapshot = new Blob([await readFile(inject('parleyPgliteSnapshotPath'))]);
  const pglite = await createPglite({ dataDir, loadDataDir: snapshot });
  await pglite.close();
  return dataDir;
}

const open: Database[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((database) => database.close()));
});

async function openInWorker(dataDir: string, logs = captureLogs()): Promise<Database> {
  const database = await openDatabase({
    dataDir,
    worker: {
      onEvent: (event) => logEmbeddedDatabaseEvent(logs.logger, event),
      onLockCompromised: (error) => {
        throw error;
      },
    },
  });
  open.push(database);
  return database;
}

function workerOf(database: Database): PgliteWorkerClient {
  if (database.driver.kind !== 'pglite-worker') throw new Error('expected the worker driver');
  return database.driver.client;
}

const newUser = (email: string) => ({ email, name: 'Ada' });

describe('the embedded database in a worker thread', () => {
  it('answers drizzle queries and transactions as PGlite in-process does, off the event loop', async () => {
    const database = await openInWorker(await migratedDataDir());
    expect(database.kind).toBe('pglite');
    await database.ping();
    const { db } = database;

    const [created] = await db.insert(users).values(newUser('ada@example.com')).returning();
    expect(created?.createdAt).toBeInstanceOf(Date);
    expect(created?.plugins).toEqual([]);
    const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from users`);
    expect(rows).toEqual([{ n: 1 }]);

    await db.transaction(async (tx) => {
      await tx.insert(users).values(newUser('bob@example.com'));
      await tx.update(users).set({ name: 'Bob' }).where(eq(users.email, 'bob@example.com'));
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(users).values(newUser('eve@example.com'));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const emails = await db.select({ email: users.email, name: users.name }).from(users);
    expect(emails.sort((a, b) => a.email.localeCompare(b.email))).toEqual([
      { email: 'ada@example.com', name: 'Ada' },
      { email: 'bob@example.com', name: 'Bob' },
    ]);

    // PostgreSQL's error fields cross the thread: callers look for the SQLSTATE.
    const duplicate = await db
      .insert(users)
      .values(newUser('ada@example.com'))
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(duplicate).toBeInstanceOf(Error);
    expect((duplicate as Error & { cause?: { code?: string } }).cause?.code).toBe('23505');

    // The event loop keeps turning while a slow query runs (in-process, PGlite would hold the thread for the
    // whole 700 ms and no tick would run).
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 10);
    try {
      await db.execute(sql`select pg_sleep(0.7)`);
    } finally {
      clearInterval(timer);
    }
    expect(ticks).toBeGreaterThan(10);
  }, 90_000);

  it('restarts after its thread dies, with every committed row kept and one error line', async () => {
    const logs = captureLogs();
    const dataDir = await migratedDataDir();
    const database = await openInWorker(dataDir, logs);
    const committed: string[] = [];
    const insert = (email: string) =>
      database.db
        .insert(users)
        .values(newUser(email))
        .then(() => committed.push(email));
    for (let i = 0; i < 10; i += 1) await insert(`before${i}@example.com`);
    // Writes in flight, then the thread dies under them.
    const writes: Promise<unknown>[] = [];
    for (let i = 0; i < 30; i += 1) {
      writes.push(insert(`during${i}@example.com`));
      if (i === 5) writes.push(workerOf(database).crashForTest());
    }
    const outcomes = await Promise.allSettled(writes);
    const failed = outcomes.filter((outcome) => outcome.status === 'rejected');
    // Writes in flight when the thread died fail as "unavailable", which the chat engine retries.
    for (const outcome of failed) {
      expect(isDatabaseUnavailable((outcome as PromiseRejectedResult).reason)).toBe(true);
    }

    await logs.waitFor(/embedded database is back/);
    expect(logs.count(/stopped unexpectedly/)).toBe(1);
    const rows = await database.db.select({ email: users.email }).from(users);
    const stored = new Set(rows.map((row) => row.email));
    for (const email of committed) expect(stored.has(email)).toBe(true);
    expect(committed.length).toBeGreaterThanOrEqual(10);

    // Still usable, and the data is on disk: a new server process sees it after a clean close.
    await database.db.insert(users).values(newUser('after@example.com'));
    await database.close();
    const reopened = await openInWorker(dataDir);
    const count = await reopened.db.$count(users);
    expect(count).toBe(committed.length + 1);
  }, 180_000);

  it('holds its data dir against a second server until closed; closing twice is fine', async () => {
    const dataDir = await migratedDataDir();
    const database = await openInWorker(dataDir);
    const lockAgain = () => lockDataDir(dataDir, { onCompromised: () => undefined, waitMs: 0 });
    await expect(lockAgain()).rejects.toThrow(DataDirLockedError);
    await expect(lockAgain()).rejects.toThrow(
      /another Parley server is using the embedded database in .*DATA_DIR/,
    );

    await database.close();
    await database.close();
    const error = await database.ping().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Error);
    expect(String((error as Error).cause)).toMatch(/embedded database is closed/);
    const release = await lockAgain();
    await release();
  }, 90_000);
});
