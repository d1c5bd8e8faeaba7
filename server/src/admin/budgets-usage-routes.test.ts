import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { usagePaths } from '@parley/shared/api/usage-paths';
import { buildAppOn } from '../../test/app-on-database';
import { describeEachEngine } from '../../test/describe-each-engine';
import { createTestUser, type TestUser } from '../../test/test-users';
import type { AppConfig } from '../config/app-config';
import type { Database } from '../db/client';
import { auditLog, budgets, groupMembers, groups } from '../db/schema';
import { recordUsage } from '../ledger/record';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const OFF = { enabled: false, startBalance: 0 };
const budgetPath = (id: string) => usagePaths.adminBudget.replace(':id', id);
/** The records of a CSV without quoted cells (what these tests export), keyed by the header. */
function parse(text: string): Record<string, string>[] {
  const [header = '', ...lines] = text.trim().split('\n');
  const columns = header.split(',');
  return lines.map((line) =>
    Object.fromEntries(line.split(',').map((cell, index) => [columns[index], cell])),
  );
}

const YAML = [
  'version: 1.0.8',
  'budgets:',
  '  - { scope: global, metric: credits, limit: 1000000, period: month, warnAtPct: 80 }',
].join('\n');

function yamlFile(body: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'parley-budgets-')), 'librechat.yaml');
  writeFileSync(path, body);
  return path;
}

