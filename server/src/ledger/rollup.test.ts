import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Budget } from '@parley/shared/schemas/budget';
import { expect, it } from 'vitest';
import { describeEachEngine } from '../../test/describe-each-engine';
import { createTestUser } from '../../test/test-users';
import { groupMembers, groups, usageDaily, usageDailyModels, users } from '../db/schema';
import { recordUsage } from './record';
import { spentOf } from './spent';
import { EXPORT_BATCH, ledgerBatches } from './usage-repo';

const OFF = { enabled: false, startBalance: 0 };

describeEachEngine('ledger daily rollups and the raw export keyset', (getDb, { getDatabase }) => {
  it('budgets read the same sums from the rollups as from the ledger, day boundaries included', async () => {
    const [alice, bob, carol] = await Promise.all(
      [0, 1, 2].map(async () => (await createTestUser(getDatabase(), { password: null })).user),
    );
    if (!alice || !bob || !carol) throw new Error('no users');
    await getDb()
      .update(users)
      .set({ role: 'ADMIN' })
      .where(sql`${users.id} = ${carol.id}`);
    const [group] = await getDb()
      .insert(groups)
      .values({ name: `g-${randomUUID()}` })
      .returning();
    if (!group) throw new Error('no group');
    await getDb().insert(groupMembers).values({ groupId: group.id, userId: bob.id });
    // A week that is entirely in the future of every other test's rows, so global sums are only these.
    const base = Date.UTC(2031, 2, 3); // Monday 3 March 2031
    const calls: [string, string, number, number][] = [
      // user, model, ms after base, prompt tokens
      [alice.id, 'gpt-4', 0, 100],
      [alice.id, 'gpt-4', 86_400_000 - 1, 200], // the day's last millisecond
      [alice.id, 'gpt-4o-mini', 86_400_000, 300], // the next day's first
      [bob.id, 'gpt-4', 3 * 86_400_000 + 5, 400],
      [carol.id, 'claude-3-haiku', 6 * 86_400_000 + 10, 500],
      [bob.id, 'gpt-4', 7 * 86_400_000, 600], // the next week
    ];
    for (const [userId, model, offset, promptTokens] of calls) {
      await recordUsage(
        getDb(),
        { userId, kind: 'chat', endpoint: 'openAI', model, promptTokens, completionTokens: 10 },
        OFF,
        new Date(base + offset),
      );
    }
    // Several rows in one statement are summed by the statement trigger too.
    await getDb()
      .execute(sql`insert into usage_ledger (at, user_id, model, kind, prompt_tokens, credits, request_id)
      select ${new Date(base + 2 * 86_400_000).toISOString()}::timestamptz + i * interval '1 second',
        ${alice.id}::uuid, 'gpt-4', 'chat', 1, 2, 'bulk-' || i from generate_series(1, 5) as i`);

    const budget = (over: Partial<Budget>): Budget => ({
      id: randomUUID(),
      scope: 'global',
      metric: 'credits',
      limit: 1e12,
      period: 'week',
      source: 'api',
      ...over,
    });
    const budgets = [
      budget({ metric: 'requests' }),
      budget({ metric: 'tokens' }),
      budget({ metric: 'tokens', model: 'gpt-4*' }),
      budget({ scope: 'user', scopeId: alice.id, metric: 'requests', period: 'day' }),
      budget({ scope: 'user', scopeId: alice.id, metric: 'tokens' }),
      budget({ scope: 'group', scopeId: group.id, metric: 'requests' }),
      budget({ scope: 'role', scopeId: 'ADMIN', metric: 'tokens' }),
      budget({ scope: 'user', scopeId: alice.id, metric: 'credits', period: 'month' }),
    ];
    const midweek = new Date(base + 86_400_000 + 3_600_000); // Tuesday 01:00
    const spent = (await spentOf(getDb(), budgets, midweek)).map((entry) => entry.settled);
    const ledger = async (where: ReturnType<typeof sql>, measure: ReturnType<typeof sql>) => {
      const { rows } = await getDb().execute<{ v: string | number }>(
        sql`select coalesce(${measure}, 0)::float8 as v from usage_ledger where ${where}`,
      );
      return Number(rows[0]?.v ?? 0);
    };
    const week = sql`at >= ${new Date(base).toISOString()}::timestamptz and at < ${new Date(base + 7 * 86_400_000).toISOString()}::timestamptz`;
    const tokens = sql`sum(prompt_tokens + completion_tokens)`;
    expect(spent).toEqual([
      10, // 5 calls + 5 bulk rows in the week; the next week's row is not counted
      await ledger(week, tokens),
      await ledger(sql`${week} and model like 'gpt-4%'`, tokens),
      1, // Alice on Tuesday: the next day's first millisecond only
      await ledger(sql`${week} and user_id = ${alice.id}`, tokens),
      1, // Bob, the group's member, this week
      // Carol and whoever else is an administrator now (the database's first account is one).
      await ledger(sql`${week} and user_id in (select id from users where role = 'ADMIN')`, tokens),
      await ledger(sql`user_id = ${alice.id}`, sql`sum(credits)`),
    ]);
    expect(spent[1]).toBe(100 + 200 + 300 + 400 + 500 + 5 * 10 + 5);
    expect(spent[6]).toBeGreaterThanOrEqual(510);

    const rollup = await getDb()
      .select()
      .from(usageDaily)
      .where(sql`${usageDaily.userId} = ${alice.id}`);
    expect(
      rollup
        .map(({ day, model, requests, tokens: t }) => ({ day, model, requests, tokens: t }))
        .sort((a, b) => `${a.day}${a.model}`.localeCompare(`${b.day}${b.model}`)),
    ).toEqual([
      { day: '2031-03-03', model: 'gpt-4', requests: 2, tokens: 320 },
      { day: '2031-03-04', model: 'gpt-4o-mini', requests: 1, tokens: 310 },
      { day: '2031-03-05', model: 'gpt-4', requests: 5, tokens: 5 },
    ]);
    const [monday] = await getDb()
      .select()
      .from(usageDailyModels)
      .where(sql`${usageDailyModels.day} = '2031-03-03' and ${usageDailyModels.model} = 'gpt-4'`);
    expect(monday).toMatchObject({ requests: 2, tokens: 320 });
  });

  it('exports every row once when more than a page share a millisecond (microseconds apart)', async () => {
    const { user } = await createTestUser(getDatabase(), { password: null });
    const rows = EXPORT_BATCH + 7;
    const at = '2032-01-01T00:00:00.000Z';
    await getDb().execute(sql`insert into usage_ledger (at, user_id, model, kind, request_id)
      select ${at}::timestamptz + (i % 900) * interval '1 microsecond', ${user.id}::uuid, 'gpt-4', 'chat',
        'same-ms-' || i from generate_series(1, ${rows}) as i`);
    const ids: string[] = [];
    for await (const batch of ledgerBatches(getDb(), {
      from: new Date(at),
      to: new Date('2032-01-02T00:00:00Z'),
      userId: user.id,
    })) {
      ids.push(...batch.map((entry) => entry.id));
    }
    expect(ids).toHaveLength(rows);
    expect(new Set(ids).size).toBe(rows);
  });
});
