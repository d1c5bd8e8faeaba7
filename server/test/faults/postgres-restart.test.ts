import type { AddressInfo } from 'node:net';
import { startFakeOpenAI, type FakeOpenAI } from '@parley/fakes/openai-server';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client';
import { migrateDatabase } from '../../src/db/migrate';
import { messages } from '../../src/db/schema';
import { buildAppOn } from '../app-on-database';
import { ask, askToEnd, chatEnv, chatUser, type ChatServer } from '../chat-harness';
import type { TestUser } from '../test-users';
import { captureLogs, type CapturedLogs } from './captured-logs';
import { privatePostgresSkipReason, startPrivatePostgres, type PrivatePostgres } from './private-postgres';

const skip = privatePostgresSkipReason();
if (skip) console.warn(`\n⚠️  ${skip}: PostgreSQL fault tests SKIPPED\n`);

const words = (count: number) => Array.from({ length: count }, (_, i) => `w${i} `);

async function savedReply(database: Database, messageId: string) {
  const [row] = await database.db
    .select()
    .from(messages)
    .where(and(eq(messages.messageId, messageId), eq(messages.isCreatedByUser, false)));
  return row;
}

// Its own PostgreSQL server, stopped and restarted by the tests: nothing else may use it meanwhile.
describe.skipIf(skip !== undefined)('PostgreSQL going away during a reply', { sequential: true }, () => {
  let postgres: PrivatePostgres;
  let database: Database;
  let fake: FakeOpenAI;
  let server: ChatServer;
  let user: TestUser;
  let logs: CapturedLogs;

  beforeAll(async () => {
    postgres = await startPrivatePostgres();
    database = await openDatabase({ databaseUrl: postgres.url, poolMax: 4 });
    await migrateDatabase(database);
    fake = await startFakeOpenAI();
    logs = captureLogs();
    const built = await buildAppOn(database, { env: chatEnv(fake), logger: logs.logger });
    await built.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = built.app.server.address() as AddressInfo;
    server = { ...built, url: `http://127.0.0.1:${port}`, close: () => built.app.close() };
    user = await chatUser(server);
  }, 90_000);

  afterAll(async () => {
    await server?.close();
    await database?.close();
    await fake?.close();
    await postgres?.close();
  });

  it('a restart mid-reply: the reply is saved whole and the next request is served', async () => {
    fake.script({ replies: [{ chunks: words(150), delayMs: 50 }] });
    const reader = await ask(server, user, { text: 'Count through a restart' });
    await reader.waitFor((e) => e.data.type === 'text' && e.data.text === 'w5 ');
    await postgres.restart();
    // The restart (pool connections cut, new ones refused for a while) happened while the reply streamed.
    expect(reader.types()).not.toContain('final');
    await reader.done;

    const final = reader.final().responseMessage;
    expect(final.text).toBe(words(150).join(''));
    const row = await savedReply(database, final.messageId);
    expect(row?.text).toBe(words(150).join(''));
    expect(row?.unfinished).toBe(false);

    fake.script({ replies: [{ text: 'still here' }] });
    const next = await askToEnd(server, user, { text: 'And now?' });
    expect(next.final().responseMessage.text).toBe('still here');
    const health = await fetch(`${server.url}/health`);
    expect(health.status).toBe(200);
  }, 60_000);

  it('a database down when the reply ends: the reply is saved once it is back', async () => {
    fake.script({ replies: [{ chunks: words(20), delayMs: 50 }] });
    const reader = await ask(server, user, { text: 'Count while it is down' });
    await reader.waitFor((e) => e.data.type === 'text' && e.data.text === 'w2 ');
    await postgres.stop();
    try {
      await reader.waitFor((e) => e.data.type === 'text' && e.data.text === 'w19 ');
      // The provider has finished; the reply waits for the database instead of being dropped.
      await logs.waitFor(/^the database is unavailable; retrying the reply save/, 30_000);
      expect(reader.types()).not.toContain('final');
    } finally {
      await postgres.start();
    }
    await reader.done;

    expect(reader.types()).not.toContain('error');
    const final = reader.final().responseMessage;
    const row = await savedReply(database, final.messageId);
    expect(row?.text).toBe(words(20).join(''));
    expect(row?.unfinished).toBe(false);
  }, 60_000);

  it('a database that stays down: the stream ends with an error saying the reply was not saved', async () => {
    fake.script({ replies: [{ chunks: words(10), delayMs: 50 }] });
    const reader = await ask(server, user, { text: 'Count into the void' });
    await reader.waitFor((e) => e.data.type === 'text' && e.data.text === 'w2 ');
    await postgres.stop();
    try {
      // The save retries for DEFAULT_CHAT_TIMINGS.replySaveRetryMs (30 s) before giving up.
      await reader.waitFor((e) => e.event === 'final', 45_000);
    } finally {
      await postgres.start();
    }
    const error = reader.events.find((e) => e.data.type === 'error')?.data;
    expect(error).toMatchObject({ type: 'error', kind: 'upstream', text: words(10).join('') });
    expect(error?.type === 'error' && error.message).toMatch(/could not be saved/);
    expect(reader.final().responseMessage.text).toBe(words(10).join(''));

    fake.script({ replies: [{ text: 'back again' }] });
    const next = await askToEnd(server, user, { text: 'Are you back?' });
    const row = await savedReply(database, next.final().responseMessage.messageId);
    expect(row?.text).toBe('back again');
  }, 90_000);
});
