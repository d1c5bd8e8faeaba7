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
import type { TestUser } from '../../test/test-users';
import { usagePaths } from '@parley/shared/api/usage-paths';
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
  /** The database's first user: an administrator, who makes budgets through the API. */
  let admin: TestUser;
  /** Makes a budget through `server`'s API; its id. */
  const makeBudget = async (server: ChatServer, budget: Record<string, unknown>): Promise<string> => {
    const response = await postJson(server, usagePaths.adminBudgets, admin, budget);
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };
  /** Sends a new chat and reads it to its end; answers its status. */
  const chatStatus = async (server: ChatServer, user: TestUser, text: string): Promise<number> => {
    const answer = await postJson(server, '/api/ask/openAI', user, {
      endpoint: 'openAI',
      model: CHAT_MODEL,
      conversationId: null,
      text,
    });
    await answer.text();
    return answer.status;
  };

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
    admin = await chatUser(servers[0] as ChatServer);
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
    // Both instances have read the budgets already (the test before): the new one reaches them both at once.
    await makeBudget(a, {
      scope: 'user',
      scopeId: user.user.id,
      metric: 'requests',
      limit: 7,
      period: 'day',
    });
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

  it('a budget made, changed or deleted on one instance applies on the other at once', async () => {
    const [a, b] = servers;
    if (!a || !b) throw new Error('servers not started');
    const user = await chatUser(a);
    fake.script({ replies: [{ text: 'Yes.' }, { text: 'Yes.' }, { text: 'Yes.' }] });
    // b reads the budgets (none for this user) and keeps them.
    expect(await chatStatus(b, user, 'Before')).toBe(200);
    const id = await makeBudget(a, {
      scope: 'user',
      scopeId: user.user.id,
      metric: 'requests',
      limit: 1,
      period: 'day',
    });
    expect(await chatStatus(b, user, 'Over')).toBe(402);
    const raised = await a.app.inject({
      method: 'PATCH',
      url: usagePaths.adminBudget.replace(':id', id),
      headers: admin.headers,
      payload: { limit: 2 },
    });
    expect(raised.statusCode).toBe(200);
    expect(await chatStatus(b, user, 'Raised')).toBe(200);
    expect(await chatStatus(b, user, 'Over again')).toBe(402);
    const deleted = await a.app.inject({
      method: 'DELETE',
      url: usagePaths.adminBudget.replace(':id', id),
      headers: admin.headers,
    });
    expect(deleted.statusCode).toBe(204);
    expect(await chatStatus(b, user, 'Free')).toBe(200);
  });
});
