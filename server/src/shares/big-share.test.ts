import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { NO_PARENT } from '@parley/shared/constants';
import { SHARE_MAX_MESSAGES, shareLinkSchema, sharedConversationSchema } from '@parley/shared/schemas/share';
import { describeEachEngine } from '../../test/describe-each-engine';
import { watchEventLoop } from '../../test/event-loop-watch';
import '../../test/provided-context';
import { tempDir, testConfig } from '../../test/test-app';
import { createTestUser } from '../../test/test-users';
import { buildApp } from '../app';
import type { Db } from '../db/client';
import { openDatabase, type Database } from '../db/client';
import { createPglite } from '../db/pglite';
import { saveConversationForTurn } from '../conversations/service';
import { messages, shares } from '../db/schema';

/**
 * The largest part of the server thread's CPU time while a 5,000-message path is copied that one turn of its
 * event loop may take (batched inserts with a turn of the event loop between two): 8–19 % seen, alone and
 * beside a whole test run; the copy in one statement takes 38–60 %. A ratio of this thread's own CPU times,
 * which other processes on the machine slow alike, so a loaded machine leaves it be.
 */
const MAX_TURN_SHARE = 0.3;

/** The server's embedded database as `npm start` opens it: PGlite in a worker thread on a data dir. */
async function embeddedDatabase(): Promise<Database> {
  const dataDir = join(tempDir(), 'db');
  const snapshot = new Blob([await readFile(inject('parleyPgliteSnapshotPath'))]);
  const pglite = await createPglite({ dataDir, loadDataDir: snapshot });
  await pglite.close();
  return openDatabase({
    dataDir,
    worker: {
      onLockCompromised: (error) => {
        throw error;
      },
    },
  });
}

/**
 * A 5,001-message path refused, then 5,000 of it copied and read back. `holdTurns`: where the database runs
 * off this thread (PostgreSQL, the embedded PGlite worker), the busiest turn of the event loop is held; the
 * test's in-process PGlite runs its queries on this very thread.
 */
function longPathSuite(name: string, getDatabase: () => Database, getDb: () => Db, holdTurns: boolean) {
  let app: FastifyInstance;
  const config = testConfig();
  beforeAll(async () => {
    app = await buildApp({ config, database: getDatabase() });
  });
  afterAll(() => app.close());
  it('copies a 5,000-message path in batches and refuses a longer one with a clear 413', async () => {
    const alice = await createTestUser({ database: getDatabase(), config }, { name: 'alice' });
    const conversationId = randomUUID();
    await saveConversationForTurn(getDb(), alice.user.id, {
      conversationId,
      endpoint: 'openAI',
      model: 'gpt-4o',
      options: {},
    });
    const ids = Array.from({ length: SHARE_MAX_MESSAGES + 1 }, () => randomUUID());
    const start = Date.UTC(2026, 0, 1);
    for (let from = 0; from < ids.length; from += 500) {
      await getDb()
        .insert(messages)
        .values(
          ids.slice(from, from + 500).map((messageId, offset) => {
            const index = from + offset;
            return {
              messageId,
              conversationId,
              userId: alice.user.id,
              parentMessageId: index === 0 ? NO_PARENT : (ids[index - 1] ?? NO_PARENT),
              sender: index % 2 === 0 ? 'alice' : 'GPT-4o',
              text: `Message ${index} of a very long chat.`,
              isCreatedByUser: index % 2 === 0,
              createdAt: new Date(start + index * 1000),
              updatedAt: new Date(start + index * 1000),
            };
          }),
        );
    }

    const tooLong = await app.inject({
      method: 'POST',
      url: `/api/share/${conversationId}`,
      headers: alice.headers,
      payload: {},
    });
    expect(tooLong.statusCode).toBe(413);
    expect(tooLong.json()).toMatchObject({
      code: 'share_too_long',
      message: expect.stringMatching(/up to 5,000 messages of a path, and this one has more/),
    });
    expect(await getDb().select().from(shares)).toEqual([]);

    const stop = watchEventLoop();
    const created = await app.inject({
      method: 'POST',
      url: `/api/share/${conversationId}`,
      headers: alice.headers,
      payload: { targetMessageId: ids[SHARE_MAX_MESSAGES - 1] },
    });
    const loop = stop();
    expect(created.statusCode, created.body).toBe(201);
    console.info(
      `[${name}] 5,000-message share: busiest turn ${loop.busiestTurn?.toFixed(0) ?? '?'} of ` +
        `${loop.cpuTotal?.toFixed(0) ?? '?'} ms on CPU, loop delay max ${loop.delayMax.toFixed(0)} ms`,
    );
    if (holdTurns && loop.busiestTurn !== null && loop.cpuTotal !== null) {
      expect(loop.busiestTurn / loop.cpuTotal).toBeLessThan(MAX_TURN_SHARE);
    }

    const { shareId } = shareLinkSchema.parse(created.json());
    const viewed = await app.inject({ url: `/api/share/${shareId}`, headers: alice.headers });
    const shared = sharedConversationSchema.parse(viewed.json());
    expect(shared.messages).toHaveLength(SHARE_MAX_MESSAGES);
    expect(shared.messages.at(-1)?.text).toBe(`Message ${SHARE_MAX_MESSAGES - 1} of a very long chat.`);
    // Seeding 5,001 messages and copying 5,000 on the test's in-process PGlite takes tens of seconds.
  }, 180_000);
}

describeEachEngine('share links of long paths', (getDb, { engine, getDatabase }) => {
  longPathSuite(engine, getDatabase, getDb, engine === 'postgres');
});

describe('share links of long paths on the embedded database (PGlite in a worker)', () => {
  let database: Database | undefined;
  const current = (): Database => {
    if (!database) throw new Error('no database');
    return database;
  };
  beforeAll(async () => {
    database = await embeddedDatabase();
  }, 120_000);
  afterAll(() => database?.close());
  longPathSuite('pglite-worker', current, () => current().db, true);
});
