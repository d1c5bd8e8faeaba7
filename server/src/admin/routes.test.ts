import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminPath, adminPaths } from '@parley/shared/api/admin-paths';
import { paths } from '@parley/shared/api/paths';
import {
  ADMIN_ERRORS,
  ADMIN_PAGE_SIZE,
  adminUsersPageSchema,
  auditPageSchema,
  MAX_BALANCE_AMOUNT,
} from '@parley/shared/schemas/admin';
import { buildAppOn, cookiesOf } from '../../test/app-on-database';
import { describeEachEngine } from '../../test/describe-each-engine';
import { createTestUser, type TestUser } from '../../test/test-users';
import type { AppConfig } from '../config/app-config';
import type { Database } from '../db/client';
import { auditLog, balances, groupMembers, groups, sessions, usageLedger, users } from '../db/schema';
import { createUsersService } from '../users/service';
import { createAdminService } from './service';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

describeEachEngine('admin routes', (getDb, { getDatabase }) => {
  let app: FastifyInstance;
  let config: AppConfig;
  let database: Database;
  beforeAll(async () => {
    ({ app, config, database } = await buildAppOn(getDatabase(), { env: { LOGIN_MAX: '1000' } }));
  });
  afterAll(() => app.close());

  /** The first user of each test is the administrator (tables are emptied between tests). */
  const newUser = (email?: string, password: string | null = null) =>
    createTestUser({ database, config }, { password, ...(email ? { email } : {}) });
  const call = (user: TestUser | null, method: Method, url: string, payload?: object) =>
    app.inject({
      method,
      url,
      headers: user ? user.headers : {},
      ...(payload ? { payload } : {}),
    });
  const makeAdmin = (user: TestUser) =>
    getDb().update(users).set({ role: 'ADMIN' }).where(eq(users.id, user.user.id));
  const login = (email: string, password: string) =>
    app.inject({ method: 'POST', url: paths.authLogin, payload: { email, password } });

  /** Every admin route, with a valid body, aimed at `target` and `groupId`. */
  const everyRoute = (target: string, groupId: string) =>
    [
      ['GET', adminPaths.users],
      ['POST', adminPaths.users, { email: 'new@example.com', name: 'New One', password: 'password123' }],
      ['PATCH', adminPath(adminPaths.user, target), { disabled: true }],
      ['DELETE', adminPath(adminPaths.user, target)],
      ['POST', adminPath(adminPaths.userSessionsRevoke, target)],
      ['POST', adminPath(adminPaths.userBalance, target), { op: 'add', amount: 5 }],
      ['GET', adminPaths.groups],
      ['POST', adminPaths.groups, { name: 'Probe' }],
      ['PATCH', adminPath(adminPaths.group, groupId), { name: 'Renamed' }],
      ['DELETE', adminPath(adminPaths.group, groupId)],
      ['PUT', adminPath(adminPaths.groupMembers, groupId), { add: [target] }],
      ['GET', adminPaths.audit],
    ] as const;

  async function snapshot() {
    const db = getDb();
    const [u] = await db.select({ n: count() }).from(users);
    const [d] = await db.select({ n: count() }).from(users).where(eq(users.disabled, true));
    const [g] = await db.select({ n: count() }).from(groups);
    const [m] = await db.select({ n: count() }).from(groupMembers);
    const [a] = await db.select({ n: count() }).from(auditLog);
    const [b] = await db.select({ n: count() }).from(balances);
    const names = await db.select({ name: groups.name }).from(groups);
    return { u, d, g, m, a, b, names };
  }

  it('refuses a USER token on every admin route with 403 and changes nothing; no token is 401', async () => {
    const admin = await newUser();
    const user = await newUser();
    const group = await call(admin, 'POST', adminPaths.groups, { name: 'Team' });
    const groupId = group.json<{ id: string }>().id;
    const before = await snapshot();
    for (const [method, url, payload] of everyRoute(admin.user.id, groupId)) {
      const refused = await call(user, method, url, payload);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json()).toEqual({ message: ADMIN_ERRORS.forbidden, code: 'forbidden' });
      const anonymous = await call(null, method, url, payload);
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a demoted administrator at once, although their token still says ADMIN', async () => {
    const admin = await newUser();
    const other = await newUser();
    await makeAdmin(other);
    const second = await createTestUser({ database, config }, { password: null });
    // A token signed while `other` was ADMIN.
    const otherAsAdmin = { ...other, headers: other.headers };
    expect((await call(otherAsAdmin, 'GET', adminPaths.users)).statusCode).toBe(200);
    const demoted = await call(admin, 'PATCH', adminPath(adminPaths.user, other.user.id), { role: 'USER' });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect(demoted.json()).toMatchObject({ role: 'USER' });
    const before = await snapshot();
    for (const [method, url, payload] of everyRoute(second.user.id, admin.user.id)) {
      expect((await call(otherAsAdmin, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('lists users with search, role and status filters, sorts and pages by cursor', async () => {
    const admin = await newUser('root@example.com');
    for (let i = 0; i < ADMIN_PAGE_SIZE + 4; i++) {
      await newUser(`member-${String(i).padStart(2, '0')}@example.com`);
    }
    const disabled = await newUser('zed@other.org');
    await call(admin, 'PATCH', adminPath(adminPaths.user, disabled.user.id), { disabled: true });

    const first = adminUsersPageSchema.parse((await call(admin, 'GET', adminPaths.users)).json());
    expect(first.users).toHaveLength(ADMIN_PAGE_SIZE);
    expect(first.nextCursor).not.toBeNull();
    const second = adminUsersPageSchema.parse(
      (
        await call(admin, 'GET', `${adminPaths.users}?cursor=${encodeURIComponent(first.nextCursor ?? '')}`)
      ).json(),
    );
    expect(second.nextCursor).toBeNull();
    const ids = [...first.users, ...second.users].map((user) => user.id);
    expect(new Set(ids).size).toBe(ADMIN_PAGE_SIZE + 6);
    expect(first.users[0]).toMatchObject({
      email: 'zed@other.org',
      disabled: true,
      role: 'USER',
      provider: 'local',
      twoFactorEnabled: false,
      balance: 0,
      spentThisMonth: 0,
      lastLoginAt: null,
    });

    const byEmail = adminUsersPageSchema.parse(
      (await call(admin, 'GET', `${adminPaths.users}?sort=email&order=asc`)).json(),
    );
    expect(byEmail.users.slice(0, 2).map((user) => user.email)).toEqual([
      'member-00@example.com',
      'member-01@example.com',
    ]);
    const search = (query: string) =>
      call(admin, 'GET', `${adminPaths.users}?${query}`).then(
        (response) => adminUsersPageSchema.parse(response.json()).users,
      );
    expect((await search('search=OTHER.org')).map((user) => user.email)).toEqual(['zed@other.org']);
    expect((await search('search=%25')).length).toBe(0);
    expect((await search('role=ADMIN')).map((user) => user.email)).toEqual(['root@example.com']);
    expect((await search('status=disabled')).map((user) => user.email)).toEqual(['zed@other.org']);
    expect((await search('status=active&search=member-0')).length).toBe(10);
    expect((await call(admin, 'GET', `${adminPaths.users}?cursor=bogus`)).statusCode).toBe(400);
    expect((await call(admin, 'GET', `${adminPaths.users}?status=gone`)).statusCode).toBe(400);
  });

  it('shows what each user spent this UTC month by the ledger', async () => {
    const admin = await newUser();
    const user = await newUser();
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - 1000);
    const row = (at: Date, credits: number) => ({
      at,
      userId: user.user.id,
      userLabel: user.user.email,
      endpoint: 'openAI',
      model: 'gpt-4o',
      kind: 'chat' as const,
      credits,
      requestId: `r-${credits}`,
    });
    await getDb()
      .insert(usageLedger)
      .values([row(now, 1200), row(now, 300.5), row(lastMonth, 999)]);
    const listed = adminUsersPageSchema.parse((await call(admin, 'GET', adminPaths.users)).json());
    expect(listed.users.find((entry) => entry.id === user.user.id)?.spentThisMonth).toBe(1500.5);
    expect(listed.users.find((entry) => entry.id === admin.user.id)?.spentThisMonth).toBe(0);
  });

  it('creates a user who can sign in, refuses a taken email or a weak password, and audits', async () => {
    const admin = await newUser();
    const created = await call(admin, 'POST', adminPaths.users, {
      email: 'New.Person@Example.com',
      name: 'New Person',
      password: 'correct horse',
      role: 'ADMIN',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ email: 'new.person@example.com', role: 'ADMIN', disabled: false });
    expect((await login('new.person@example.com', 'correct horse')).statusCode).toBe(200);
    const taken = await call(admin, 'POST', adminPaths.users, {
      email: 'new.person@example.com',
      name: 'Again',
      password: 'password123',
    });
    expect(taken.statusCode).toBe(409);
    const weak = await call(admin, 'POST', adminPaths.users, {
      email: 'w@example.com',
      name: 'Weak',
      password: 'x',
    });
    expect(weak.statusCode).toBe(400);
    const audit = auditPageSchema.parse((await call(admin, 'GET', adminPaths.audit)).json());
    expect(audit.entries[0]).toMatchObject({
      action: 'user.create',
      actorId: admin.user.id,
      actorLabel: admin.user.email,
      targetLabel: 'new.person@example.com',
      details: { role: 'ADMIN' },
    });
  });

  it('disables an account: its tokens and sessions stop, the right password gets account_disabled', async () => {
    const admin = await newUser();
    const user = await newUser('leaver@example.com', 'password123');
    const signedIn = await login('leaver@example.com', 'password123');
    const cookie = `refreshToken=${cookiesOf(signedIn).get('refreshToken')?.value ?? ''}`;
    expect((await call(user, 'GET', paths.user)).statusCode).toBe(200);

    const disabled = await call(admin, 'PATCH', adminPath(adminPaths.user, user.user.id), { disabled: true });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json()).toMatchObject({ disabled: true });
    expect((await call(user, 'GET', paths.user)).statusCode).toBe(401);
    const refreshed = await app.inject({ method: 'POST', url: paths.authRefresh, headers: { cookie } });
    expect(refreshed.statusCode).toBe(401);
    const right = await login('leaver@example.com', 'password123');
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual({ message: ADMIN_ERRORS.accountDisabled, code: 'account_disabled' });
    const wrong = await login('leaver@example.com', 'wrong password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ message: 'Invalid credentials' });

    const enabled = await call(admin, 'PATCH', adminPath(adminPaths.user, user.user.id), { disabled: false });
    expect(enabled.json()).toMatchObject({ disabled: false });
    const back = await login('leaver@example.com', 'password123');
    expect(back.statusCode).toBe(200);
    const listed = adminUsersPageSchema.parse(
      (await call(admin, 'GET', `${adminPaths.users}?search=leaver`)).json(),
    );
    expect(listed.users[0]?.lastLoginAt).not.toBeNull();
  });

  it('never lets an administrator demote, disable or delete themselves (400)', async () => {
    const admin = await newUser();
    const self = adminPath(adminPaths.user, admin.user.id);
    for (const payload of [{ role: 'USER' }, { disabled: true }]) {
      const refused = await call(admin, 'PATCH', self, payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ message: ADMIN_ERRORS.notYourself });
    }
    expect((await call(admin, 'DELETE', self)).statusCode).toBe(400);
    expect((await call(admin, 'GET', adminPaths.users)).statusCode).toBe(200);
  });

  it('leaves one active administrator when two disable each other at the same moment', async () => {
    for (let round = 0; round < 5; round++) {
      await getDb().delete(users);
      const first = await newUser();
      const second = await newUser();
      await makeAdmin(second);
      const answers = await Promise.all([
        call(first, 'PATCH', adminPath(adminPaths.user, second.user.id), { disabled: true }),
        call(second, 'PATCH', adminPath(adminPaths.user, first.user.id), { disabled: true }),
      ]);
      const statuses = answers.map((answer) => answer.statusCode).sort();
      // The one that came second is no longer an administrator by then: refused by the role check under the
      // lock (403), or already at sign-in when the first change was done before it arrived (401).
      expect(statuses[0]).toBe(200);
      expect([401, 403]).toContain(statuses[1]);
      const active = await getDb().select({ id: users.id }).from(users).where(eq(users.disabled, false));
      expect(active).toHaveLength(1);
    }
  });

  it('refuses to disable, demote or delete the last active administrator (409 last_admin)', async () => {
    const admin = await newUser();
    const operator = createAdminService({
      db: getDb(),
      users: createUsersService(getDb()),
      deleteFilesOf: async () => 0,
      revokeSessions: async () => undefined,
      forgetAccount: async () => undefined,
    });
    const cli = { id: null, label: 'cli' };
    for (const change of [{ disabled: true }, { role: 'USER' as const }]) {
      await expect(operator.updateUser(cli, admin.user.id, change)).rejects.toMatchObject({
        status: 409,
        code: 'last_admin',
      });
    }
    await expect(operator.deleteUser(cli, admin.user.id)).rejects.toMatchObject({ status: 409 });
    const other = await newUser();
    await makeAdmin(other);
    await expect(operator.updateUser(cli, admin.user.id, { disabled: true })).resolves.toMatchObject({
      disabled: true,
    });
    await expect(operator.updateUser(cli, other.user.id, { role: 'USER' })).rejects.toMatchObject({
      code: 'last_admin',
    });
  });

  it('deletes a user as their own deletion does, 404 for an unknown one', async () => {
    const admin = await newUser();
    const user = await newUser();
    const deleted = await call(admin, 'DELETE', adminPath(adminPaths.user, user.user.id));
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await getDb().select().from(users).where(eq(users.id, user.user.id))).toEqual([]);
    expect((await call(user, 'GET', paths.user)).statusCode).toBe(401);
    expect((await call(admin, 'DELETE', adminPath(adminPaths.user, user.user.id))).statusCode).toBe(404);
    expect((await call(admin, 'DELETE', adminPath(adminPaths.user, 'not-a-uuid'))).statusCode).toBe(404);
    const audit = auditPageSchema.parse((await call(admin, 'GET', adminPaths.audit)).json());
    expect(audit.entries[0]).toMatchObject({ action: 'user.delete', targetId: user.user.id });
  });

  it('signs a user out everywhere', async () => {
    const admin = await newUser();
    await newUser('roamer@example.com', 'password123');
    const signedIn = await login('roamer@example.com', 'password123');
    const cookie = `refreshToken=${cookiesOf(signedIn).get('refreshToken')?.value ?? ''}`;
    const target = signedIn.json<{ user: { id: string } }>().user.id;
    const revoked = await call(admin, 'POST', adminPath(adminPaths.userSessionsRevoke, target));
    expect(revoked.statusCode).toBe(204);
    const refreshed = await app.inject({ method: 'POST', url: paths.authRefresh, headers: { cookie } });
    expect(refreshed.statusCode).toBe(401);
    const open = await getDb().select().from(sessions).where(eq(sessions.userId, target));
    expect(open.every((session) => session.revokedAt !== null)).toBe(true);
  });

  it('adds to and sets a balance, refusing negative, absurd or non-numeric amounts', async () => {
    const admin = await newUser();
    const user = await newUser();
    const url = adminPath(adminPaths.userBalance, user.user.id);
    const added = await call(admin, 'POST', url, { op: 'add', amount: 1500, note: 'welcome' });
    expect(added.json()).toEqual({ balance: 1500 });
    expect((await call(admin, 'POST', url, { op: 'add', amount: 500 })).json()).toEqual({ balance: 2000 });
    expect((await call(admin, 'POST', url, { op: 'set', amount: 0 })).json()).toEqual({ balance: 0 });
    for (const payload of [
      { op: 'add', amount: -1 },
      { op: 'set', amount: -5 },
      { op: 'add', amount: 0 },
      { op: 'add', amount: MAX_BALANCE_AMOUNT + 1 },
      { op: 'set', amount: 1e308 },
      { op: 'add', amount: '12' },
      { op: 'take', amount: 1 },
    ]) {
      const refused = await call(admin, 'POST', url, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const [row] = await getDb().select().from(balances).where(eq(balances.userId, user.user.id));
    expect(row?.tokenCredits).toBe(0);
    expect((await call(user, 'GET', paths.balance)).json()).toEqual({ balance: 0 });
  });

  it('keeps groups with members, unique names, and lists a group’s members', async () => {
    const admin = await newUser();
    const ada = await newUser();
    const bob = await newUser();
    const created = await call(admin, 'POST', adminPaths.groups, { name: 'Research', description: 'Lab' });
    expect(created.statusCode).toBe(201);
    const group = created.json<{ id: string }>();
    expect((await call(admin, 'POST', adminPaths.groups, { name: 'research' })).statusCode).toBe(409);
    expect((await call(admin, 'POST', adminPaths.groups, { name: '  ' })).statusCode).toBe(400);
    const members = adminPath(adminPaths.groupMembers, group.id);
    const added = await call(admin, 'PUT', members, { add: [ada.user.id, bob.user.id, ada.user.id] });
    expect(added.json()).toMatchObject({ name: 'Research', memberCount: 2 });
    const unknown = await call(admin, 'PUT', members, { add: ['9b2c6a55-8f44-4a0e-9d6f-0c1b5e7d3a21'] });
    expect(unknown.statusCode).toBe(400);
    const removed = await call(admin, 'PUT', members, { remove: [bob.user.id] });
    expect(removed.json()).toMatchObject({ memberCount: 1 });
    const listed = adminUsersPageSchema.parse(
      (await call(admin, 'GET', `${adminPaths.users}?groupId=${group.id}`)).json(),
    );
    expect(listed.users.map((user) => user.id)).toEqual([ada.user.id]);
    const renamed = await call(admin, 'PATCH', adminPath(adminPaths.group, group.id), { name: 'R&D' });
    expect(renamed.json()).toMatchObject({ name: 'R&D', description: 'Lab', memberCount: 1 });
    expect((await call(admin, 'GET', adminPaths.groups)).json()).toEqual({
      groups: [{ id: group.id, name: 'R&D', description: 'Lab', memberCount: 1 }],
    });
    expect((await call(admin, 'DELETE', adminPath(adminPaths.group, group.id))).statusCode).toBe(204);
    expect((await call(admin, 'DELETE', adminPath(adminPaths.group, group.id))).statusCode).toBe(404);
    expect(await getDb().select().from(groupMembers)).toEqual([]);
  });

  it('records another feature’s admin change with the actor’s and target user’s emails', async () => {
    const admin = await newUser('boss@example.com');
    const user = await newUser('worker@example.com');
    const operator = createAdminService({
      db: getDb(),
      users: createUsersService(getDb()),
      deleteFilesOf: async () => 0,
      revokeSessions: async () => undefined,
      forgetAccount: async () => undefined,
    });
    await operator.recordAudit({
      actorId: admin.user.id,
      action: 'user.2fa.reset',
      targetId: user.user.id,
      details: {},
    });
    const audit = auditPageSchema.parse((await call(admin, 'GET', adminPaths.audit)).json());
    expect(audit.entries[0]).toMatchObject({
      actorLabel: 'boss@example.com',
      action: 'user.2fa.reset',
      targetId: user.user.id,
      targetLabel: 'worker@example.com',
    });
  });

  it('pages the audit log newest first', async () => {
    const admin = await newUser();
    for (let i = 0; i < ADMIN_PAGE_SIZE + 3; i++) {
      await call(admin, 'POST', adminPaths.groups, { name: `Group ${i}` });
    }
    const first = auditPageSchema.parse((await call(admin, 'GET', adminPaths.audit)).json());
    expect(first.entries).toHaveLength(ADMIN_PAGE_SIZE);
    expect(first.entries[0]?.targetLabel).toBe(`Group ${ADMIN_PAGE_SIZE + 2}`);
    const next = auditPageSchema.parse(
      (
        await call(admin, 'GET', `${adminPaths.audit}?cursor=${encodeURIComponent(first.nextCursor ?? '')}`)
      ).json(),
    );
    expect(next.entries.map((entry) => entry.targetLabel)).toEqual(['Group 2', 'Group 1', 'Group 0']);
    expect(next.nextCursor).toBeNull();
  });
});
