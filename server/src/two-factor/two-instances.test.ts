import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAppOn } from '../../test/app-on-database';
import { createTestPostgres, postgresSkipReason } from '../../test/test-database';
import { deleteRedisPrefix, redisSkipReason, TEST_REDIS_URL, uniqueRedisPrefix } from '../../test/test-redis';
import { createTestUser, type TestUser } from '../../test/test-users';
import type { AppConfig } from '../config/app-config';
import type { Coordination } from '../coordination/coordination';
import { createCoordination } from '../coordination/create-coordination';
import type { Database } from '../db/client';
import { totpCodeAt, TOTP_PERIOD_MS } from './totp';

const redisSkip = await redisSkipReason();

describe.skipIf(redisSkip !== undefined || postgresSkipReason() !== undefined)(
  'two-factor sign-in on two instances (one PostgreSQL, one Redis)',
  () => {
    let database: Database;
    const prefix = uniqueRedisPrefix('two-factor');
    const coordinations: Coordination[] = [];
    const apps: FastifyInstance[] = [];
    let config: AppConfig;
    let nowMs = Math.floor(Date.now() / TOTP_PERIOD_MS) * TOTP_PERIOD_MS + 1000;
    beforeAll(async () => {
      database = await createTestPostgres();
      // Both accept the same tokens, as behind a load balancer.
      const env = {
        LOGIN_MAX: '1000',
        JWT_SECRET: 'two-factor-jwt-secret-0123456789abcdef',
        JWT_REFRESH_SECRET: 'two-factor-refresh-0123456789abcdef',
        CREDS_KEY: '0123456789abcdef'.repeat(4),
      };
      for (let index = 0; index < 2; index += 1) {
        const coordination = await createCoordination({ redisUrl: TEST_REDIS_URL, keyPrefix: prefix });
        coordinations.push(coordination);
        const built = await buildAppOn(database, { env, coordination, now: () => new Date(nowMs) });
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

    const post = (app: FastifyInstance, url: string, payload: object, headers = {}) =>
      app.inject({ method: 'POST', url, payload, headers });
    async function withTwoFactor(): Promise<{ user: TestUser; secret: string }> {
      const user = await createTestUser({ database, config });
      const [first] = apps as [FastifyInstance];
      const { secret } = (
        await post(first, '/api/auth/2fa/enable', { password: user.password }, user.headers)
      ).json<{
        secret: string;
      }>();
      const confirm = { token: totpCodeAt(secret, nowMs) };
      expect((await post(first, '/api/auth/2fa/confirm', confirm, user.headers)).statusCode).toBe(200);
      nowMs += TOTP_PERIOD_MS;
      return { user, secret };
    }
    const tempTokenOf = async (app: FastifyInstance, user: TestUser) =>
      (await post(app, '/api/auth/login', { email: user.user.email, password: user.password })).json<{
        tempToken: string;
      }>().tempToken;

    it('counts wrong codes on every instance: 5 on one, the other answers 429', async () => {
      const [first, second] = apps as [FastifyInstance, FastifyInstance];
      const { user, secret } = await withTwoFactor();
      const tempToken = await tempTokenOf(first, user);
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const app = attempt % 2 === 0 ? first : second;
        const wrong = { tempToken, token: totpCodeAt(secret, nowMs + (5 + attempt) * TOTP_PERIOD_MS) };
        expect((await post(app, '/api/auth/2fa/verify-temp', wrong)).statusCode).toBe(401);
      }
      const right = { tempToken, token: totpCodeAt(secret, nowMs) };
      expect((await post(second, '/api/auth/2fa/verify-temp', right)).statusCode).toBe(429);
      expect((await post(first, '/api/auth/2fa/verify-temp', right)).statusCode).toBe(429);
    });

    it('takes a temp token once across instances', async () => {
      const [first, second] = apps as [FastifyInstance, FastifyInstance];
      const { user, secret } = await withTwoFactor();
      const tempToken = await tempTokenOf(first, user);
      const signedIn = await post(first, '/api/auth/2fa/verify-temp', {
        tempToken,
        token: totpCodeAt(secret, nowMs),
      });
      expect(signedIn.statusCode).toBe(200);
      nowMs += TOTP_PERIOD_MS;
      const again = await post(second, '/api/auth/2fa/verify-temp', {
        tempToken,
        token: totpCodeAt(secret, nowMs),
      });
      expect(again.statusCode).toBe(401);
      expect(again.json()).toMatchObject({ code: 'invalid_temp_token' });
    });
  },
);
