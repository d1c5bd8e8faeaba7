import { Writable } from 'node:stream';
import { startFakeOpenAI, type FakeOpenAI } from '@parley/fakes/openai-server';
import type { FinalEvent } from '@parley/shared/stream/events';
import type { Message } from '@parley/shared/schemas/message';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Coordination } from '../coordination/coordination';
import { createCoordination } from '../coordination/create-coordination';
import type { Database } from '../db/client';
import { createLogger } from '../lib/logger';
import { buildAppOn } from '../../test/app-on-database';
import { ask, chatEnv, chatUser, EventReader, postJson, type ChatServer } from '../../test/chat-harness';
import type { TestUser } from '../../test/test-users';
import { createTestPostgres, postgresSkipReason } from '../../test/test-database';
import { deleteRedisPrefix, redisSkipReason, TEST_REDIS_URL, uniqueRedisPrefix } from '../../test/test-redis';
import type { AddressInfo } from 'node:net';
import type { Env } from '../config/env';

const redisSkip = await redisSkipReason();
const skip = redisSkip !== undefined || postgresSkipReason() !== undefined;

/** The chat server of chat-harness, with its logs kept (to show nothing was logged as an error). */
async function startLoggedServer(
  database: Database,
  env: Env,
  coordination: Coordination,
  lines: string[],
): Promise<ChatServer> {
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const built = await buildAppOn(database, { env, coordination, logger: createLogger('warn', destination) });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = built.app.server.address() as AddressInfo;
  return { ...built, url: `http://127.0.0.1:${port}`, close: () => built.app.close() };
}

const createdOf = (reader: EventReader) => {
  const created = reader.events[0]?.data;
  if (created?.type !== 'created') throw new Error('no created event');
  return created;
};

