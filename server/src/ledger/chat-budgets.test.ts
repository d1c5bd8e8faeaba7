import { startFakeOpenAI, type FakeOpenAI } from '@parley/fakes/openai-server';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import {
  ask,
  askToEnd,
  chatEnv,
  chatUser,
  CHAT_MODEL,
  postJson,
  startChatServer,
  type ChatServer,
} from '../../test/chat-harness';
import { describeEachEngine } from '../../test/describe-each-engine';
import type { TestUser } from '../../test/test-users';
import { priceOf } from '../balance/prices';
import { tokenBudget } from '../chat/prompt-options';
import { budgets, usageLedger } from '../db/schema';
import { recordUsage } from './record';

/** The most a turn of CHAT_MODEL may cost when its prompt is `promptTokens` (what admission reserves). */
const reservationOf = (promptTokens: number) => {
  const price = priceOf(CHAT_MODEL);
  return promptTokens * price.prompt + tokenBudget(CHAT_MODEL, {}).replyTokens * price.completion;
};

describeEachEngine('chat under budgets', (getDb, { getDatabase }) => {
  let fake: FakeOpenAI;
  let server: ChatServer | undefined;
  let clock = new Date('2026-11-28T12:00:00Z');
  beforeAll(async () => {
    fake = await startFakeOpenAI();
  });
  afterAll(() => fake.close());
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  const serve = async () => {
    server = await startChatServer(getDatabase(), chatEnv(fake), undefined, { now: () => clock });
    return server;
  };
  const budget = (values: typeof budgets.$inferInsert) => getDb().insert(budgets).values(values).returning();
  const spentBy = async (userId: string) => {
    const [row] = await getDb()
      .select({ credits: sql<string>`coalesce(sum(${usageLedger.credits}), 0)` })
      .from(usageLedger)
      .where(eq(usageLedger.userId, userId));
    return Number(row?.credits ?? 0);
  };
  /** `count` chats at once; the status of each answer, the streams read to their end. */
  const chatsAtOnce = async (app: ChatServer | ChatServer[], user: TestUser, count: number) => {
    const apps = Array.isArray(app) ? app : [app];
    const answers = await Promise.all(
      Array.from({ length: count }, (_, index) =>
        postJson(apps[index % apps.length] as ChatServer, '/api/ask/openAI', user, {
          endpoint: 'openAI',
          model: CHAT_MODEL,
          conversationId: null,
          text: `Hello ${index}`,
        }),
      ),
    );
    const bodies = await Promise.all(answers.map((answer) => answer.text()));
    return answers.map((answer, index) => ({ status: answer.status, body: bodies[index] ?? '' }));
  };

  it('bills a reply and its title as ledger rows the user sees in GET /api/usage', async () => {
    clock = new Date('2026-11-28T12:00:00Z');
    server = await startChatServer(getDatabase(), chatEnv(fake, { TITLE_CONVO: 'true' }), undefined, {
      now: () => clock,
    });
    const user = await chatUser(server);
    fake.script({
      replies: [
        { text: 'Hi there', usage: { prompt_tokens: 20, completion_tokens: 3 } },
        { text: 'Greeting', usage: { prompt_tokens: 40, completion_tokens: 2 } },
      ],
    });
    const reader = await askToEnd(server, user, { text: 'Hello' });
    const { conversationId } = reader.final().conversation;
    await expect
      .poll(
        async () =>
          (await getDb().select().from(usageLedger).where(eq(usageLedger.userId, user.user.id))).length,
      )
      .toBe(2);
    const rows = await getDb().select().from(usageLedger).where(eq(usageLedger.userId, user.user.id));
    const price = priceOf(CHAT_MODEL);
    expect(rows.find((row) => row.kind === 'chat')).toMatchObject({
      endpoint: 'openAI',
      model: CHAT_MODEL,
      conversationId,
      promptTokens: 20,
      completionTokens: 3,
      requestId: reader.final().responseMessage.messageId,
      userLabel: user.user.email,
    });
    expect(rows.find((row) => row.kind === 'title')).toMatchObject({ promptTokens: 40, completionTokens: 2 });

    const usage = await server.app.inject({ url: '/api/usage?groupBy=model', headers: user.headers });
    expect(usage.statusCode, usage.body).toBe(200);
    expect(usage.json()).toMatchObject({
      rows: [{ key: CHAT_MODEL, label: CHAT_MODEL, requests: 2, promptTokens: 60, completionTokens: 5 }],
      totals: { requests: 2, credits: 60 * price.prompt + 5 * price.completion },
      from: '2026-11-01T00:00:00.000Z',
      to: '2026-12-01T00:00:00.000Z',
    });
    const byDay = await server.app.inject({ url: '/api/usage?groupBy=day', headers: user.headers });
    expect(byDay.json()).toMatchObject({ rows: [{ key: '2026-11-28', requests: 2 }] });
    expect((await server.app.inject({ url: '/api/usage' })).statusCode).toBe(401);
    const bad = await server.app.inject({ url: '/api/usage?groupBy=user', headers: user.headers });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a chat over budget with 402 before streaming, and warns in final near the limit', async () => {
    clock = new Date('2026-11-28T12:00:00Z');
    const app = await serve();
    const user = await chatUser(app);
    const [limit] = await budget({
      scope: 'user',
      scopeId: user.user.id,
      metric: 'requests',
      limitAmount: 2,
      period: 'month',
      warnAtPct: 50,
    });
    fake.script({ replies: [{ text: 'One' }, { text: 'Two' }] });
    const first = await askToEnd(app, user, { text: 'First' });
    expect(first.final().budgets).toEqual([
      {
        id: limit?.id,
        status: 'warning',
        spent: 1,
        limit: 2,
        resetsAt: '2026-12-01T00:00:00.000Z',
        metric: 'requests',
        period: 'month',
      },
    ]);
    await askToEnd(app, user, { text: 'Second' });
    const requestsBefore = fake.requests.length;
    const refused = await postJson(app, '/api/ask/openAI', user, {
      endpoint: 'openAI',
      model: CHAT_MODEL,
      conversationId: null,
      text: 'Third',
    });
    expect(refused.status).toBe(402);
    expect(await refused.json()).toMatchObject({
      code: 'budget_exceeded',
      message: expect.stringContaining('this month'),
      budget: {
        id: limit?.id,
        scope: 'user',
        metric: 'requests',
        period: 'month',
        limit: 2,
        spent: 2,
        resetsAt: '2026-12-01T00:00:00.000Z',
      },
    });
    expect(fake.requests.length).toBe(requestsBefore);
    const mine = await app.app.inject({ url: '/api/usage/budgets', headers: user.headers });
    expect(mine.json()).toEqual({
      budgets: [
        {
          id: limit?.id,
          scope: 'user',
          metric: 'requests',
          period: 'month',
          limit: 2,
          spent: 2,
          remaining: 0,
          resetsAt: '2026-12-01T00:00:00.000Z',
          warnAtPct: 50,
        },
      ],
    });
  });

  it('lets 50 concurrent chats with 1 credit left spend at most one turn past the budget', async () => {
    clock = new Date('2026-11-28T12:00:00Z');
    const app = await serve();
    const user = await chatUser(app);
    // The default rate (6 credits a token) of an unpriced model: 9,996 credits spent, 1 left.
    const limit = 9_997;
    await budget({
      scope: 'user',
      scopeId: user.user.id,
      metric: 'credits',
      limitAmount: limit,
      period: 'day',
    });
    await recordUsage(
      getDb(),
      {
        userId: user.user.id,
        kind: 'chat',
        endpoint: 'openAI',
        model: 'unpriced-model',
        promptTokens: 1_666,
        completionTokens: 0,
      },
      { enabled: false, startBalance: 0 },
      clock,
    );
    expect(await spentBy(user.user.id)).toBe(limit - 1);
    fake.script({
      replies: [{ text: 'Only one of you gets this.', usage: { prompt_tokens: 12, completion_tokens: 7 } }],
    });
    const answers = await chatsAtOnce(app, user, 50);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 402)).toHaveLength(49);
    const [reply] = await getDb()
      .select()
      .from(usageLedger)
      .where(and(eq(usageLedger.userId, user.user.id), eq(usageLedger.model, CHAT_MODEL)));
    expect(reply).toBeDefined();
    const spent = await spentBy(user.user.id);
    expect(spent).toBeGreaterThan(limit - 1);
    expect(spent).toBeLessThanOrEqual(limit + reservationOf(reply?.promptTokens ?? 0));
  });

  it('admits exactly as many concurrent chats as a requests budget allows', async () => {
    clock = new Date('2026-11-28T12:00:00Z');
    const app = await serve();
    const user = await chatUser(app);
    await budget({ scope: 'global', metric: 'requests', limitAmount: 5, period: 'week' });
    fake.script({ replies: Array.from({ length: 5 }, () => ({ text: 'Yes.' })) });
    const answers = await chatsAtOnce(app, user, 50);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === 402)).toHaveLength(45);
    expect(await getDb().select().from(usageLedger).where(eq(usageLedger.userId, user.user.id))).toHaveLength(
      5,
    );
  });

  it('never cuts a reply that streams past the end of its period; it counts in the new one', async () => {
    clock = new Date('2026-11-28T23:59:59Z');
    const app = await serve();
    const user = await chatUser(app);
    await budget({ scope: 'user', scopeId: user.user.id, metric: 'requests', limitAmount: 1, period: 'day' });
    fake.script({ replies: [{ chunks: ['one ', 'two ', 'three ', 'four'], delayMs: 40 }] });
    const reader = await ask(app, user, { text: 'Count' });
    await reader.waitFor((event) => event.data.type === 'text');
    clock = new Date('2026-11-29T00:00:01Z');
    await reader.done;
    expect(reader.final().responseMessage).toMatchObject({ text: 'one two three four', unfinished: false });
    const [row] = await getDb().select().from(usageLedger).where(eq(usageLedger.userId, user.user.id));
    expect(row?.at.toISOString()).toBe('2026-11-29T00:00:01.000Z');
    // The new day's one request is used by that reply.
    const next = await postJson(app, '/api/ask/openAI', user, {
      endpoint: 'openAI',
      model: CHAT_MODEL,
      conversationId: null,
      text: 'Again',
    });
    expect(next.status).toBe(402);
  });

  it('never blocks an unpriced model: it is billed at the default rate and flagged', async () => {
    clock = new Date('2026-11-28T12:00:00Z');
    server = await startChatServer(
      getDatabase(),
      chatEnv(fake, { OPENAI_MODELS: 'my-local-model' }),
      undefined,
      {
        now: () => clock,
      },
    );
    const user = await chatUser(server);
    await budget({
      scope: 'user',
      scopeId: user.user.id,
      metric: 'credits',
      limitAmount: 1_000_000,
      period: 'day',
    });
    fake.script({ replies: [{ text: 'Local.', usage: { prompt_tokens: 10, completion_tokens: 2 } }] });
    await askToEnd(server, user, { text: 'Hi', model: 'my-local-model' });
    const [row] = await getDb().select().from(usageLedger).where(eq(usageLedger.userId, user.user.id));
    expect(row).toMatchObject({ model: 'my-local-model', unpriced: true, credits: 12 * 6 });
  });
});
