import type { FastifyInstance } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import { AUTH_ERRORS } from '@parley/shared/schemas/auth';
import { buildAppOn, cookiesOf } from '../../test/app-on-database';
import { describeEachEngine } from '../../test/describe-each-engine';
import { RESET_MESSAGES } from './password-reset';

const ada = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  password: 'analytical engine',
  confirm_password: 'analytical engine',
};
const INVALID = { message: AUTH_ERRORS.invalidResetToken, code: 'invalid_reset_token' };

describeEachEngine('password reset without email sending', (_getDb, { getDatabase }) => {
  let app: FastifyInstance | undefined;
  let clock = Date.now();
  afterEach(async () => {
    await app?.close();
    app = undefined;
    clock = Date.now();
  });

  async function start(): Promise<FastifyInstance> {
    ({ app } = await buildAppOn(getDatabase(), {
      env: { DOMAIN_CLIENT: 'http://chat.test' },
      now: () => new Date(clock),
    }));
    return app;
  }
  const post = (url: string, payload?: object, cookie?: string) =>
    app!.inject({ method: 'POST', url, ...(payload ? { payload } : {}), headers: cookie ? { cookie } : {} });

  async function resetLink(email = ada.email): Promise<{ token: string; userId: string }> {
    const response = await post('/api/auth/requestPasswordReset', { email });
    expect(response.statusCode).toBe(200);
    const { link } = response.json() as { link: string };
    const url = new URL(link);
    expect(url.origin + url.pathname).toBe('http://chat.test/reset-password');
    return { token: url.searchParams.get('token') ?? '', userId: url.searchParams.get('userId') ?? '' };
  }
  const reset = (fields: { token: string; userId: string }, password = 'a new password') =>
    post('/api/auth/resetPassword', { ...fields, password, confirm_password: password });

  it('answers the link only for an existing account', async () => {
    await start();
    await post('/api/auth/register', ada);
    const known = await post('/api/auth/requestPasswordReset', { email: 'ADA@example.com' });
    expect(known.json()).toEqual({
      message: RESET_MESSAGES.linkReady,
      link: expect.stringContaining('token='),
    });
    const unknown = await post('/api/auth/requestPasswordReset', { email: 'nobody@example.com' });
    expect(unknown.json()).toEqual({ message: RESET_MESSAGES.noEmail });
  });

  it('resets the password once, ends every session, and the new password signs in', async () => {
    await start();
    const session = cookiesOf(await post('/api/auth/register', ada)).get('refreshToken')?.value;
    const link = await resetLink();
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
