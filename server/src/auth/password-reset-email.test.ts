import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { buildAppOn } from '../../test/app-on-database';
import { describeEachEngine } from '../../test/describe-each-engine';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink';
import { createUsersService } from '../users/service';
import { issueResetLink, RESET_MESSAGES } from './password-reset';

const ada = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  password: 'analytical engine',
  confirm_password: 'analytical engine',
};

/** The body of a quoted-printable MIME part, decoded. */
const decodeQuotedPrintable = (text: string): string =>
  text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

describeEachEngine('password reset by email (real SMTP sink)', (getDb, { getDatabase, engine }) => {
  let sink: SmtpSink;
  let app: FastifyInstance | undefined;
  beforeEach(async () => {
    sink = await startSmtpSink();
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
    await sink.close();
  });

  async function start(extra: Record<string, string> = {}): Promise<FastifyInstance> {
    ({ app } = await buildAppOn(getDatabase(), {
      env: {
        ...extra,
        DOMAIN_CLIENT: 'http://chat.test',
        EMAIL_HOST: '127.0.0.1',
        EMAIL_PORT: String(sink.port),
        EMAIL_USERNAME: 'mailer',
        EMAIL_PASSWORD: 'mail-secret',
        EMAIL_FROM: 'noreply@chat.test',
        EMAIL_FROM_NAME: 'Parley',
      },
    }));
    return app;
  }
  const post = (url: string, payload: object) => app!.inject({ method: 'POST', url, payload });

  it('mails a link that resets the password, after which the new password signs in', async () => {
    await start();
    await post('/api/auth/register', ada);
    const response = await post('/api/auth/requestPasswordReset', { email: ada.email });
    expect(response.json()).toEqual({ message: RESET_MESSAGES.emailSent });

    const mail = await sink.waitFor((m) => m.to.includes(ada.email));
    expect(mail.from).toBe('noreply@chat.test');
    expect(mail.auth).toEqual({ username: 'mailer', password: 'mail-secret' });
    const body = decodeQuotedPrintable(mail.raw);
    const href = /http:\/\/chat\.test\/reset-password\?[^\s"<]+/.exec(body)?.[0];
    expect(href).toBeDefined();
    const link = new URL((href ?? '').replaceAll('&amp;', '&'));

    const reset = await post('/api/auth/resetPassword', {
      token: link.searchParams.get('token'),
      userId: link.searchParams.get('userId'),
      password: 'brand new secret',
      confirm_password: 'brand new secret',
    });
    expect(reset.statusCode).toBe(200);
    const login = await post('/api/auth/login', { email: ada.email, password: 'brand new secret' });
    expect(login.statusCode).toBe(200);
    await sink.waitFor((m) => /password was changed/.test(m.raw));
  });

  it('answers an unknown email exactly like a known one and sends nothing', async () => {
    await start();
    await post('/api/auth/register', ada);
    // The unknown email first: its lookup comes before the known one's, which then still stores a token, so a
    // mail for it would connect before the known account's. Once that one is in and the sink has no client
    // left, nothing else is on its way.
    const unknown = await post('/api/auth/requestPasswordReset', { email: 'nobody@example.com' });
    const known = await post('/api/auth/requestPasswordReset', { email: ada.email });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    await sink.waitFor((m) => m.to.includes(ada.email));
    await sink.idle();
    expect(sink.received.map((m) => m.to)).toEqual([[ada.email]]);
  });

  // The structure that makes the timing equal: nothing on the way to the answer reads the account. On
  // PostgreSQL the users table can be locked from outside; both answers must still arrive, and only once
  // the lock is gone does the known account get its mail. PGlite has a single connection: no outside lock.
  it.skipIf(engine !== 'postgres')(
    'answers before looking the account up, so a known email cannot answer later than an unknown one',
    async () => {
      await start();
      await post('/api/auth/register', ada);
      const { driver } = getDatabase();
      if (driver.kind !== 'postgres') throw new Error('expected PostgreSQL');
      const locker = await driver.pool.connect();
      try {
        await locker.query('begin');
        await locker.query('lock table users in access exclusive mode');
        const known = await post('/api/auth/requestPasswordReset', { email: ada.email });
        const unknown = await post('/api/auth/requestPasswordReset', { email: 'nobody@example.com' });
        expect(known.statusCode).toBe(200);
        expect(unknown.body).toBe(known.body);
        expect(sink.received).toEqual([]);
        await locker.query('commit');
      } finally {
        locker.release();
      }
      await sink.waitFor((m) => m.to.includes(ada.email));
    },
  );

  it('sends nothing with ALLOW_PASSWORD_RESET=false and says so, for any email', async () => {
    await start({ ALLOW_PASSWORD_RESET: 'false' });
    await post('/api/auth/register', ada);
    const known = await post('/api/auth/requestPasswordReset', { email: ada.email });
    expect(known.json()).toEqual({ message: RESET_MESSAGES.disabled });
    const unknown = await post('/api/auth/requestPasswordReset', { email: 'nobody@example.com' });
    expect(unknown.body).toBe(known.body);
    const config = await app!.inject({ method: 'GET', url: '/api/config' });
    expect(config.json()).toMatchObject({ emailEnabled: true, passwordResetEnabled: false });
    // A mail sent after the two requests, by the operator's reset link (which works without the emailed
    // reset): once it is in and the sink has no client left, a reset mail those requests had started (it
    // would have connected first) has come in too.
    const account = await createUsersService(getDb()).findAccountByEmail(ada.email);
    const operatorLink = new URL(
      await issueResetLink(
        { db: getDb(), now: () => new Date(), settings: { domainClient: 'http://chat.test' } },
        account?.user.id ?? '',
        60_000,
      ),
    );
    const changed = await post('/api/auth/resetPassword', {
      token: operatorLink.searchParams.get('token'),
      userId: operatorLink.searchParams.get('userId'),
      password: 'brand new secret',
      confirm_password: 'brand new secret',
    });
    expect(changed.statusCode).toBe(200);
    await sink.waitFor((m) => /password was changed/.test(m.raw));
    await sink.idle();
    expect(sink.received).toHaveLength(1);
  });
});
