import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ERRORS } from '@parley/shared/schemas/auth';
import type { Env } from '../config/env';
import type { Coordination } from '../coordination/coordination';
import { createCoordination } from '../coordination/create-coordination';
import type { Database } from '../db/client';
import { buildAppOn } from '../../test/app-on-database';
import { createTestPglite } from '../../test/test-database';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const wrong = { email: 'nobody@example.com', password: 'wrong password' };

const variants = [
  { name: 'in-process', create: (_prefix: string) => createCoordination() },
  {
    name: 'Redis',
    create: (prefix: string) => createCoordination({ redisUrl: REDIS_URL, keyPrefix: prefix }),
  },
];

for (const variant of variants) {
  describe(`login and register limits (${variant.name} counters)`, () => {
    let database: Database;
    const opened: { app: FastifyInstance; coordination: Coordination }[] = [];
    let prefix = '';
    beforeAll(async () => {
      database = await createTestPglite();
    });
    afterAll(() => database.close());
    afterEach(async () => {
      for (const { app, coordination } of opened.splice(0)) {
        await app.close();
        await coordination.close();
      }
      prefix = '';
    });

    /** An app instance; instances started in one test share the counters (same Redis key prefix). */
    async function start(env: Env): Promise<FastifyInstance> {
      prefix ||= `parley-test:${randomBytes(6).toString('hex')}:`;
      const coordination = await variant.create(prefix);
      const { app } = await buildAppOn(database, { env, coordination });
      opened.push({ app, coordination });
      return app;
    }
    const login = (app: FastifyInstance, ip = '10.0.0.1') =>
      app.inject({ method: 'POST', url: '/api/auth/login', payload: wrong, remoteAddress: ip });

    it('answers 429 with Retry-After past LOGIN_MAX per IP and window', async () => {
      const app = await start({ LOGIN_MAX: '2', LOGIN_WINDOW: '5' });
      expect((await login(app)).statusCode).toBe(401);
      expect((await login(app)).statusCode).toBe(401);
      const limited = await login(app);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(290);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(300);
      expect(limited.json()).toMatchObject({
        message: 'Too many login attempts, please try again after 5 minutes.',
      });
      expect((await login(app, '10.0.0.2')).statusCode).toBe(401);
    });

    it('answers 429 past REGISTER_MAX per IP', async () => {
      const app = await start({ REGISTER_MAX: '1', REGISTER_WINDOW: '60' });
      const register = (email: string) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: { name: 'Some One', email, password: 'password123', confirm_password: 'password123' },
          remoteAddress: '10.0.0.3',
        });
      expect((await register('one@example.com')).statusCode).toBe(200);
      const limited = await register('two@example.com');
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
      expect(limited.json()).toMatchObject({
        message: 'Too many accounts created, please try again after 60 minutes.',
      });
    });

    it('bans an IP for BAN_DURATION once its violations reach BAN_VIOLATIONS', async () => {
      const app = await start({
        LOGIN_MAX: '1',
        BAN_VIOLATIONS: '2',
        BAN_INTERVAL: '20',
        BAN_DURATION: '1000 * 60',
      });
      expect((await login(app)).statusCode).toBe(401);
      expect((await login(app)).statusCode).toBe(429);
      expect((await login(app)).statusCode).toBe(429);
      const banned = await login(app);
      expect(banned.statusCode).toBe(403);
      expect(banned.json()).toEqual({ message: AUTH_ERRORS.banned, code: 'ban' });
      const register = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          name: 'Some One',
          email: 'x@example.com',
          password: 'password123',
          confirm_password: 'password123',
        },
        remoteAddress: '10.0.0.1',
      });
      expect(register.statusCode).toBe(403);
      expect((await login(app, '10.0.0.9')).statusCode).toBe(401);
    });

    it('never bans when BAN_VIOLATIONS is false', async () => {
      const app = await start({ LOGIN_MAX: '1', BAN_VIOLATIONS: 'false' });
      for (let i = 0; i < 4; i++) await login(app);
      expect((await login(app)).statusCode).toBe(429);
    });

    if (variant.name === 'Redis') {
      it('shares the counts between two server instances', async () => {
        const one = await start({ LOGIN_MAX: '2' });
        const two = await start({ LOGIN_MAX: '2' });
        expect((await login(one)).statusCode).toBe(401);
        expect((await login(two)).statusCode).toBe(401);
        expect((await login(one)).statusCode).toBe(429);
      });
    }
  });
}

describe('REDIS_KEY_PREFIX', () => {
  let database: Database;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    database = await createTestPglite();
  });
  afterAll(async () => {
    for (const app of apps.splice(0)) await app.close();
    await database.close();
  });

  /** An app that opens its own Redis coordination from the environment, as `npm start` does. */
  async function start(prefix: string): Promise<FastifyInstance> {
    const env: Env = { REDIS_URL, REDIS_KEY_PREFIX: prefix, LOGIN_MAX: '1', LOGIN_WINDOW: '5' };
    const { app } = await buildAppOn(database, { env });
    apps.push(app);
    return app;
  }
  const login = (app: FastifyInstance) =>
    app.inject({ method: 'POST', url: '/api/auth/login', payload: wrong, remoteAddress: '10.0.0.7' });

  it('keeps deployments that share one Redis apart, and instances of one deployment together', async () => {
    const deployment = `parley-test:${randomBytes(6).toString('hex')}:`;
    const [one, two, other] = [
      await start(deployment),
      await start(deployment),
      await start(`${deployment}b:`),
    ];
    expect((await login(one)).statusCode).toBe(401);
    expect((await login(two)).statusCode).toBe(429);
    expect((await login(other)).statusCode).toBe(401);
  });

  it('refuses a prefix with characters outside letters, digits and : _ . -', async () => {
    await expect(start('bad prefix!')).rejects.toThrow(/REDIS_KEY_PREFIX/);
  });
});
