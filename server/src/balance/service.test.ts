import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachEngine } from '../../test/describe-each-engine';
import { createTestUser } from '../../test/test-users';
import type { Db } from '../db/client';
import { balances, transactions } from '../db/schema';
import { recordUsage as recordLedgerUsage } from '../ledger/record';
import { checkBalance, getBalance, type BalanceSettings, type UsageInput } from './service';

const ON: BalanceSettings = { enabled: true, startBalance: 20_000 };
const OFF: BalanceSettings = { enabled: false, startBalance: 20_000 };

/** Bills a reply through the ledger, as the chat engine does. */
const recordUsage = (db: Db, userId: string, input: UsageInput, settings: BalanceSettings) =>
  recordLedgerUsage(
    db,
    {
      userId,
      kind: 'chat',
      endpoint: 'openAI',
      model: input.model,
      promptTokens: input.promptTokens,
      completionTokens: input.completionTokens,
      conversationId: input.conversationId,
      messageId: input.messageId,
      incomplete: input.context === 'incomplete',
    },
    settings,
  );

describeEachEngine('balance service', (getDb, { getDatabase }) => {
  const newUser = async () => (await createTestUser(getDatabase(), { password: null })).user.id;
  const usage = (over: Partial<UsageInput> = {}): UsageInput => ({
    conversationId: randomUUID(),
    messageId: randomUUID(),
    model: 'gpt-4',
    promptTokens: 100,
    completionTokens: 50,
    context: 'message',
    ...over,
  });
  const rowsOf = (userId: string) =>
    getDb()
      .select()
      .from(transactions)
      .where(eq(transactions.userId, userId))
      .orderBy(asc(transactions.tokenType));

  it('starts a user without a balance at START_BALANCE, saved once', async () => {
    const userId = await newUser();
    expect(await getBalance(getDb(), userId, ON)).toBe(20_000);
    expect(await getDb().select().from(balances).where(eq(balances.userId, userId))).toHaveLength(1);
    expect(await getBalance(getDb(), userId, { ...ON, startBalance: 99 })).toBe(20_000);
  });

  it('records a prompt and a completion transaction priced by the model, and debits their cost', async () => {
    const userId = await newUser();
    const input = usage();
    // gpt-4: 30 / 60 USD per 1M tokens = 30 / 60 credits per token.
    const record = await recordUsage(getDb(), userId, input, ON);
    expect(record).toMatchObject({ credits: 6_000, balance: 14_000, unpriced: false });
    const rows = await rowsOf(userId);
    expect(rows).toMatchObject([
      {
        tokenType: 'completion',
        rawAmount: -50,
        rate: 60,
        tokenValue: -3_000,
        model: 'gpt-4',
        context: 'message',
      },
      {
        tokenType: 'prompt',
        rawAmount: -100,
        rate: 30,
        tokenValue: -3_000,
        model: 'gpt-4',
        context: 'message',
      },
    ]);
    expect(rows[0]).toMatchObject({ conversationId: input.conversationId, messageId: input.messageId });
    expect(await getBalance(getDb(), userId, ON)).toBe(14_000);
  });

  it('charges fractional credits exactly and adds 15% to the completion of a stopped reply', async () => {
    const userId = await newUser();
    const record = await recordUsage(
      getDb(),
      userId,
      usage({ model: 'gpt-4o-mini', promptTokens: 3, completionTokens: 10, context: 'incomplete' }),
      ON,
    );
    // 3 × 0.15 + 10 × 0.6 × 1.15
    expect(record.credits).toBeCloseTo(0.45 + 6.9);
    expect(await getBalance(getDb(), userId, ON)).toBeCloseTo(20_000 - 7.35, 6);
  });

  it('never takes the balance below zero', async () => {
    const userId = await newUser();
    const record = await recordUsage(
      getDb(),
      userId,
      usage({ promptTokens: 1_000, completionTokens: 1_000 }),
      ON,
    );
    expect(record.credits).toBe(90_000);
    expect(record.balance).toBe(0);
    expect(await getBalance(getDb(), userId, ON)).toBe(0);
  });

  it('debits concurrent replies atomically', async () => {
    const userId = await newUser();
    await getBalance(getDb(), userId, ON);
    await Promise.all(
      Array.from({ length: 8 }, () =>
        recordUsage(
          getDb(),
          userId,
          usage({ model: 'gpt-3.5-turbo', promptTokens: 100, completionTokens: 100 }),
          ON,
        ),
      ),
    );
    // 8 × (100 × 0.5 + 100 × 1.5) = 1,600 credits.
    expect(await getBalance(getDb(), userId, ON)).toBe(18_400);
    expect(await rowsOf(userId)).toHaveLength(16);
  });

  it('records transactions but debits nothing when CHECK_BALANCE is off', async () => {
    const userId = await newUser();
    const record = await recordUsage(getDb(), userId, usage(), OFF);
    expect(record.balance).toBeNull();
    expect(await rowsOf(userId)).toHaveLength(2);
    expect(await getBalance(getDb(), userId, OFF)).toBe(20_000);
  });

  it('refuses a turn the balance cannot pay for, and allows it when CHECK_BALANCE is off', async () => {
    const userId = await newUser();
    const cheap = await checkBalance(getDb(), userId, { model: 'gpt-4', promptTokens: 600 }, ON);
    expect(cheap).toEqual({ ok: true, balance: 20_000, cost: 18_000 });
    const withReply = await checkBalance(
      getDb(),
      userId,
      { model: 'gpt-4', promptTokens: 600, maxCompletionTokens: 100 },
      ON,
    );
    expect(withReply).toEqual({ ok: false, balance: 20_000, cost: 24_000 });
    expect((await checkBalance(getDb(), userId, { model: 'gpt-4', promptTokens: 1_000 }, OFF)).ok).toBe(true);

    await recordUsage(getDb(), userId, usage({ promptTokens: 1_000, completionTokens: 0 }), ON);
    expect(await checkBalance(getDb(), userId, { model: 'gpt-4', promptTokens: 1 }, ON)).toEqual({
      ok: false,
      balance: 0,
      cost: 30,
    });
  });
});
