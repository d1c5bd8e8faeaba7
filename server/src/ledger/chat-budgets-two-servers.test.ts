import { startFakeOpenAI, type FakeOpenAI } from '@parley/fakes/openai-server';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chatEnv,
  chatUser,
  CHAT_MODEL,
  postJson,
  startChatServer,
  type ChatServer,
} from '../../test/chat-harness';
import { createTestPostgres, postgresSkipReason } from '../../test/test-database';
import { deleteRedisPrefix, redisSkipReason, TEST_REDIS_URL, uniqueRedisPrefix } from '../../test/test-redis';
import { priceOf } from '../balance/prices';
import { tokenBudget } from '../chat/prompt-options';
import type { Coordination } from '../coordination/coordination';
import { createCoordination } from '../coordination/create-coordination';
import type { Database } from '../db/client';
import { budgets, usageLedger } from '../db/schema';
import { recordUsage } from './record';

const redisSkip = await redisSkipReason();
const skip = redisSkip !== undefined || postgresSkipReason() !== undefined;

describe.skipIf(skip)('budgets on two server instances sharing PostgreSQL and Redis', () => {
  let fake: FakeOpenAI;
  let database: Database;
  const prefix = uniqueRedisPrefix('budgets');
  const coordinations: Coordination[] = [];
  const servers: ChatServer[] = [];

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    database = await createTestPostgres();
    const env = chatEnv(fake, {
      REDIS_URL: TEST_REDIS_URL,
      JWT_SECRET: 'two-servers-jwt-secret-0123456789',
      JWT_REFRESH_SECRET: 'two-servers-refresh-0123456789',
    });
    for (let i = 0; i < 2; i++) {
      const coordination = await createCoordination({ redisUrl: TEST_REDIS_URL, keyPrefix: prefix });
      coordinations.push(coordination);
      servers.push(await startChatServer(database, env, coordination));
    }
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await Promise.all(coordinations.map((coordination) => coordination.close()));
    await database.close();
    await fake.close();
    await deleteRedisPrefix(prefix);
  });

  it('50 concurrent chats split over both instances with 1 credit left spend at most one turn past it', async () => {
    const [a, b] = servers;
    if (!a || !b) throw new Error('servers not started');
    const user = await chatUser(a);
    // The default rate (6 credits a token) of an unpriced model: 9,996 credits spent, 1 left.
    const limit = 9_997;
    await database.db.insert(budgets).values({
      scope: 'user',
      scopeId: user.user.id,
      metric: 'credits',
      limitAmount: limit,
      period: 'month',
    });
    await recordUsage(
      database.db,
      {
        userId: user.user.id,
        kind: 'chat',
        endpoint: 'openAI',
        model: 'unpriced-model',
        promptTokens: 1_666,
        completionTokens: 0,
      },
      { enabled: false, startBalance: 0 },
    );
    fake.script({
      replies: [{ text: 'Only one of you.', usage: { prompt_tokens: 12, completion_tokens: 5 } }],
    });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        postJson(index % 2 === 0 ? a : b, '/api/ask/openAI', user, {
          endpoint: 'openAI',
          model: CHAT_MODEL,
          conversationId: null,
          text: `Hello ${index}`,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    await Promise.all(answers.map((answer) => answer.text()));
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 402)).toHaveLength(49);

    const [reply] = await database.db
      .select()
      .from(usageLedger)
      .where(and(eq(usageLedger.userId, user.user.id), eq(usageLedger.model, CHAT_MODEL)));
    const price = priceOf(CHAT_MODEL);
    const reservation =
      (reply?.promptTokens ?? 0) * price.prompt + tokenBudget(CHAT_MODEL, {}).replyTokens * price.completion;
    const { rows } = await database.db.execute<{ spent: string }>(
      sql`select coalesce(sum(credits), 0) as spent from usage_ledger where user_id = ${user.user.id}`,
    );
    const spent = Number(rows[0]?.spent ?? 0);
    expect(spent).toBeGreaterThan(limit - 1);
    expect(spent).toBeLessThanOrEqual(limit + reservation);
  });

  it('admits exactly the requests a budget allows across both instances', async () => {
    const [a, b] = servers;
    if (!a || !b) throw new Error('servers not started');
    const user = await chatUser(a);
    await database.db
      .insert(budgets)
      .values({ scope: 'user', scopeId: user.user.id, metric: 'requests', limitAmount: 7, period: 'day' });
    fake.script({ replies: Array.from({ length: 7 }, () => ({ text: 'Yes.' })) });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        postJson(index % 2 === 0 ? a : b, '/api/ask/openAI', user, {
          endpoint: 'openAI',
          model: CHAT_MODEL,
          conversationId: null,
          text: `Hi ${index}`,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    await Promise.all(answers.map((answer) => answer.text()));
    expect(statuses.filter((status) => status === 200)).toHaveLength(7);
    expect(statuses.filter((status) => status === 402)).toHaveLength(43);
  });
});