describe.skipIf(skip)(
  'runs keyed by reply, and conversations deleted mid-reply (PostgreSQL + Redis, two instances)',
  () => {
    let fake: FakeOpenAI;
    let database: Database;
    const prefix = uniqueRedisPrefix('replykeys');
    const coordinations: Coordination[] = [];
    const logs: string[] = [];
    let a: ChatServer;
    let b: ChatServer;

    beforeAll(async () => {
      fake = await startFakeOpenAI();
      database = await createTestPostgres();
      const env = chatEnv(fake, {
        REDIS_URL: TEST_REDIS_URL,
        JWT_SECRET: 'reply-keys-jwt-secret-0123456789',
        JWT_REFRESH_SECRET: 'reply-keys-refresh-0123456789',
      });
      for (let i = 0; i < 2; i++) {
        coordinations.push(await createCoordination({ redisUrl: TEST_REDIS_URL, keyPrefix: prefix }));
      }
      const [first, second] = coordinations;
      if (!first || !second) throw new Error('no coordination');
      a = await startLoggedServer(database, env, first, logs);
      b = await startLoggedServer(database, env, second, logs);
    });
    afterAll(async () => {
      await Promise.all([a.close(), b.close()]);
      await Promise.all(coordinations.map((coordination) => coordination.close()));
      await database.close();
      await fake.close();
      await deleteRedisPrefix(prefix);
    });

    const slow = (n: number, delayMs = 80) => ({
      chunks: Array.from({ length: n }, (_, i) => `w${i} `),
      delayMs,
    });

    /** A conversation with a saved first exchange, and two replies streaming in it from two "tabs" on `a`. */
    async function twoReplies(user: TestUser) {
      fake.script({ replies: [{ chunks: ['Hello'] }] });
      const first = await ask(a, user, { text: 'Hi' });
      await first.done;
      const { conversationId } = createdOf(first);
      const firstReply = first.final().responseMessage;
      fake.script({ replies: [slow(60), slow(60)] });
      const tab1 = await ask(a, user, { text: 'One', conversationId, parentMessageId: firstReply.messageId });
      const tab2 = await ask(a, user, { text: 'Two', conversationId, parentMessageId: firstReply.messageId });
      await Promise.all([
        tab1.waitFor((e) => e.data.type === 'text'),
        tab2.waitFor((e) => e.data.type === 'text'),
      ]);
      return { conversationId, tab1, tab2 };
    }

    it('two replies in one conversation from two tabs are each stopped by their own key, on another instance', async () => {
      const user = await chatUser(a);
      const { conversationId, tab1, tab2 } = await twoReplies(user);
      const reply1 = createdOf(tab1).responseMessageId;
      const reply2 = createdOf(tab2).responseMessageId;

      const stop1 = await postJson(b, '/api/ask/openAI/abort', user, {
        abortKey: `${conversationId}:${reply1}`,
        endpoint: 'openAI',
      });
      expect(stop1.status).toBe(200);
      expect(((await stop1.json()) as FinalEvent).responseMessage.messageId).toBe(reply1);
      await tab1.done;
      expect(tab1.final().responseMessage).toMatchObject({ messageId: reply1, finish_reason: 'incomplete' });

      // The other tab's reply goes on, and can be resumed and stopped by its own key.
      const resumed = new EventReader(
        await fetch(`${b.url}/api/ask/stream/${conversationId}:${reply2}`, { headers: user.headers }),
      );
      await resumed.waitFor((e) => e.data.type === 'text');
      expect(createdOf(resumed).responseMessageId).toBe(reply2);
      const stop2 = await postJson(b, '/api/ask/openAI/abort', user, {
        abortKey: `${conversationId}:${reply2}`,
        endpoint: 'openAI',
      });
      expect(stop2.status).toBe(200);
      await Promise.all([tab2.done, resumed.done]);
      expect(tab2.final().responseMessage).toMatchObject({ messageId: reply2, finish_reason: 'incomplete' });
      expect(tab2.final().responseMessage.text).not.toBe('');

      // Both are over now; another user's key never finds anything.
      const again = await postJson(b, '/api/ask/openAI/abort', user, {
        abortKey: `${conversationId}:${reply2}`,
      });
      expect(again.status).toBe(404);
    });

    it('the user message id is a key of its reply too, and a stranger gets 404 for both', async () => {
      const user = await chatUser(a);
      const { conversationId, tab1, tab2 } = await twoReplies(user);
      const stranger = await chatUser(b);
      const userMessage1 = createdOf(tab1).message.messageId;
      const foreign = await postJson(b, '/api/ask/openAI/abort', stranger, {
        abortKey: `${conversationId}:${userMessage1}`,
      });
      expect(foreign.status).toBe(404);
      const stop = await postJson(b, '/api/ask/openAI/abort', user, {
        abortKey: `${conversationId}:${userMessage1}`,
      });
      expect(stop.status).toBe(200);
      await tab1.done;
      // The conversation's own key stops the latest run (tab 2's), as before.
      const latest = await postJson(b, '/api/ask/openAI/abort', user, { abortKey: conversationId });
      expect(latest.status).toBe(200);
      await tab2.done;
      expect(tab2.final().responseMessage.messageId).toBe(createdOf(tab2).responseMessageId);
    });

    it('a conversation deleted on another instance mid-reply ends the stream with a notice, not an error', async () => {
      const user = await chatUser(a);
      fake.script({ replies: [slow(100, 60)] });
      const started = await ask(a, user, { text: 'Count slowly' });
      await started.waitFor((e) => e.data.type === 'text' && e.data.offset > 0);
      const { conversationId } = createdOf(started);
      const logged = logs.length;

      const deleted = await postJson(b, '/api/convos/clear', user, { arg: { conversationId } });
      expect(deleted.status).toBe(200);
      await started.done;

      expect(started.types()).not.toContain('error');
      const final = started.final();
      expect(final.info).toBe('This conversation was deleted');
      // Stopped, not run to the end: the provider's 100 words were not all relayed.
      expect(started.text().split(' ').length).toBeLessThan(100);
      const errors = logs.slice(logged).filter((line) => /"level":(50|60)/.test(line));
      expect(errors).toEqual([]);
      const rows = await b.app.inject({ url: `/api/messages/${conversationId}`, headers: user.headers });
      // Nothing came back after the delete: no reply saved into a conversation that is gone.
      expect(rows.statusCode === 404 || rows.json<Message[]>().length === 0).toBe(true);
    });

    it('clearing all conversations ends a reply being generated too', async () => {
      const user = await chatUser(a);
      fake.script({ replies: [slow(100, 60)] });
      const started = await ask(a, user, { text: 'Count slowly' });
      await started.waitFor((e) => e.data.type === 'text');
      const cleared = await postJson(b, '/api/convos/clear', user, { arg: {} });
      expect(cleared.status).toBe(200);
      await started.done;
      expect(started.types()).not.toContain('error');
      expect(started.final().info).toBe('This conversation was deleted');
    });
  },
);
