import type { AddressInfo } from 'node:net';
import { startFakeOpenAI, type FakeOpenAI } from '@parley/fakes/openai-server';
import type { FinalEvent } from '@parley/shared/stream/events';
import type { Message } from '@parley/shared/schemas/message';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Env } from '../../src/config/env';
import type { Database } from '../../src/db/client';
import type { Logger } from '../../src/lib/logger';
import { buildAppOn } from '../app-on-database';
import { ask, askToEnd, chatEnv, EventReader, postJson, type ChatServer } from '../chat-harness';
import { createTestPglite } from '../test-database';
import { createTestUser, type TestUser } from '../test-users';
import { captureLogs, type CapturedLogs } from './captured-logs';
import { privateRedis, privateRedisSkipReason, type PrivateRedis } from './private-redis';

const skip = privateRedisSkipReason();
if (skip) console.warn(`\n⚠️  ${skip}: Redis fault tests SKIPPED\n`);

const DOWN = /^Redis is unreachable: until it is back, rate limits and bans count per instance, and replies/;
const BACK = /^Redis is back: rate limits, bans and replies are shared/;

const words = (count: number) => Array.from({ length: count }, (_, i) => `w${i} `);

/** Two instances behind a balancer share their secrets. */
const SECRETS = {
  JWT_SECRET: 'redis-down-jwt-secret-0123456789abcdef',
  JWT_REFRESH_SECRET: 'redis-down-refresh-secret-0123456789ab',
};

async function startServer(database: Database, env: Env, logger: Logger): Promise<ChatServer> {
  const built = await buildAppOn(database, { env, logger });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = built.app.server.address() as AddressInfo;
  return { ...built, url: `http://127.0.0.1:${port}`, close: () => built.app.close() };
}

/** Three sign-ins from one address, answered in order. */
async function loginStatuses(server: ChatServer, user: TestUser, ip: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < 3; i++) {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-forwarded-for': ip },
      payload: { email: user.user.email, password: user.password },
    });
    statuses.push(response.statusCode);
  }
  return statuses;
}

async function conversationOf(reader: EventReader): Promise<string> {
  const created = (await reader.waitFor((e) => e.data.type === 'created')).data;
  if (created.type !== 'created') throw new Error('no created event');
  return created.conversationId;
}

/** Starts a slow reply on `runner` and stops it through `stopper`: both must see the same final. */
async function abortAcross(fake: FakeOpenAI, runner: ChatServer, stopper: ChatServer, user: TestUser) {
  fake.script({ replies: [{ chunks: words(80), delayMs: 50 }] });
  const reader = await ask(runner, user, { text: 'Count slowly' });
  const conversationId = await conversationOf(reader);
  await reader.waitFor((e) => e.data.type === 'text');
  const response = await postJson(stopper, '/api/ask/openAI/abort', user, {
    abortKey: conversationId,
    endpoint: 'openAI',
  });
  expect(response.status).toBe(200);
  const final = (await response.json()) as FinalEvent;
  await reader.done;
  expect(final.responseMessage).toMatchObject({ finish_reason: 'incomplete', unfinished: false });
  expect(reader.final().responseMessage).toEqual(final.responseMessage);
}

describe.skipIf(skip !== undefined)(
  'Redis going away: instances keep serving, degraded and saying so',
  () => {
    let fake: FakeOpenAI;
    let database: Database;
    const redises: PrivateRedis[] = [];
    const servers: ChatServer[] = [];

    const newRedis = async (): Promise<PrivateRedis> => {
      const redis = await privateRedis();
      redises.push(redis);
      return redis;
    };

    const start = async (env: Env): Promise<{ server: ChatServer; logs: CapturedLogs }> => {
      const logs = captureLogs();
      const server = await startServer(database, env, logs.logger);
      servers.push(server);
      return { server, logs };
    };

    beforeAll(async () => {
      fake = await startFakeOpenAI();
      database = await createTestPglite();
    });
    afterAll(async () => {
      await Promise.all(servers.map((server) => server.close()));
      await Promise.all(redises.map((redis) => redis.kill()));
      await database.close();
      await fake.close();
    });

    it('killed mid-run: the reply streams on and is saved, chat and sign-in limits go on; shared again once back', async () => {
      const redis = await newRedis();
      await redis.start();
      const env = chatEnv(fake, { REDIS_URL: redis.url, LOGIN_MAX: '2', ...SECRETS });
      const { server: a, logs } = await start(env);
      const { server: b, logs: logsB } = await start(env);
      const user = await createTestUser(a);

      fake.script({ replies: [{ chunks: words(30), delayMs: 50 }] });
      const reader = await ask(a, user, { text: 'Count through the outage' });
      await reader.waitFor((e) => e.data.type === 'text' && e.data.text === 'w2 ');
      await redis.kill();
      await reader.done;
      const reply = reader.final().responseMessage;
      expect(reply.text).toBe(words(30).join(''));
      const rows = await a.app.inject({
        url: `/api/messages/${reply.conversationId}`,
        headers: user.headers,
      });
      expect(rows.json<Message[]>().find((m) => m.messageId === reply.messageId)?.unfinished).toBe(false);

      fake.script({ replies: [{ text: 'during the outage' }] });
      const next = await askToEnd(a, user, { text: 'Still there?' });
      expect(next.final().responseMessage.text).toBe('during the outage');
      expect(await loginStatuses(a, user, '203.0.113.10')).toEqual([200, 200, 429]);
      await abortAcross(fake, a, a, user);
      expect(logs.count(DOWN)).toBe(1);

      await redis.start();
      await Promise.all([logs.waitFor(BACK), logsB.waitFor(BACK)]);
      await abortAcross(fake, a, b, user);
    }, 120_000);

    it('down at start: the instance starts and serves on its own; once Redis is up, aborts reach it from another', async () => {
      const redis = await newRedis();
      const env = chatEnv(fake, { REDIS_URL: redis.url, LOGIN_MAX: '2', ...SECRETS });
      // Redis is started only after both instances are up: an instance that waited for it never would be.
      const { server: a, logs } = await start(env);
      const { server: b, logs: logsB } = await start(env);
      const user = await createTestUser(a);

      expect(await loginStatuses(a, user, '203.0.113.20')).toEqual([200, 200, 429]);
      fake.script({ replies: [{ chunks: words(40), delayMs: 50 }] });
      const reader = await ask(a, user, { text: 'Count without Redis' });
      const conversationId = await conversationOf(reader);
      await reader.waitFor((e) => e.data.type === 'text');
      const resumed = new EventReader(
        await fetch(`${a.url}/api/ask/stream/${conversationId}`, { headers: user.headers }),
      );
      await resumed.waitFor((e) => e.data.type === 'text');
      // Another instance cannot see a run started while Redis is down (the documented degradation).
      const elsewhere = await fetch(`${b.url}/api/ask/stream/${conversationId}`, { headers: user.headers });
      expect(elsewhere.status).toBe(404);
      await Promise.all([reader.done, resumed.done]);
      expect(resumed.final().responseMessage).toEqual(reader.final().responseMessage);
      expect(logs.count(DOWN)).toBe(1);

      await redis.start();
      await Promise.all([logs.waitFor(BACK), logsB.waitFor(BACK)]);
      await abortAcross(fake, a, b, user);
    }, 120_000);
  },
);
