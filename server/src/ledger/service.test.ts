import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachEngine } from '../../test/describe-each-engine';
import { createTestUser } from '../../test/test-users';
import { budgetReservations, groupMembers, groups, usageLedger, users } from '../db/schema';
import { AppError } from '../lib/errors';
import { creditsSpentByUsers } from './spent-by-users';
import { createLedgerService, type LedgerService } from './service';

const OFF = { enabled: false, startBalance: 0 };

describeEachEngine('spend ledger and budgets', (getDb, { getDatabase }) => {
  let clock = new Date('2026-11-28T12:00:00Z');
  const service = (yamlBudgets?: Parameters<typeof createLedgerService>[0]['yamlBudgets']): LedgerService =>
    createLedgerService({ db: getDb(), balance: OFF, yamlBudgets, now: () => clock });
  const newUser = async () => (await createTestUser(getDatabase(), { password: null })).user;
  const chat = (userId: string, over: Partial<Parameters<LedgerService['record']>[0]> = {}) => ({
    userId,
    kind: 'chat' as const,
    endpoint: 'openAI',
    model: 'gpt-4',
    promptTokens: 100,
    completionTokens: 50,
    ...over,
  });
  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    if (!(error instanceof AppError)) throw new Error(`expected a refusal, got ${String(error)}`);
    return error;
  };

  it('writes one row per model call of each kind, priced, and flags an unpriced model', async () => {
    clock = new Date('2026-11-28T12:00:00Z');
    const ledger = service();
    const user = await newUser();
    const kinds = ['chat', 'title', 'agent', 'tool', 'assistant', 'embedding', 'summary'] as const;
    for (const kind of kinds) await ledger.record(chat(user.id, { kind }));
    const unknown = await ledger.record(
      chat(user.id, { model: 'my-local-llama', promptTokens: 10, completionTokens: 0 }),
    );
    expect(unknown).toMatchObject({ unpriced: true, credits: 60 });
    const rows = await getDb().select().from(usageLedger).where(eq(usageLedger.userId, user.id));
    expect(rows.map((row) => row.kind).sort()).toEqual([...kinds, 'chat'].sort());
    // gpt-4: 30 and 60 credits per token.
    expect(rows.find((row) => row.kind === 'title')).toMatchObject({
      credits: 6_000,
      promptTokens: 100,
      completionTokens: 50,
      userLabel: user.email,
      unpriced: false,
      endpoint: 'openAI',
    });
  });

  it('keeps rows after the user is deleted, and refuses to change or delete them', async () => {
    const ledger = service();
    const user = await newUser();
    await ledger.record(chat(user.id));
    await getDb().delete(users).where(eq(users.id, user.id));
    const [row] = await getDb().select().from(usageLedger).where(eq(usageLedger.userId, user.id));
    expect(row).toMatchObject({ userLabel: user.email, credits: 6_000 });
    await expect(getDb().update(usageLedger).set({ credits: 0 })).rejects.toThrow();
    await expect(getDb().delete(usageLedger)).rejects.toThrow();
    await expect(getDb().execute(sql`select count(*)::int as n from usage_ledger`)).resolves.toMatchObject({
      rows: [{ n: 1 }],
    });
  });

  it('sums each budget over its current UTC window only', async () => {
    const ledger = service();
    const user = await newUser();
    const budget = await ledger.createBudget({
      scope: 'user',
      scopeId: user.id,
      metric: 'credits',
      limit: 10_000,
      period: 'day',
    });
    clock = new Date('2026-11-27T23:59:59Z');
    await ledger.record(chat(user.id));
    clock = new Date('2026-11-28T00:00:00Z');
    await ledger.record(chat(user.id, { promptTokens: 10, completionTokens: 0 }));
    const [mine] = await ledger.userBudgets(user.id);
    expect(mine).toMatchObject({
      id: budget.id,
      spent: 300,
      remaining: 9_700,
      resetsAt: '2026-11-29T00:00:00.000Z',
    });
    const spent = await creditsSpentByUsers(
      getDb(),
      [user.id, '00000000-0000-4000-8000-000000000000'],
      new Date('2026-11-01T00:00:00Z'),
      new Date('2026-12-01T00:00:00Z'),
    );
    expect(spent.get(user.id)).toBe(6_300);
    expect(spent.get('00000000-0000-4000-8000-000000000000')).toBe(0);
  });

  it('refuses every turn under a budget of 0, with the budget, what is spent and when it resets', async () => {
    clock = new Date('2026-11-28T12:00:00Z');
    const ledger = service();
    const user = await newUser();
    const budget = await ledger.createBudget({
      scope: 'global',
      metric: 'requests',
      limit: 0,
      period: 'week',
    });
    const error = await refusal(
      ledger.admit({ userId: user.id, model: 'gpt-4', promptTokens: 1, maxOutputTokens: 1 }),
    );
    expect(error.status).toBe(402);
    expect(error.code).toBe('budget_exceeded');
    expect(error.details).toEqual({
      budget: {
        id: budget.id,
        scope: 'global',
        metric: 'requests',
        period: 'week',
        limit: 0,
        spent: 0,
        resetsAt: '2026-11-30T00:00:00.000Z',
      },
    });
    expect(await getDb().select().from(budgetReservations)).toHaveLength(0);
  });

  it('applies role, group, user and model budgets to whom they name; the strictest refuses', async () => {
    clock = new Date('2026-11-28T12:00:00Z');
    const ledger = service([
      { scope: 'role', scopeId: 'USER', metric: 'tokens', limit: 1_000_000, period: 'month' },
    ]);
    // The first account is ADMIN; the role budget is the USERs'.
    const [, alice, bob] = [await newUser(), await newUser(), await newUser()];
    const [group] = await getDb().insert(groups).values({ name: 'Team' }).returning();
    if (!group) throw new Error('no group');
    await getDb().insert(groupMembers).values({ groupId: group.id, userId: alice.id });
    const teamBudget = await ledger.createBudget({
      scope: 'group',
      scopeId: group.id,
      metric: 'credits',
      limit: 5_000,
      period: 'month',
    });
    await ledger.createBudget({
      scope: 'user',
      scopeId: bob.id,
      model: 'claude-*',
      metric: 'requests',
      limit: 0,
      period: 'day',
    });
    expect((await ledger.userBudgets(alice.id)).map((budget) => budget.id).sort()).toEqual(
      [teamBudget.id, 'yaml-1'].sort(),
    );
    // Bob's claude budget does not touch his gpt-4 turns.
    const hold = await ledger.admit({
      userId: bob.id,
      model: 'gpt-4',
      promptTokens: 10,
      maxOutputTokens: 10,
    });
    expect(hold?.budgets.map((budget) => budget.id)).toEqual(['yaml-1']);
    const claude = await refusal(
      ledger.admit({ userId: bob.id, model: 'claude-3-opus', promptTokens: 1, maxOutputTokens: 1 }),
    );
    expect(claude.code).toBe('budget_exceeded');

    await ledger.record(chat(alice.id));
    const over = await refusal(
      ledger.admit({ userId: alice.id, model: 'gpt-4', promptTokens: 1, maxOutputTokens: 1 }),
    );
    expect(over.details).toMatchObject({
      budget: { id: teamBudget.id, scope: 'group', spent: 6_000, limit: 5_000 },
    });
  });

  it('lets concurrent turns overspend by at most one reservation, which its usage settles', async () => {
    clock = new Date('2026-11-28T12:00:00Z');
    const ledger = service();
    const user = await newUser();
    await ledger.createBudget({
      scope: 'user',
      scopeId: user.id,
      metric: 'credits',
      limit: 6_001,
      period: 'month',
    });
    await ledger.record(chat(user.id));
    // 1 credit left; each turn may cost up to 100 × 30 + 100 × 60 = 9,000 credits.
    const turns = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        ledger.admit({ userId: user.id, model: 'gpt-4', promptTokens: 100, maxOutputTokens: 100 }),
      ),
    );
    const admitted = turns.flatMap((turn) => (turn.status === 'fulfilled' && turn.value ? [turn.value] : []));
    expect(admitted).toHaveLength(1);
    expect(turns.filter((turn) => turn.status === 'rejected')).toHaveLength(49);
    const [hold] = admitted;
    if (!hold) throw new Error('no turn admitted');
    await ledger.record(chat(user.id, { reservationId: hold.reservationId }));
    expect(await getDb().select().from(budgetReservations)).toHaveLength(0);
    const [budget] = await ledger.userBudgets(user.id);
    expect(budget?.spent).toBe(12_000);
    expect(budget?.spent).toBeLessThanOrEqual(6_001 + 9_000);
  });

  it('counts a turn that settles after the period ended in the new period, its reservation gone', async () => {
    clock = new Date('2026-11-28T23:59:59Z');
    const ledger = service();
    const user = await newUser();
    const budget = await ledger.createBudget({
      scope: 'user',
      scopeId: user.id,
      metric: 'credits',
      limit: 100_000,
      period: 'day',
      warnAtPct: 5,
    });
    const hold = await ledger.admit({
      userId: user.id,
      model: 'gpt-4',
      promptTokens: 100,
      maxOutputTokens: 100,
    });
    if (!hold) throw new Error('not admitted');
    expect((await ledger.userBudgets(user.id))[0]?.spent).toBe(9_000);
    clock = new Date('2026-11-29T00:00:01Z');
    await ledger.record(chat(user.id, { reservationId: hold.reservationId }));
    expect(await ledger.userBudgets(user.id)).toMatchObject([
      { id: budget.id, spent: 6_000, resetsAt: '2026-11-30T00:00:00.000Z' },
    ]);
    expect(await ledger.warnings(hold)).toEqual([
      {
        id: budget.id,
        status: 'warning',
        spent: 6_000,
        limit: 100_000,
        resetsAt: '2026-11-30T00:00:00.000Z',
        metric: 'credits',
        period: 'day',
      },
    ]);
  });

  it('keeps YAML budgets read-only and checks a patched budget whole', async () => {
    const ledger = service([{ scope: 'global', metric: 'credits', limit: 1, period: 'day' }]);
    expect((await refusal(ledger.updateBudget('yaml-1', { limit: 5 }))).status).toBe(409);
    expect((await refusal(ledger.deleteBudget('yaml-1'))).status).toBe(409);
    const budget = await ledger.createBudget({ scope: 'global', metric: 'credits', limit: 1, period: 'day' });
    expect((await refusal(ledger.updateBudget(budget.id, { scope: 'user' }))).status).toBe(400);
    expect(await ledger.updateBudget(budget.id, { limit: 7, warnAtPct: 80, model: 'gpt-*' })).toMatchObject({
      limit: 7,
      warnAtPct: 80,
      model: 'gpt-*',
      source: 'api',
    });
    expect(await ledger.updateBudget(budget.id, { model: null, warnAtPct: null })).not.toHaveProperty(
      'model',
    );
    expect((await refusal(ledger.updateBudget('nope', { limit: 1 }))).status).toBe(404);
    await ledger.deleteBudget(budget.id);
    expect((await ledger.listBudgets()).map((entry) => entry.id)).toEqual(['yaml-1']);
  });
});
