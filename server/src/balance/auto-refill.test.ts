import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { describeEachEngine } from '../../test/describe-each-engine';
import { createTestUser } from '../../test/test-users';
import { yamlConfigSchema } from '../config/yaml-schema';
import type { Db } from '../db/client';
import { balances, transactions } from '../db/schema';
import { checkBalance, getBalance } from './service';
import { autoRefillOf, balanceSettingsFromEnv, type BalanceSettings } from './settings';

describe('YAML balance.autoRefill* (LibreChat keys)', () => {
  it('reads the four keys, with LibreChat’s 30 days when only the amount is given', () => {
    const yaml = yamlConfigSchema.parse({
      version: '1.3.1',
      balance: {
        enabled: true,
        startBalance: 100,
        autoRefillEnabled: true,
        refillIntervalValue: 2,
        refillIntervalUnit: 'hours',
        refillAmount: 5000,
      },
    });
    expect(balanceSettingsFromEnv({ CHECK_BALANCE: true, START_BALANCE: 100 }, yaml.balance)).toEqual({
      enabled: true,
      startBalance: 100,
      autoRefill: { amount: 5000, every: 2, unit: 'hours' },
    });
    expect(autoRefillOf({ autoRefillEnabled: true, refillAmount: 7 })).toEqual({
      amount: 7,
      every: 30,
      unit: 'days',
    });
  });

  it('is off when disabled or when it would add nothing', () => {
    expect(autoRefillOf(undefined)).toBeUndefined();
    expect(autoRefillOf({ autoRefillEnabled: false, refillAmount: 5 })).toBeUndefined();
    expect(autoRefillOf({ autoRefillEnabled: true, refillAmount: 0 })).toBeUndefined();
    expect(autoRefillOf({ autoRefillEnabled: true })).toBeUndefined();
  });

  it('refuses a negative or absurd amount, a zero interval and an unknown unit', () => {
    for (const balance of [
      { refillAmount: -1 },
      { refillAmount: 1e15 },
      { refillAmount: 1.5 },
      { refillIntervalValue: 0 },
      { refillIntervalUnit: 'fortnights' },
    ]) {
      expect(yamlConfigSchema.safeParse({ version: '1.3.1', balance }).success, JSON.stringify(balance)).toBe(
        false,
      );
    }
  });
});

const settings = (unit: 'days' | 'months' = 'days'): BalanceSettings => ({
  enabled: true,
  startBalance: 100,
  autoRefill: { amount: 1_000_000, every: 1, unit },
});

/** Moves the balance's last refill back, as if that much time had passed. */
async function lastRefillAgo(db: Db, userId: string, interval: string): Promise<void> {
  await db
    .update(balances)
    .set({ lastRefill: sql`now() - ${interval}::interval` })
    .where(eq(balances.userId, userId));
}

const refills = async (db: Db, userId: string) =>
  db
    .select()
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.context, 'autoRefill')));

// gpt-4's prompt price: 1,000 prompt tokens cost more than the start balance of 100.
const TURN = { model: 'gpt-4', promptTokens: 1_000 };

describeEachEngine('balance auto-refill at admission', (getDb, { getDatabase }) => {
  it('does not refill before the interval has passed', async () => {
    const { user } = await createTestUser(getDatabase());
    const check = await checkBalance(getDb(), user.id, TURN, settings());
    expect(check).toMatchObject({ ok: false, balance: 100 });
    await lastRefillAgo(getDb(), user.id, '23 hours');
    expect(await checkBalance(getDb(), user.id, TURN, settings())).toMatchObject({ ok: false, balance: 100 });
    expect(await refills(getDb(), user.id)).toEqual([]);
  });

  it('refills once the interval has passed, records a credits transaction, and not again before the next', async () => {
    const { user } = await createTestUser(getDatabase());
    await getBalance(getDb(), user.id, settings());
    await lastRefillAgo(getDb(), user.id, '25 hours');
    const check = await checkBalance(getDb(), user.id, TURN, settings());
    expect(check).toMatchObject({ ok: true, balance: 1_000_100 });
    const [row] = await refills(getDb(), user.id);
    expect(row).toMatchObject({ tokenType: 'credits', rawAmount: 1_000_000, tokenValue: 1_000_000 });
    const [after] = await getDb().select().from(balances).where(eq(balances.userId, user.id));
    expect(Date.now() - (after?.lastRefill.getTime() ?? 0)).toBeLessThan(60 * 60 * 1000);
    // Spent down again: the interval starts from this refill, so nothing more today.
    await getDb().update(balances).set({ tokenCredits: 0 }).where(eq(balances.userId, user.id));
    expect(await checkBalance(getDb(), user.id, TURN, settings())).toMatchObject({ ok: false, balance: 0 });
    expect(await refills(getDb(), user.id)).toHaveLength(1);
  });

  it('counts months on the calendar', async () => {
    const { user } = await createTestUser(getDatabase());
    await getBalance(getDb(), user.id, settings('months'));
    await lastRefillAgo(getDb(), user.id, '27 days');
    expect(await checkBalance(getDb(), user.id, TURN, settings('months'))).toMatchObject({ ok: false });
    await lastRefillAgo(getDb(), user.id, '1 month 1 minute');
    expect(await checkBalance(getDb(), user.id, TURN, settings('months'))).toMatchObject({ ok: true });
  });

  it('leaves a balance that covers the turn alone (LibreChat refills only when it would run out)', async () => {
    const { user } = await createTestUser(getDatabase());
    const rich: BalanceSettings = { ...settings(), startBalance: 10_000_000 };
    await getBalance(getDb(), user.id, rich);
    await lastRefillAgo(getDb(), user.id, '2 days');
    expect(await checkBalance(getDb(), user.id, TURN, rich)).toMatchObject({ ok: true, balance: 10_000_000 });
    expect(await refills(getDb(), user.id)).toEqual([]);
  });

  it('refills once when 20 turns are admitted at the same moment (no counter race)', async () => {
    const { user } = await createTestUser(getDatabase());
    await getBalance(getDb(), user.id, settings());
    await lastRefillAgo(getDb(), user.id, '2 days');
    const checks = await Promise.all(
      Array.from({ length: 20 }, () => checkBalance(getDb(), user.id, TURN, settings())),
    );
    expect(checks.every((check) => check.ok && check.balance === 1_000_100)).toBe(true);
    expect(await refills(getDb(), user.id)).toHaveLength(1);
    const [row] = await getDb().select().from(balances).where(eq(balances.userId, user.id));
    expect(row?.tokenCredits).toBe(1_000_100);
  });
});
