import { startFakeOpenAI, type FakeOpenAI } from '@parley/fakes/openai-server';
import type { FinalEvent } from '@parley/shared/stream/events';
import type { Message } from '@parley/shared/schemas/message';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Coordination } from '../coordination/coordination';
import { createCoordination } from '../coordination/create-coordination';
import type { Database } from '../db/client';
import {
  ask,
  chatEnv,
  chatUser,
  EventReader,
  postJson,
  startChatServer,
  type ChatServer,
} from '../../test/chat-harness';
import { createTestPostgres, postgresSkipReason } from '../../test/test-database';
import { deleteRedisPrefix, redisSkipReason, TEST_REDIS_URL, uniqueRedisPrefix } from '../../test/test-redis';

const redisSkip = await redisSkipReason();
const skip = redisSkip !== undefined || postgresSkipReason() !== undefined;

describe.skipIf(skip)('two server instances on one PostgreSQL and one Redis', () => {
  let fake: FakeOpenAI;
  let database: Database;
  const prefix = uniqueRedisPrefix('chat');
  const coordinations: Coordination[] = [];
  let a: ChatServer;
  let b: ChatServer;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    database = await createTestPostgres();
    // Both instances must accept the same access tokens, as behind a load balancer.
    const secrets = {
      JWT_SECRET: 'two-servers-jwt-secret-0123456789',
      JWT_REFRESH_SECRET: 'two-servers-refresh-0123456789',
    };
    const env = chatEnv(fake, { REDIS_URL: TEST_REDIS_URL, ...secrets });
    for (let i = 0; i < 2; i++) {
      coordinations.push(await createCoordination({ redisUrl: TEST_REDIS_URL, keyPrefix: prefix }));
    }
    a = await startChatServer(database, env, coordinations[0]);
    b = await startChatServer(database, env, coordinations[1]);
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
    await Promise.all(coordinations.map((coordination) => coordination.close()));
    await database.close();
    await fake.close();
    await deleteRedisPrefix(prefix);
  });

  it('a run started on one instance is resumed and aborted on the other', async () => {
    const user = await chatUser(a);
    const words = Array.from({ length: 40 }, (_, i) => `w${i} `);
    fake.script({ replies: [{ chunks: words, delayMs: 60 }] });
    const started = await ask(a, user, { text: 'Count slowly' });
    await started.waitFor((e) => e.data.type === 'text' && e.data.offset > 0);
    const created = started.events[0]?.data;
    if (created?.type !== 'created') throw new Error('no created event');
    const { conversationId } = created;

    const resumed = new EventReader(
      await fetch(`${b.url}/api/ask/stream/${conversationId}`, { headers: user.headers }),
    );
    await resumed.waitFor((e) => e.data.type === 'text');
    expect(resumed.types()[0]).toBe('created');

    const aborted = await postJson(b, '/api/ask/openAI/abort', user, {
      abortKey: conversationId,
      endpoint: 'openAI',
    });
    expect(aborted.status).toBe(200);
    const final = (await aborted.json()) as FinalEvent;
    expect(final.responseMessage).toMatchObject({ finish_reason: 'incomplete', unfinished: false });

    await Promise.all([started.done, resumed.done]);
    expect(started.final().responseMessage).toEqual(final.responseMessage);
    expect(resumed.final().responseMessage).toEqual(final.responseMessage);
    expect(started.text()).toBe(final.responseMessage.text);
    expect(resumed.text()).toBe(final.responseMessage.text);

    const rows = await b.app.inject({ url: `/api/messages/${conversationId}`, headers: user.headers });
    const reply = rows.json<Message[]>().find((m) => !m.isCreatedByUser);
    expect(reply).toMatchObject({ text: final.responseMessage.text, finish_reason: 'incomplete' });
    expect((await fetch(`${b.url}/api/ask/stream/${conversationId}`, { headers: user.headers })).status).toBe(
      404,
    );
  });

  it('resumes on the other instance after Last-Event-ID, and another user gets 404 there', async () => {
    const user = await chatUser(a);
    fake.script({ replies: [{ chunks: ['one ', 'two ', 'three ', 'four ', 'five'], delayMs: 300 }] });
    const controller = new AbortController();
    const started = await ask(a, user, { text: 'Five' }, { signal: controller.signal });
    await started.waitFor((e) => e.data.type === 'text');
    controller.abort();
    const created = started.events[0]?.data;
    if (created?.type !== 'created') throw new Error('no created event');
    const intruder = await chatUser(b);
    const foreign = await fetch(`${b.url}/api/ask/stream/${created.conversationId}`, {
      headers: intruder.headers,
    });
    expect(foreign.status).toBe(404);
    const lastId = started.events.at(-1)?.id ?? 0;
    const resumed = new EventReader(
      await fetch(`${b.url}/api/ask/stream/${created.conversationId}`, {
        headers: { ...user.headers, 'last-event-id': String(lastId) },
      }),
    );
    await resumed.done;
    const all = new EventReader(new Response(''));
    all.events.push(...started.events, ...resumed.events);
    expect(all.text()).toBe('one two three four five');
    expect(resumed.final().responseMessage.text).toBe('one two three four five');
  });
});
