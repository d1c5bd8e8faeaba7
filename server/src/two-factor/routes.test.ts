import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TWO_FACTOR_ERRORS } from '@parley/shared/schemas/two-factor';
import { buildAppOn, cookiesOf } from '../../test/app-on-database';
import { describeEachEngine } from '../../test/describe-each-engine';
import { createTestUser, type TestUser } from '../../test/test-users';
import type { AppConfig } from '../config/app-config';
import type { Env } from '../config/env';
import type { Database } from '../db/client';
import { totpCodeAt, TOTP_PERIOD_MS } from './totp';

describeEachEngine('two-factor sign-in', (_getDb, { getDatabase }) => {
  // The injected clock: TOTP steps and temp-token expiry follow it (1 s into a step, never on an edge).
  let nowMs = Math.floor(Date.now() / TOTP_PERIOD_MS) * TOTP_PERIOD_MS + 1000;
  const now = () => new Date(nowMs);
  const nextStep = (steps = 1) => {
    nowMs += steps * TOTP_PERIOD_MS;
  };
  const env: Env = { LOGIN_MAX: '1000' };
  let app: FastifyInstance;
  let config: AppConfig;
  let database: Database;
  const extraApps: FastifyInstance[] = [];
  beforeAll(async () => {
    ({ app, config, database } = await buildAppOn(getDatabase(), { env, now }));
  });
  afterAll(async () => {
    await Promise.all(extraApps.splice(0).map((extra) => extra.close()));
    await app.close();
  });
  const appWith = async (extraEnv: Env) => {
    const built = await buildAppOn(getDatabase(), { env: { ...env, ...extraEnv }, now });
    extraApps.push(built.app);
    return built.app;
  };

  /** The first user of each test's (emptied) database is ADMIN, every later one USER. */
  const newUser = () => createTestUser({ database, config });
  const post = (url: string, payload: object, headers: Record<string, string> = {}, on = app) =>
    on.inject({ method: 'POST', url, payload, headers });
  const login = (user: TestUser, on = app) =>
    post('/api/auth/login', { email: user.user.email, password: user.password }, {}, on);
  const code = (secret: string, offsetSteps = 0) => totpCodeAt(secret, nowMs + offsetSteps * TOTP_PERIOD_MS);

  /** Enables and confirms two-factor sign-in for `user`; the clock moves on a step (the code is used). */
  async function enableFor(user: TestUser) {
    const enabled = await post('/api/auth/2fa/enable', { password: user.password }, user.headers);
    expect(enabled.statusCode, enabled.body).toBe(200);
    const { secret, backupCodes, otpauthUrl } = enabled.json<{
      secret: string;
      backupCodes: string[];
      otpauthUrl: string;
    }>();
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(backupCodes).toHaveLength(10);
    const confirmed = await post('/api/auth/2fa/confirm', { token: code(secret) }, user.headers);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    nextStep();
    return { secret, backupCodes };
  }

  async function pendingSignIn(user: TestUser, on = app): Promise<string> {
    const response = await login(user, on);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ twoFAPending: true, tempToken: expect.any(String) });
    expect(cookiesOf(response).has('refreshToken')).toBe(false);
    return response.json<{ tempToken: string }>().tempToken;
  }
  const verifyTemp = (payload: object, on = app) => post('/api/auth/2fa/verify-temp', payload, {}, on);

  it('signs in without a second step until it is confirmed, then asks for a code', async () => {
    const user = await newUser();
    const started = await post('/api/auth/2fa/enable', { password: user.password }, user.headers);
    expect(started.statusCode).toBe(200);
    // Pending: the password alone still signs in.
    expect((await login(user)).json()).toHaveProperty('token');
    const status = await app.inject({ method: 'GET', url: '/api/auth/2fa', headers: user.headers });
    expect(status.json()).toEqual({ enabled: false, backupCodesLeft: 0 });

    const { secret } = started.json<{ secret: string }>();
    const wrong = await post('/api/auth/2fa/confirm', { token: code(secret, 3) }, user.headers);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: TWO_FACTOR_ERRORS.invalidCode, code: 'invalid_2fa_code' });
    expect((await post('/api/auth/2fa/confirm', { token: code(secret) }, user.headers)).statusCode).toBe(200);
    const after = await app.inject({ method: 'GET', url: '/api/auth/2fa', headers: user.headers });
    expect(after.json()).toEqual({ enabled: true, backupCodesLeft: 10 });
    nextStep();

    const tempToken = await pendingSignIn(user);
    const signedIn = await verifyTemp({ tempToken, token: code(secret) });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({ token: expect.any(String), user: { id: user.user.id } });
    expect(cookiesOf(signedIn).get('refreshToken')?.value).toBeTruthy();
    // The access token works.
    const me = await app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: `Bearer ${signedIn.json<{ token: string }>().token}` },
    });
    expect(me.statusCode).toBe(200);
  });

  it('refuses a wrong password on enable, and a second enable while it is on', async () => {
    const user = await newUser();
    const wrong = await post('/api/auth/2fa/enable', { password: 'not the password' }, user.headers);
    expect(wrong.statusCode).toBe(400);
    expect((await post('/api/auth/2fa/enable', { password: user.password }, {})).statusCode).toBe(401);
    await enableFor(user);
    const again = await post('/api/auth/2fa/enable', { password: user.password }, user.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'two_factor_enabled' });
  });

  it('stores the secret encrypted and the backup codes hashed', async () => {
    const user = await newUser();
    const { secret, backupCodes } = await enableFor(user);
    const stored = await getDatabase().db.execute(
      sql`select secret_encrypted from user_two_factor where user_id = ${user.user.id}`,
    );
    const rows = ('rows' in stored ? stored.rows : stored) as { secret_encrypted: string }[];
    expect(rows).toHaveLength(1);
    expect(rows[0]?.secret_encrypted).toMatch(/^v1:/);
    expect(rows[0]?.secret_encrypted).not.toContain(secret);
    const codes = await getDatabase().db.execute(
      sql`select code_hash from user_two_factor_backup_codes where user_id = ${user.user.id}`,
    );
    const hashes = (('rows' in codes ? codes.rows : codes) as { code_hash: string }[]).map(
      (r) => r.code_hash,
    );
    expect(hashes).toHaveLength(10);
    for (const backupCode of backupCodes) {
      expect(hashes.some((hash) => hash.includes(backupCode.replace('-', '')))).toBe(false);
    }
  });

  it('accepts a code one step either side, never two, and never the same step twice', async () => {
    const user = await newUser();
    const { secret } = await enableFor(user);
    nextStep(); // the step before now is one not used yet
    const tempToken = await pendingSignIn(user);
    expect((await verifyTemp({ tempToken, token: code(secret, -2) })).statusCode).toBe(401);
    expect((await verifyTemp({ tempToken, token: code(secret, 2) })).statusCode).toBe(401);
    const late = await verifyTemp({ tempToken, token: code(secret, -1) });
    expect(late.statusCode, late.body).toBe(200);

    // The code just used (and any earlier one) is refused on the next sign-in, even within its window.
    const replay = await verifyTemp({ tempToken: await pendingSignIn(user), token: code(secret, -1) });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ message: TWO_FACTOR_ERRORS.invalidCode });
    const early = await verifyTemp({ tempToken: await pendingSignIn(user), token: code(secret, 1) });
    expect(early.statusCode, early.body).toBe(200);
    const sameStepAgain = await verifyTemp({ tempToken: await pendingSignIn(user), token: code(secret, 1) });
    expect(sameStepAgain.statusCode).toBe(401);
  });

  it('takes a temp token once, for 5 minutes, and never as an access token', async () => {
    const user = await newUser();
    const { secret } = await enableFor(user);
    const tempToken = await pendingSignIn(user);
    expect((await verifyTemp({ tempToken, token: code(secret) })).statusCode).toBe(200);
    nextStep();
    const twice = await verifyTemp({ tempToken, token: code(secret) });
    expect(twice.statusCode).toBe(401);
    expect(twice.json()).toMatchObject({ code: 'invalid_temp_token' });

    const expiring = await pendingSignIn(user);
    nowMs += 5 * 60_000 + 1000;
    const expired = await verifyTemp({ tempToken: expiring, token: code(secret) });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ code: 'invalid_temp_token' });

    const unused = await pendingSignIn(user);
    const asAccess = await app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: `Bearer ${unused}` },
    });
    expect(asAccess.statusCode).toBe(401);
    expect((await verifyTemp({ tempToken: user.token, token: code(secret) })).statusCode).toBe(401);
  });

  it('answers 429 after 5 wrong codes in 5 minutes, even to the right code, until the window ends', async () => {
    const user = await newUser();
    const { secret } = await enableFor(user);
    const tempToken = await pendingSignIn(user);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await verifyTemp({ tempToken, token: code(secret, 5 + attempt) });
      expect(wrong.statusCode).toBe(401);
    }
    const locked = await verifyTemp({ tempToken, token: code(secret) });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'too_many_2fa_attempts' });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await verifyTemp({ tempToken, backupCode: 'AAAAA-AAAAA' })).statusCode).toBe(429);
    // The lock is the user's, in Settings too.
    const disable = await post(
      '/api/auth/2fa/disable',
      { password: user.password, token: code(secret) },
      user.headers,
    );
    expect(disable.statusCode).toBe(429);
  });

  it('takes each backup code once, and no longer after new ones are made', async () => {
    const user = await newUser();
    const { secret, backupCodes } = await enableFor(user);
    const [first = '', second = ''] = backupCodes;
    // Typed in lower case without the dash, it is the same code.
    const typed = first.toLowerCase().replace('-', '');
    expect((await verifyTemp({ tempToken: await pendingSignIn(user), backupCode: typed })).statusCode).toBe(
      200,
    );
    const again = await verifyTemp({ tempToken: await pendingSignIn(user), backupCode: first });
    expect(again.statusCode).toBe(401);
    const status = await app.inject({ method: 'GET', url: '/api/auth/2fa', headers: user.headers });
    expect(status.json()).toEqual({ enabled: true, backupCodesLeft: 9 });

    const regenerated = await post('/api/auth/2fa/backup/regenerate', { token: code(secret) }, user.headers);
    expect(regenerated.statusCode, regenerated.body).toBe(200);
    const fresh = regenerated.json<{ backupCodes: string[] }>().backupCodes;
    expect(fresh).toHaveLength(10);
    expect((await verifyTemp({ tempToken: await pendingSignIn(user), backupCode: second })).statusCode).toBe(
      401,
    );
    expect(
      (await verifyTemp({ tempToken: await pendingSignIn(user), backupCode: fresh[0] })).statusCode,
    ).toBe(200);
  });

  it('turns off only with the password and a code or a backup code', async () => {
    const user = await newUser();
    const { secret, backupCodes } = await enableFor(user);
    const disable = (payload: object) => post('/api/auth/2fa/disable', payload, user.headers);
    expect((await disable({ password: 'wrong password', token: code(secret) })).statusCode).toBe(400);
    expect((await disable({ password: user.password })).statusCode).toBe(400);
    const wrongCode = await disable({ password: user.password, token: code(secret, 4) });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json()).toMatchObject({ code: 'invalid_2fa_code' });
    expect((await disable({ password: user.password, backupCode: backupCodes[3] })).statusCode).toBe(200);
    const signedIn = await login(user);
    expect(signedIn.json()).toHaveProperty('token');
    expect(cookiesOf(signedIn).has('refreshToken')).toBe(true);
    expect((await disable({ password: user.password, token: code(secret) })).json()).toMatchObject({
      code: 'two_factor_not_enabled',
    });
  });

  it('REQUIRE_2FA=admins sends admins without it to set it up first; users sign in as before', async () => {
    const strict = await appWith({ REQUIRE_2FA: 'admins' });
    const admin = await newUser();
    const user = await newUser();
    expect((await login(user, strict)).json()).toHaveProperty('token');

    const first = await login(admin, strict);
    expect(first.json()).toEqual({ twoFASetupRequired: true, tempToken: expect.any(String) });
    expect(cookiesOf(first).has('refreshToken')).toBe(false);
    const { tempToken } = first.json<{ tempToken: string }>();
    // A setup temp token is not a sign-in one, nor an access token.
    expect((await verifyTemp({ tempToken, token: '000000' }, strict)).statusCode).toBe(401);
    const enabled = await post('/api/auth/2fa/enable', { tempToken }, {}, strict);
    expect(enabled.statusCode, enabled.body).toBe(200);
    const { secret } = enabled.json<{ secret: string }>();
    const confirmed = await post('/api/auth/2fa/confirm', { token: code(secret), tempToken }, {}, strict);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ token: expect.any(String), user: { id: admin.user.id } });
    expect(cookiesOf(confirmed).get('refreshToken')?.value).toBeTruthy();
    nextStep();
    const reused = await post('/api/auth/2fa/confirm', { token: code(secret), tempToken }, {}, strict);
    expect(reused.statusCode).toBe(401);

    // From now on the admin signs in with a code, like anyone with it on.
    const pending = await pendingSignIn(admin, strict);
    expect((await verifyTemp({ tempToken: pending, token: code(secret) }, strict)).statusCode).toBe(200);
  });

  it('REQUIRE_2FA=all asks every user without it; off (the default) asks nobody', async () => {
    const all = await appWith({ REQUIRE_2FA: 'all' });
    await newUser();
    const user = await newUser();
    expect((await login(user, all)).json()).toEqual({
      twoFASetupRequired: true,
      tempToken: expect.any(String),
    });
    expect((await login(user)).json()).toHaveProperty('token');
    const { tempToken } = (await login(user, all)).json<{ tempToken: string }>();
    nowMs += 16 * 60_000;
    expect((await post('/api/auth/2fa/enable', { tempToken }, {}, all)).statusCode).toBe(401);
  });
});