describeEachEngine('admin budgets and usage routes', (getDb, { getDatabase }) => {
  let app: FastifyInstance;
  let config: AppConfig;
  let database: Database;
  beforeAll(async () => {
    ({ app, config, database } = await buildAppOn(getDatabase(), {
      env: { CONFIG_PATH: yamlFile(YAML) },
      now: () => new Date('2026-11-28T12:00:00Z'),
    }));
  });
  afterAll(() => app.close());

  /** The first user of each test is the administrator (tables are emptied between tests). */
  const newUser = () => createTestUser({ database, config }, { password: null });
  const call = (user: TestUser | null, method: Method, url: string, payload?: object) =>
    app.inject({ method, url, headers: user ? user.headers : {}, ...(payload ? { payload } : {}) });
  const spend = (user: TestUser, model: string, promptTokens: number, at: string) =>
    recordUsage(
      getDb(),
      { userId: user.user.id, kind: 'chat', endpoint: 'openAI', model, promptTokens, completionTokens: 0 },
      OFF,
      new Date(at),
    );

  it('refuses every budget and usage route to a USER (403) and to no token (401), changing nothing', async () => {
    await newUser();
    const user = await newUser();
    const [stored] = await getDb()
      .insert(budgets)
      .values({ scope: 'global', metric: 'requests', limitAmount: 5, period: 'day' })
      .returning();
    const id = stored?.id ?? '';
    const routes: [Method, string, object?][] = [
      ['GET', usagePaths.adminBudgets],
      ['POST', usagePaths.adminBudgets, { scope: 'global', metric: 'credits', limit: 1, period: 'day' }],
      ['PATCH', budgetPath(id), { limit: 99 }],
      ['DELETE', budgetPath(id)],
      ['GET', usagePaths.adminUsage],
      ['GET', `${usagePaths.adminUsageExport}?level=ledger`],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call(user, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(null, method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await getDb().select().from(budgets)).toMatchObject([{ id, limitAmount: 5 }]);
    expect(await getDb().select().from(auditLog)).toHaveLength(0);
  });

  it('lists YAML budgets read-only beside the API ones; creates, edits and deletes with audit entries', async () => {
    const admin = await newUser();
    const listed = await call(admin, 'GET', usagePaths.adminBudgets);
    expect(listed.json()).toEqual({
      budgets: [
        {
          id: 'yaml-1',
          scope: 'global',
          metric: 'credits',
          limit: 1_000_000,
          period: 'month',
          warnAtPct: 80,
          source: 'yaml',
        },
      ],
    });
    const user = await newUser();
    const created = await call(admin, 'POST', usagePaths.adminBudgets, {
      scope: 'user',
      scopeId: user.user.id,
      model: 'gpt-4*',
      metric: 'tokens',
      limit: 50_000,
      period: 'week',
    });
    expect(created.statusCode).toBe(201);
    const budget = created.json<{ id: string }>();
    expect(budget).toMatchObject({ scope: 'user', scopeId: user.user.id, model: 'gpt-4*', source: 'api' });
    const patched = await call(admin, 'PATCH', budgetPath(budget.id), { limit: 60_000, model: null });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).not.toHaveProperty('model');
    expect(patched.json()).toMatchObject({ limit: 60_000 });
    expect((await call(admin, 'PATCH', budgetPath('yaml-1'), { limit: 1 })).statusCode).toBe(409);
    expect((await call(admin, 'DELETE', budgetPath('yaml-1'))).statusCode).toBe(409);
    expect((await call(admin, 'DELETE', budgetPath(budget.id))).statusCode).toBe(204);
    expect((await call(admin, 'DELETE', budgetPath(budget.id))).statusCode).toBe(404);
    const entries = await getDb().select().from(auditLog).where(eq(auditLog.actorId, admin.user.id));
    expect(entries.map((entry) => entry.action).sort()).toEqual([
      'budget.create',
      'budget.delete',
      'budget.update',
    ]);
    expect(
      entries.every((entry) => entry.targetId === budget.id && entry.actorLabel === admin.user.email),
    ).toBe(true);
  });

  it('answers 400 naming the field for a bad budget, never storing it', async () => {
    const admin = await newUser();
    const bad = [
      [{ scope: 'global', metric: 'credits', limit: -1, period: 'day' }, 'limit'],
      [{ scope: 'global', metric: 'credits', limit: 1e20, period: 'day' }, 'limit'],
      [{ scope: 'user', metric: 'credits', limit: 1, period: 'day' }, 'scopeId'],
      [{ scope: 'global', scopeId: 'x', metric: 'credits', limit: 1, period: 'day' }, 'scopeId'],
      [{ scope: 'global', metric: 'dollars', limit: 1, period: 'day' }, 'metric'],
      [{ scope: 'global', metric: 'credits', limit: 1, period: 'year' }, 'period'],
      [{ scope: 'global', metric: 'credits', limit: 1, period: 'day', warnAtPct: 150 }, 'warnAtPct'],
      [{ scope: 'global', metric: 'credits', limit: 1, period: 'day', model: 'gpt 4; drop' }, 'model'],
    ] as const;
    for (const [payload, field] of bad) {
      const response = await call(admin, 'POST', usagePaths.adminBudgets, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(response.json()), JSON.stringify(payload)).toContain(field);
    }
    expect(await getDb().select().from(budgets)).toHaveLength(0);
  });

  it('rolls usage up by user, model, day and group with a cursor, and a user sees only their own', async () => {
    const admin = await newUser();
    const [alice, bob] = [await newUser(), await newUser()];
    await spend(alice, 'gpt-4', 100, '2026-11-02T10:00:00Z');
    await spend(alice, 'gpt-4o', 100, '2026-11-03T10:00:00Z');
    await spend(bob, 'gpt-4', 10, '2026-11-03T11:00:00Z');
    await spend(bob, 'gpt-4', 10, '2026-10-31T23:00:00Z');
    const [group] = await getDb().insert(groups).values({ name: 'Team A' }).returning();
    await getDb()
      .insert(groupMembers)
      .values({ groupId: group?.id ?? '', userId: alice.user.id });

    const byUser = await call(admin, 'GET', `${usagePaths.adminUsage}?groupBy=user&limit=1`);
    expect(byUser.statusCode).toBe(200);
    const first = byUser.json<{ rows: unknown[]; nextCursor: string; totals: object }>();
    expect(first.rows).toEqual([
      {
        key: alice.user.id,
        label: alice.user.email,
        requests: 2,
        promptTokens: 200,
        completionTokens: 0,
        credits: 3_250,
      },
    ]);
    expect(first.totals).toEqual({ requests: 3, promptTokens: 210, completionTokens: 0, credits: 3_550 });
    const second = await call(
      admin,
      'GET',
      `${usagePaths.adminUsage}?groupBy=user&limit=1&cursor=${first.nextCursor}`,
    );
    expect(second.json()).toMatchObject({ rows: [{ key: bob.user.id, credits: 300 }], nextCursor: null });

    const byModel = await call(admin, 'GET', `${usagePaths.adminUsage}?groupBy=model`);
    expect(byModel.json<{ rows: { key: string }[] }>().rows.map((row) => row.key)).toEqual([
      'gpt-4',
      'gpt-4o',
    ]);
    const byDay = await call(
      admin,
      'GET',
      `${usagePaths.adminUsage}?groupBy=day&from=2026-10-01&to=2026-12-01`,
    );
    expect(byDay.json<{ rows: { key: string }[] }>().rows.map((row) => row.key)).toEqual([
      '2026-10-31',
      '2026-11-02',
      '2026-11-03',
    ]);
    const byGroup = await call(admin, 'GET', `${usagePaths.adminUsage}?groupBy=group`);
    expect(byGroup.json()).toMatchObject({ rows: [{ key: group?.id, label: 'Team A', credits: 3_250 }] });
    const oneGroup = await call(admin, 'GET', `${usagePaths.adminUsage}?groupBy=model&groupId=${group?.id}`);
    expect(oneGroup.json()).toMatchObject({ totals: { requests: 2 } });
    expect((await call(admin, 'GET', `${usagePaths.adminUsage}?cursor=nonsense`)).statusCode).toBe(400);
    expect(
      (await call(admin, 'GET', `${usagePaths.adminUsage}?from=2026-12-01&to=2026-11-01`)).statusCode,
    ).toBe(400);
    expect((await call(admin, 'GET', `${usagePaths.adminUsage}?groupBy=planet`)).statusCode).toBe(400);

    const own = await call(bob, 'GET', `${usagePaths.usage}?groupBy=model`);
    expect(own.json()).toMatchObject({
      rows: [{ key: 'gpt-4', requests: 1, credits: 300 }],
      totals: { requests: 1 },
    });
  });

  it('exports the ledger and the daily rollup as CSV downloads', async () => {
    const admin = await newUser();
    const user = await newUser();
    await spend(user, 'gpt-4', 100, '2026-11-02T10:00:00Z');
    await spend(user, '=cmd|calc', 10, '2026-11-02T11:00:00Z');
    await spend(user, 'gpt-4', 100, '2026-11-03T10:00:00Z');
    const ledger = await call(admin, 'GET', `${usagePaths.adminUsageExport}?level=ledger&format=csv`);
    expect(ledger.statusCode).toBe(200);
    expect(ledger.headers['content-type']).toContain('text/csv');
    expect(ledger.headers['content-disposition']).toMatch(
      /^attachment; filename="parley-usage-ledger-2026-11-01\.csv"$/,
    );
    const rows = parse(ledger.body);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({
      userId: user.user.id,
      userLabel: user.user.email,
      model: 'gpt-4',
      credits: '3000',
    });
    // A cell a spreadsheet would run as a formula is sent as text.
    expect(rows[1]?.model).toBe("'=cmd|calc");

    const daily = await call(admin, 'GET', `${usagePaths.adminUsageExport}?level=daily`);
    const days = parse(daily.body);
    expect(days.map((row) => [row.day, row.model, row.requests])).toEqual([
      ['2026-11-02', "'=cmd|calc", '1'],
      ['2026-11-02', 'gpt-4', '1'],
      ['2026-11-03', 'gpt-4', '1'],
    ]);
  });
});
