import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPath, adminPaths } from '@parley/shared/api/admin-paths';
import { paths } from '@parley/shared/api/paths';
import { expectAdmitted, expectRefused } from '../../test/access-token-probes';
import { buildAppOn } from '../../test/app-on-database';
import { describeEachEngine } from '../../test/describe-each-engine';
import { createTestPostgres, postgresSkipReason } from '../../test/test-database';
import { deleteRedisPrefix, redisSkipReason, TEST_REDIS_URL, uniqueRedisPrefix } from '../../test/test-redis';
import { createTestUser, type TestUser } from '../../test/test-users';
import type { AppConfig } from '../config/app-config';
import type { Coordination } from '../coordination/coordination';
import { createCoordination } from '../coordination/create-coordination';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { ACCOUNT_STATUS_TTL_MS } from './account-status';

/** Deletes the account the way its owner does (Settings → Account → Delete). */
async function deleteAccount(app: FastifyInstance, owner: TestUser): Promise<void> {
  const response = await app.inject({
    method: 'DELETE',
    url: paths.user,
    headers: owner.headers,
    payload: { email: owner.user.email },
  });
  expect(response.statusCode, response.body).toBe(200);
}

describeEachEngine('a deleted or disabled account’s access token', (_getDb, { getDatabase }) => {
  let app: FastifyInstance;
  let config: AppConfig;
  let clock = Date.parse('2030-01-01T00:00:00Z');
  beforeAll(async () => {
    // A clock that moves only when a test moves it: what the app keeps of an account expires by it alone.
    ({ app, config } = await buildAppOn(getDatabase(), { now: () => new Date(clock) }));
  });
  afterAll(() => app.close());
  const newUser = () => createTestUser({ database: getDatabase(), config }, { password: null });
  /** The first account of a test (tables are emptied between tests) is an administrator. */
  async function newAdmin(): Promise<TestUser> {
    const admin = await newUser();
    expect(admin.user.role).toBe('ADMIN');
    return admin;
  }

  it('is refused (401, not 500) on reads, writes and administration as soon as the account is deleted', async () => {
    const owner = await newAdmin();
    await expectAdmitted(app, owner.token, { admin: true });
    await deleteAccount(app, owner);
    await expectRefused(app, owner.token);
  });

  it('is refused once the kept answer expires when the row was deleted outside the app', async () => {
    const owner = await newAdmin();
    await expectAdmitted(app, owner.token, { admin: true });
    await getDatabase().db.delete(users).where(eq(users.id, owner.user.id));
    clock += ACCOUNT_STATUS_TTL_MS;
    await expectRefused(app, owner.token);
  });

  it('is refused as soon as another administrator disables the account or deletes it; admitted while enabled', async () => {
    const first = await newAdmin();
    const second = await newUser();
    await getDatabase().db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, second.user.id));
    await expectAdmitted(app, second.token, { admin: true });
    const account = adminPath(adminPaths.user, second.user.id);
    const change = async (method: 'PATCH' | 'DELETE', payload?: object) => {
      const response = await app.inject({ method, url: account, headers: first.headers, payload });
      expect(response.statusCode, response.body).toBeLessThan(300);
    };

    await change('PATCH', { disabled: true });
    await expectRefused(app, second.token);
    await change('PATCH', { disabled: false });
    await expectAdmitted(app, second.token, { admin: true });
    await change('DELETE');
    await expectRefused(app, second.token);
  });
});

const redisSkip = await redisSkipReason();

describe.skipIf(redisSkip !== undefined || postgresSkipReason() !== undefined)(
  'a deleted account’s access token on two instances (one PostgreSQL, one Redis)',
  () => {
    let database: Database;
    const prefix = uniqueRedisPrefix('account-status');
    const coordinations: Coordination[] = [];
    const apps: FastifyInstance[] = [];
    let config: AppConfig;
    beforeAll(async () => {
      database = await createTestPostgres();
      // Both accept the same tokens, as behind a load balancer. The second one's clock never moves, so
      // only the announcement can make it forget what it keeps of an account.
      const env = {
        REDIS_URL: TEST_REDIS_URL,
        JWT_SECRET: 'account-status-jwt-secret-0123456789',
        JWT_REFRESH_SECRET: 'account-status-refresh-0123456789',
      };
      const frozen = new Date('2030-01-01T00:00:00Z');
      for (const now of [() => new Date(), () => frozen]) {
        const coordination = await createCoordination({ redisUrl: TEST_REDIS_URL, keyPrefix: prefix });
        coordinations.push(coordination);
        const built = await buildAppOn(database, { env, coordination, now });
        apps.push(built.app);
        config = built.config;
      }
    });
    afterAll(async () => {
      await Promise.all(apps.map((app) => app.close()));
      await Promise.all(coordinations.map((coordination) => coordination.close()));
      await database.close();
      await deleteRedisPrefix(prefix);
    });

    it('deleted on one instance, it is refused on the other without waiting for the kept answer to expire', async () => {
      const [first, second] = apps as [FastifyInstance, FastifyInstance];
      const owner = await createTestUser({ database, config }, { password: null });
      await expectAdmitted(second, owner.token);
      await deleteAccount(first, owner);
      // The announcement crosses Redis pub/sub: wait for its effect, then every route refuses.
      await expect
        .poll(async () => (await second.inject({ url: paths.presets, headers: owner.headers })).statusCode)
        .toBe(401);
      await expectRefused(second, owner.token);
    });
  },
);
