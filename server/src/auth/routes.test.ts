import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { AUTH_ERRORS, AUTH_MESSAGES } from '@parley/shared/schemas/auth';
import { userSchema } from '@parley/shared/schemas/user';
import type { Env } from '../config/env';
import { buildAppOn, cookiesOf } from '../../test/app-on-database';
import { describeEachEngine } from '../../test/describe-each-engine';
import { tempDir } from '../../test/test-app';

const ada = {
  name: 'Ada Lovelace',
  email: 'Ada@Example.com',
  password: 'analytical engine',
  confirm_password: 'analytical engine',
};
const bob = {
  name: 'Bob Babbage',
  email: 'bob@example.com',
  password: 'difference',
  confirm_password: 'difference',
};

describeEachEngine('auth routes', (getDb, { getDatabase }) => {
  let app: FastifyInstance | undefined;
  let clock = Date.now();
  afterEach(async () => {
    await app?.close();
    app = undefined;
    clock = Date.now();
  });

  async function start(env: Env = {}): Promise<FastifyInstance> {
    ({ app } = await buildAppOn(getDatabase(), { env, now: () => new Date(clock) }));
    return app;
  }
  const post = (url: string, payload?: object, cookie?: string) =>
    app!.inject({ method: 'POST', url, ...(payload ? { payload } : {}), headers: cookie ? { cookie } : {} });
  const refreshCookie = (response: Awaited<ReturnType<typeof post>>) => {
    const value = cookiesOf(response).get('refreshToken')?.value;
    return value ? `refreshToken=${value}` : undefined;
  };

  it('registers, answers {token, user} with the refresh cookie, and the first account is ADMIN', async () => {
    await start();
    const first = await post('/api/auth/register', ada);
    expect(first.statusCode).toBe(200);
    const body = first.json() as { token: string; user: unknown };
    const user = userSchema.parse(body.user);
    expect(user).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      role: 'ADMIN',
      provider: 'local',
    });
    expect(body.token).toMatch(/^ey/);
    expect(first.json()).not.toHaveProperty('user.passwordHash');

    const cookie = cookiesOf(first).get('refreshToken');
    expect(cookie?.value).toMatch(/^[\w-]{43}$/);
    expect(cookie?.attributes.get('path')).toBe('/api/auth');
    expect(cookie?.attributes.has('httponly')).toBe(true);
    expect(cookie?.attributes.get('samesite')).toBe('Strict');
    expect(cookie?.attributes.has('secure')).toBe(false);

    const second = await post('/api/auth/register', bob);
    expect((second.json() as { user: { role: string } }).user.role).toBe('USER');
  });

  it('stores an argon2id hash and only a hash of the refresh token', async () => {
    await start();
    const response = await post('/api/auth/register', ada);
    const { rows } = await getDb().execute<{ password_hash: string }>(sql`select password_hash from users`);
    expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$/);
    const token = cookiesOf(response).get('refreshToken')?.value ?? '';
    const stored = await getDb().execute<{ refresh_token_hash: string }>(
      sql`select refresh_token_hash from sessions`,
    );
    expect(stored.rows[0]?.refresh_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.rows[0]?.refresh_token_hash).not.toContain(token);
  });

  it('marks the refresh cookie Secure when DOMAIN_SERVER is https', async () => {
    await start({ DOMAIN_SERVER: 'https://chat.example.com' });
    const response = await post('/api/auth/register', ada);
    expect(cookiesOf(response).get('refreshToken')?.attributes.has('secure')).toBe(true);
  });

  it('refuses a taken email in any case with 409', async () => {
    await start();
    await post('/api/auth/register', ada);
    const again = await post('/api/auth/register', { ...ada, email: 'ADA@example.COM' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: AUTH_ERRORS.emailTaken });
  });

  it('answers 400 naming each broken SPEC rule', async () => {
    await start();
    const response = await post('/api/auth/register', {
      ...ada,
      name: 'Al',
      confirm_password: 'other thing',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      fields: { name: AUTH_MESSAGES.nameTooShort, confirm_password: AUTH_MESSAGES.passwordsDoNotMatch },
    });
  });

  it('refuses registration with 403 when ALLOW_REGISTRATION is false', async () => {
    await start({ ALLOW_REGISTRATION: 'false' });
    const response = await post('/api/auth/register', ada);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: AUTH_ERRORS.registrationDisabled,
      code: 'registration_disabled',
    });
  });

  it('only lets emails of the YAML allowedDomains register', async () => {
    const dir = tempDir();
    const configPath = join(dir, 'parley.yaml');
    writeFileSync(configPath, 'version: 1.0.8\nregistration:\n  allowedDomains: [Example.com]\n');
    await start({ CONFIG_PATH: configPath });
    const refused = await post('/api/auth/register', { ...bob, email: 'bob@elsewhere.org' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: AUTH_ERRORS.domainNotAllowed, code: 'domain_not_allowed' });
    expect((await post('/api/auth/register', ada)).statusCode).toBe(200);
  });

  it('logs in by email in any case and returns the same user', async () => {
    await start();
    const registered = (await post('/api/auth/register', ada)).json() as { user: { id: string } };
    const response = await post('/api/auth/login', { email: 'ADA@EXAMPLE.COM', password: ada.password });
    expect(response.statusCode).toBe(200);
    expect((response.json() as { user: { id: string } }).user.id).toBe(registered.user.id);
    expect(refreshCookie(response)).toBeDefined();
  });

  it('answers unknown email and wrong password with the same 401', async () => {
    await start();
    await post('/api/auth/register', ada);
    const wrong = await post('/api/auth/login', { email: ada.email, password: 'not the password' });
    const unknown = await post('/api/auth/login', {
      email: 'nobody@example.com',
      password: 'not the password',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.json()).toMatchObject({ message: 'Invalid credentials' });
    expect(cookiesOf(wrong).has('refreshToken')).toBe(false);
  });

  it('refuses email login with 403 when ALLOW_EMAIL_LOGIN is false', async () => {
    await start({ ALLOW_EMAIL_LOGIN: 'false' });
    await post('/api/auth/register', ada);
    const response = await post('/api/auth/login', { email: ada.email, password: ada.password });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'email_login_disabled' });
  });

  it('GET /api/user answers the bearer token’s user, and 401 without one', async () => {
    await start();
    const { token, user } = (await post('/api/auth/register', ada)).json() as {
      token: string;
      user: unknown;
    };
    const me = await app!.inject({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(user);
    const anonymous = await app!.inject({ method: 'GET', url: '/api/user' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Unauthorized' });
  });

  it('refresh rotates the cookie and returns a new access token (also with ?retry=true)', async () => {
    await start();
    const cookie = refreshCookie(await post('/api/auth/register', ada));
    const first = await post('/api/auth/refresh', undefined, cookie);
    expect(first.statusCode).toBe(200);
    const rotated = refreshCookie(first);
    expect(rotated).toBeDefined();
    expect(rotated).not.toBe(cookie);
    expect((first.json() as { user: { email: string } }).user.email).toBe('ada@example.com');
    const retry = await post('/api/auth/refresh?retry=true', undefined, rotated);
    expect(retry.statusCode).toBe(200);
  });

  it('refresh without a cookie or with an unknown one answers 401', async () => {
    await start();
    expect((await post('/api/auth/refresh')).statusCode).toBe(401);
    const unknown = await post('/api/auth/refresh', undefined, 'refreshToken=made-up');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ message: 'Unauthorized', code: 'refresh_invalid' });
  });

  it('a replayed, already-rotated refresh token is refused and ends that session', async () => {
    await start();
    const stolen = refreshCookie(await post('/api/auth/register', ada));
    const legit = refreshCookie(await post('/api/auth/refresh', undefined, stolen));
    clock += 31_000; // past the grace in which the token rotated last still answers (several tabs)
    const replay = await post('/api/auth/refresh', undefined, stolen);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: 'refresh_reused' });
    // The legitimate holder's newer token dies with the session.
    const after = await post('/api/auth/refresh', undefined, legit);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'refresh_revoked' });
  });

  it('keeps two users’ sessions independent', async () => {
    await start();
    const adaCookie = refreshCookie(await post('/api/auth/register', ada));
    const bobCookie = refreshCookie(await post('/api/auth/register', bob));
    await post('/api/auth/refresh', undefined, adaCookie);
    clock += 31_000;
    expect((await post('/api/auth/refresh', undefined, adaCookie)).statusCode).toBe(401);
    const bobs = await post('/api/auth/refresh', undefined, bobCookie);
    expect(bobs.statusCode).toBe(200);
    expect((bobs.json() as { user: { email: string } }).user.email).toBe('bob@example.com');
    await post('/api/auth/logout', undefined, refreshCookie(bobs));
    const adaAgain = await post('/api/auth/login', { email: ada.email, password: ada.password });
    expect((await post('/api/auth/refresh', undefined, refreshCookie(adaAgain))).statusCode).toBe(200);
  });

  it('refuses a refresh token once its session has expired', async () => {
    await start({ REFRESH_TOKEN_EXPIRY: '1000 * 60' });
    const cookie = refreshCookie(await post('/api/auth/register', ada));
    clock += 61_000;
    const response = await post('/api/auth/refresh', undefined, cookie);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'refresh_expired' });
  });

  it('logout revokes the session and clears the cookie; without a cookie it still answers 200', async () => {
    await start();
    const cookie = refreshCookie(await post('/api/auth/register', ada));
    const response = await post('/api/auth/logout', undefined, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Logout successful' });
    const cleared = cookiesOf(response).get('refreshToken');
    expect(cleared?.value).toBe('');
    expect(cleared?.attributes.get('path')).toBe('/api/auth');
    expect((await post('/api/auth/refresh', undefined, cookie)).statusCode).toBe(401);
    expect((await post('/api/auth/logout')).statusCode).toBe(200);
  });

  it('issues access tokens that live SESSION_EXPIRY milliseconds', async () => {
    await start({ SESSION_EXPIRY: '1000 * 60 * 2' });
    const { token } = (await post('/api/auth/register', ada)).json() as { token: string };
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
      iat: number;
      exp: number;
    };
    expect(payload.exp - payload.iat).toBe(120);
  });
});
