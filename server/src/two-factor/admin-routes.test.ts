import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildAppOn } from '../../test/app-on-database';
import { describeEachEngine } from '../../test/describe-each-engine';
import { createTestUser, type TestUser } from '../../test/test-users';
import type { AppConfig } from '../config/app-config';
import type { Database } from '../db/client';
import { TWO_FACTOR_RESET_ACTION } from './admin-routes';
import { totpCodeAt } from './totp';

describeEachEngine('admin reset of two-factor sign-in', (_getDb, { getDatabase }) => {
  let app: FastifyInstance;
  let config: AppConfig;
  let database: Database;
  beforeAll(async () => {
    ({ app, config, database } = await buildAppOn(getDatabase(), { env: { LOGIN_MAX: '1000' } }));
  });
  afterAll(() => app.close());

  /** The first user of each test's (emptied) database is ADMIN, every later one USER. */
  const newUser = () => createTestUser({ database, config });
  const login = (user: TestUser) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.user.email, password: user.password },
    });
  const secretOf = new Map<string, string>();
  async function enableFor(user: TestUser) {
    const enabled = await app.inject({
      method: 'POST',
      url: '/api/auth/2fa/enable',
      payload: { password: user.password },
      headers: user.headers,
    });
    const { secret } = enabled.json<{ secret: string }>();
    secretOf.set(user.user.id, secret);
    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/auth/2fa/confirm',
      payload: { token: totpCodeAt(secret, Date.now()) },
      headers: user.headers,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  }
  const listed = async (by: TestUser, userId: string) => {
    const response = await app.inject({ method: 'GET', url: '/api/admin/users', headers: by.headers });
    expect(response.statusCode, response.body).toBe(200);
    const { users } = response.json<{ users: { id: string; twoFactorEnabled: boolean }[] }>();
    return users.find((listedUser) => listedUser.id === userId)?.twoFactorEnabled;
  };
  const reset = (by: TestUser | null, id: string) =>
    app.inject({ method: 'DELETE', url: `/api/admin/users/${id}/2fa`, headers: by?.headers ?? {} });

  it('refuses the second step of an account disabled after its password was checked', async () => {
    const admin = await newUser();
    const user = await newUser();
    await enableFor(user);
    const { tempToken } = (await login(user)).json<{ tempToken: string }>();
    const disabled = await app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${user.user.id}`,
      payload: { disabled: true },
      headers: admin.headers,
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    const verified = await app.inject({
      method: 'POST',
      url: '/api/auth/2fa/verify-temp',
      payload: { tempToken, token: totpCodeAt(secretOf.get(user.user.id) ?? '', Date.now() + 30_000) },
    });
    expect(verified.statusCode, verified.body).toBe(403);
    expect(verified.json()).toMatchObject({ code: 'account_disabled' });
  });

  it('lets an admin reset it (audited); a USER token gets 403 and changes nothing', async () => {
    const admin = await newUser();
    const user = await newUser();
    const other = await newUser();
    expect(admin.user.role).toBe('ADMIN');
    expect(await listed(admin, user.user.id)).toBe(false);
    await enableFor(user);
    expect(await listed(admin, user.user.id)).toBe(true);

    expect((await reset(other, user.user.id)).statusCode).toBe(403);
    expect((await reset(user, user.user.id)).statusCode).toBe(403);
    expect((await reset(null, user.user.id)).statusCode).toBe(401);
    expect((await login(user)).json()).toMatchObject({ twoFAPending: true });

    expect((await reset(admin, '7d0c5d2e-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await reset(admin, 'not-an-id')).statusCode).toBe(400);
    expect((await reset(admin, user.user.id)).statusCode).toBe(204);
    expect((await login(user)).json()).toHaveProperty('token');
    expect(await listed(admin, user.user.id)).toBe(false);
    const audit = await getDatabase().db.execute(
      sql`select actor_id, action, target_id from audit_log where action = ${TWO_FACTOR_RESET_ACTION}`,
    );
    const entries = ('rows' in audit ? audit.rows : audit) as Record<string, string>[];
    expect(entries).toEqual([
      { actor_id: admin.user.id, action: TWO_FACTOR_RESET_ACTION, target_id: user.user.id },
    ]);
  });
});
