import type { FastifyInstance } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import { AUTH_ERRORS } from '@parley/shared/schemas/auth';
import { passwordResetTokens } from '../db/schema';
import { createUsersService } from '../users/service';
import { buildAppOn, cookiesOf } from '../../test/app-on-database';
import { describeEachEngine } from '../../test/describe-each-engine';
import { RESET_TOKEN_TTL_MS } from './auth-settings';
import { operatorReset } from './operator-reset';
import { issueResetLink, RESET_MESSAGES } from './password-reset';
import { createSessions } from './sessions';

const ada = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  password: 'analytical engine',
  confirm_password: 'analytical engine',
};
const INVALID = { message: AUTH_ERRORS.invalidResetToken, code: 'invalid_reset_token' };

describeEachEngine('password reset without email sending', (getDb, { getDatabase }) => {
  let app: FastifyInstance | undefined;
  let clock = Date.now();
  afterEach(async () => {
    await app?.close();
    app = undefined;
    clock = Date.now();
  });

  async function start(env: Record<string, string> = {}): Promise<FastifyInstance> {
    ({ app } = await buildAppOn(getDatabase(), {
      env: { DOMAIN_CLIENT: 'http://chat.test', RESET_PASSWORD_MAX: '50', ...env },
      now: () => new Date(clock),
    }));
    return app;
  }
  const post = (url: string, payload?: object, cookie?: string) =>
    app!.inject({ method: 'POST', url, ...(payload ? { payload } : {}), headers: cookie ? { cookie } : {} });
  const requestReset = (email: string, remoteAddress = '127.0.0.1') =>
    app!.inject({ method: 'POST', url: '/api/auth/requestPasswordReset', payload: { email }, remoteAddress });

  const deps = () => {
    const now = () => new Date(clock);
    return {
      db: getDb(),
      users: createUsersService(getDb()),
      sessions: createSessions({ db: getDb(), ttlMs: 60_000, now, rotationKey: 'test-rotation-key' }),
      settings: { domainClient: 'http://chat.test' },
      now,
    };
  };
  /** A reset link as the operator's command issues one, with the emailed link's lifetime. */
  async function resetLink(email = ada.email): Promise<{ token: string; userId: string }> {
    const account = await createUsersService(getDb()).findAccountByEmail(email);
    const url = new URL(await issueResetLink(deps(), account?.user.id ?? '', RESET_TOKEN_TTL_MS));
    expect(url.origin + url.pathname).toBe('http://chat.test/reset-password');
    return { token: url.searchParams.get('token') ?? '', userId: url.searchParams.get('userId') ?? '' };
  }
  const reset = (fields: { token: string; userId: string }, password = 'a new password') =>
    post('/api/auth/resetPassword', { ...fields, password, confirm_password: password });

  it('never answers a link, answers a known and an unknown email alike, and stores no token', async () => {
    await start();
    await post('/api/auth/register', ada);
    const known = await requestReset('ADA@example.com');
    const unknown = await requestReset('nobody@example.com');
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: RESET_MESSAGES.disabled });
    expect(unknown.body).toBe(known.body);
    expect(await getDb().select().from(passwordResetTokens)).toEqual([]);
  });

  it('stays off even when ALLOW_PASSWORD_RESET=true, since nothing could send the link', async () => {
    await start({ ALLOW_PASSWORD_RESET: 'true' });
    await post('/api/auth/register', ada);
    expect((await requestReset(ada.email)).json()).toEqual({ message: RESET_MESSAGES.disabled });
    const config = await app!.inject({ method: 'GET', url: '/api/config' });
    expect(config.json()).toMatchObject({ emailEnabled: false, passwordResetEnabled: false });
  });

  it('limits requests per IP and per email address, known or not, with 429 and Retry-After', async () => {
    await start({ RESET_PASSWORD_MAX: '2', RESET_PASSWORD_WINDOW: '2' });
    await post('/api/auth/register', ada);
    // Per IP: the third request from one address is refused, whatever the email.
    expect((await requestReset('a@example.com', '10.0.0.1')).statusCode).toBe(200);
    expect((await requestReset('b@example.com', '10.0.0.1')).statusCode).toBe(200);
    const perIp = await requestReset('c@example.com', '10.0.0.1');
    expect(perIp.statusCode).toBe(429);
    expect(perIp.headers['retry-after']).toBe('120');
    expect(perIp.json()).toEqual({
      message: 'Too many password reset requests, please try again after 2 minutes.',
      code: 'rate_limit',
    });
    // Per email: the third request for one address is refused from any IP, the same for an unknown one.
    for (const email of [ada.email, 'nobody@example.com']) {
      expect((await requestReset(email, '10.0.1.1')).statusCode).toBe(200);
      expect((await requestReset(email.toUpperCase(), '10.0.1.2')).statusCode).toBe(200);
      const perEmail = await requestReset(email, '10.0.1.3');
      expect(perEmail.statusCode).toBe(429);
      expect(Number(perEmail.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('the operator’s link resets the password once, ends every session, and the new password signs in', async () => {
    await start();
    const session = cookiesOf(await post('/api/auth/register', ada)).get('refreshToken')?.value;
    const outcome = await operatorReset(deps(), { email: 'Ada@Example.com' });
    if (!outcome.ok || outcome.kind !== 'link') throw new Error('expected a link');
    const url = new URL(outcome.link);
    const link = { token: url.searchParams.get('token') ?? '', userId: url.searchParams.get('userId') ?? '' };
    const done = await reset(link);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: RESET_MESSAGES.done });

    expect((await post('/api/auth/refresh', undefined, `refreshToken=${session}`)).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: ada.email, password: ada.password })).statusCode).toBe(
      401,
    );
    expect((await post('/api/auth/login', { email: ada.email, password: 'a new password' })).statusCode).toBe(
      200,
    );

    const again = await reset(link, 'yet another one');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(INVALID);
  });

  it('the operator sets a password directly (ending sessions), refuses a short one and an unknown email', async () => {
    await start();
    const session = cookiesOf(await post('/api/auth/register', ada)).get('refreshToken')?.value;
    expect(await operatorReset(deps(), { email: ada.email, password: 'short' })).toEqual({
      ok: false,
      message: 'Password must be at least 8 characters',
    });
    expect(await operatorReset(deps(), { email: 'nobody@example.com' })).toEqual({
      ok: false,
      message: 'No account has the email nobody@example.com.',
    });
    expect(await operatorReset(deps(), { email: ada.email, password: 'set by the operator' })).toEqual({
      ok: true,
      kind: 'password',
      email: ada.email,
    });
    expect((await post('/api/auth/refresh', undefined, `refreshToken=${session}`)).statusCode).toBe(401);
    const login = await post('/api/auth/login', { email: ada.email, password: 'set by the operator' });
    expect(login.statusCode).toBe(200);
  });

  it('refuses a token after 15 minutes', async () => {
    await start();
    await post('/api/auth/register', ada);
    const link = await resetLink();
    clock += 15 * 60 * 1000 + 1000;
    expect((await reset(link)).json()).toEqual(INVALID);
  });

  it('refuses a wrong token, another user’s id, a malformed id, and an earlier token', async () => {
    await start();
    await post('/api/auth/register', ada);
    await post('/api/auth/register', { ...ada, email: 'bob@example.com', name: 'Bob Babbage' });
    const first = await resetLink();
    const bobs = await resetLink('bob@example.com');
    const latest = await resetLink();
    for (const attempt of [
      { ...latest, token: 'x'.repeat(43) },
      { ...latest, userId: bobs.userId },
      { ...latest, userId: 'not-a-uuid' },
      first,
    ]) {
      const response = await reset(attempt);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(INVALID);
    }
    expect((await reset(latest)).statusCode).toBe(200);
  });

  it('answers 400 for an invalid email', async () => {
    await start();
    const response = await post('/api/auth/requestPasswordReset', { email: 'nope' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: { email: 'You must enter a valid email address' } });
  });
});
