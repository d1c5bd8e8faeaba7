import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPath, adminPaths } from '@parley/shared/api/admin-paths';
import { paths } from '@parley/shared/api/paths';
import { buildAppOn } from '../../test/app-on-database';
import { createTestPostgres, postgresSkipReason } from '../../test/test-database';
import { deleteRedisPrefix, redisSkipReason, TEST_REDIS_URL, uniqueRedisPrefix } from '../../test/test-redis';
import { createTestUser } from '../../test/test-users';
import type { AppConfig } from '../config/app-config';
import type { Coordination } from '../coordination/coordination';
import { createCoordination } from '../coordination/create-coordination';
import type { Database } from '../db/client';

const redisSkip = await redisSkipReason();

describe.skipIf(postgresSkipReason() !== undefined || redisSkip !== undefined)(
  'admin changes on one instance (PostgreSQL + Redis)',
  () => {
    let database: Database;
    const prefix = uniqueRedisPrefix('admin-two-instances');
    const coordinations: Coordination[] = [];
    const apps: FastifyInstance[] = [];
    let config: AppConfig;
    beforeAll(async () => {
      database = await createTestPostgres();
      const env = {
        REDIS_URL: TEST_REDIS_URL,
        JWT_SECRET: 'admin-two-instances-jwt-secret-0123456789',
        JWT_REFRESH_SECRET: 'admin-two-instances-refresh-0123456789',
      };
      // The second instance's clock never moves: only the announcement can make it forget an account.
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

    it('a user disabled or demoted on one instance is refused on the other at once', async () => {
      const [first, second] = apps as [FastifyInstance, FastifyInstance];
      const admin = await createTestUser({ database, config }, { password: null });
      const other = await createTestUser({ database, config }, { password: null });
      const user = await createTestUser({ database, config }, { password: null });
      const promoted = await first.inject({
        method: 'PATCH',
        url: adminPath(adminPaths.user, other.user.id),
        headers: admin.headers,
        payload: { role: 'ADMIN' },
      });
      expect(promoted.statusCode).toBe(200);
      // Both accounts are known (and kept) on the second instance.
      expect((await second.inject({ url: paths.user, headers: user.headers })).statusCode).toBe(200);
      expect((await second.inject({ url: adminPaths.users, headers: other.headers })).statusCode).toBe(200);

      const disabled = await first.inject({
        method: 'PATCH',
        url: adminPath(adminPaths.user, user.user.id),
        headers: admin.headers,
        payload: { disabled: true },
      });
      expect(disabled.statusCode).toBe(200);
      const demoted = await first.inject({
        method: 'PATCH',
        url: adminPath(adminPaths.user, other.user.id),
        headers: admin.headers,
        payload: { role: 'USER' },
      });
      expect(demoted.statusCode).toBe(200);
      // The announcements cross Redis pub/sub: wait for their effect.
      await expect
        .poll(async () => (await second.inject({ url: paths.user, headers: user.headers })).statusCode)
        .toBe(401);
      await expect
        .poll(async () => (await second.inject({ url: adminPaths.users, headers: other.headers })).statusCode)
        .toBe(403);
    });
  },
);
