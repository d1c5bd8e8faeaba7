import { randomUUID } from 'node:crypto';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NO_PARENT } from '@parley/shared/constants';
import { describeEachEngine } from '../../test/describe-each-engine';
import { createTestPostgres, postgresSkipReason } from '../../test/test-database';
import { createTestUser } from '../../test/test-users';
import { saveConversationForTurn } from '../conversations/service';
import { openDatabase, type Database } from '../db/client';
import { conversations, messages } from '../db/schema';
import { saveMessage } from '../messages/service';
import { createSweeper } from './sweeper';

const T0 = new Date('2026-06-01T12:00:00Z');
const HOUR = 3_600_000;

/** `n` conversations of a new user with a message each; temporary ones expire `expiresInHours` after T0. */
async function seed(database: Database, n: number, expiresInHours: number | null): Promise<string[]> {
  const owner = await createTestUser(database, { name: `u${randomUUID().slice(0, 6)}`, password: null });
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const conversationId = randomUUID();
    await saveConversationForTurn(database.db, owner.user.id, {
      conversationId,
      endpoint: 'openAI',
      model: 'gpt-4o',
      options: {},
      ...(expiresInHours === null
        ? {}
        : { isTemporary: true, expiredAt: new Date(T0.getTime() + expiresInHours * HOUR) }),
    });
    await saveMessage(database.db, owner.user.id, {
      messageId: randomUUID(),
      conversationId,
      parentMessageId: NO_PARENT,
      sender: 'User',
      text: 'hello',
      isCreatedByUser: true,
    });
    ids.push(conversationId);
  }
  return ids;
}

const existing = async (database: Database, ids: string[]) => {
  const [row] = await database.db
    .select({ n: count() })
    .from(conversations)
    .where(inArray(conversations.conversationId, ids));
  return row?.n ?? 0;
};
const messagesOf = async (database: Database, ids: string[]) => {
  const [row] = await database.db
    .select({ n: count() })
    .from(messages)
    .where(inArray(messages.conversationId, ids));
  return row?.n ?? 0;
};

describeEachEngine('temporary chat sweeper', (_getDb, { getDatabase }) => {
  it('deletes temporary chats once the injected clock passes their expiry, with their messages, and nothing else', async () => {
    const database = getDatabase();
    const soon = await seed(database, 12, 1);
    const later = await seed(database, 3, 48);
    const normal = await seed(database, 3, null);
    let now = T0;
    const sweeper = createSweeper({ db: database.db, engine: database.kind, now: () => now, batchSize: 5 });
    expect(await sweeper.sweep()).toBe(0);
    now = new Date(T0.getTime() + 2 * HOUR);
    expect(await sweeper.sweep()).toBe(12);
    expect(await existing(database, soon)).toBe(0);
    expect(await messagesOf(database, soon)).toBe(0);
    expect(await existing(database, [...later, ...normal])).toBe(6);
    expect(await sweeper.sweep()).toBe(0);
    now = new Date(T0.getTime() + 49 * HOUR);
    expect(await sweeper.sweep()).toBe(3);
    expect(await existing(database, normal)).toBe(3);
  });

  it('runs its housekeeping tasks each round on its own clock, and a failing one does not stop the sweep', async () => {
    const database = getDatabase();
    await seed(database, 2, 1);
    const later = new Date(T0.getTime() + 2 * HOUR);
    const seen: Date[] = [];
    const warnings: unknown[] = [];
    const sweeper = createSweeper({
      db: database.db,
      engine: database.kind,
      now: () => later,
      logger: { info: () => undefined, warn: (entry: unknown) => warnings.push(entry) },
      tasks: [
        () => Promise.reject(new Error('storage is down')),
        async (at) => {
          seen.push(at);
        },
      ],
    });
    expect(await sweeper.sweep()).toBe(2);
    expect(seen).toEqual([later]);
    expect(warnings).toHaveLength(1);
  });

  it('a temporary chat kept ("Keep this chat") is never swept', async () => {
    const database = getDatabase();
    const [kept = ''] = await seed(database, 1, 1);
    await database.db
      .update(conversations)
      .set({ isTemporary: false, expiredAt: null })
      .where(eq(conversations.conversationId, kept));
    const sweeper = createSweeper({
      db: database.db,
      engine: database.kind,
      now: () => new Date(T0.getTime() + 1e4 * HOUR),
    });
    expect(await sweeper.sweep()).toBe(0);
    expect(await existing(database, [kept])).toBe(1);
  });
});

describe.skipIf(postgresSkipReason() !== undefined)(
  '[postgres] temporary chat sweeper on two instances',
  () => {
    let first: Database;
    let second: Database;
    beforeEach(async () => {
      first = await createTestPostgres();
      if (first.driver.kind !== 'postgres') throw new Error('not PostgreSQL');
      const url = first.driver.pool.options.connectionString;
      if (!url) throw new Error('no connection string');
      second = await openDatabase({ databaseUrl: url, poolMax: 4 });
    });
    afterEach(async () => {
      await second.close();
      await first.close();
    });

    it('two instances sweeping at once delete each expired chat exactly once', async () => {
      const expired = await seed(first, 40, 1);
      const alive = await seed(first, 4, 100);
      let now = T0;
      const clock = () => now;
      const a = createSweeper({ db: first.db, engine: 'postgres', now: clock, batchSize: 3 });
      const b = createSweeper({ db: second.db, engine: 'postgres', now: clock, batchSize: 3 });
      expect(await Promise.all([a.sweep(), b.sweep()])).toEqual([0, 0]);
      now = new Date(T0.getTime() + 2 * HOUR);
      let deleted = 0;
      for (let round = 0; round < 3; round++) {
        const counts = await Promise.all([a.sweep(), b.sweep(), a.sweep(), b.sweep()]);
        deleted += counts.reduce((sum, n) => sum + n, 0);
      }
      expect(deleted).toBe(40);
      expect(await existing(first, expired)).toBe(0);
      expect(await existing(second, alive)).toBe(4);
    });

    it('an instance skips its round while another holds the sweep, and sweeps the next one', async () => {
      const expired = await seed(first, 5, 1);
      const clock = () => new Date(T0.getTime() + 2 * HOUR);
      const b = createSweeper({ db: second.db, engine: 'postgres', now: clock });
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      let locked: () => void = () => undefined;
      const hasLock = new Promise<void>((resolve) => (locked = resolve));
      // Instance A's sweep, caught between taking the lock and deleting.
      const holding = first.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(25002, 1)`);
        locked();
        await held;
      });
      await hasLock;
      expect(await b.sweep()).toBe(0);
      expect(await existing(first, expired)).toBe(5);
      release();
      await holding;
      expect(await b.sweep()).toBe(5);
    });
  },
);
