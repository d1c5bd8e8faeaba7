import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { startupConfigSchema } from '@parley/shared/schemas/startup-config';
import type { Env } from '../config/env';
import { buildAppOn } from '../../test/app-on-database';
import { captureLogs } from '../../test/faults/captured-logs';
import { describeEachEngine } from '../../test/describe-each-engine';
import { TestBrowser } from '../../test/test-browser';
import { startTestOidcProvider, type TestOidcProvider } from '../../test/test-oidc-provider';
import { createTestUser } from '../../test/test-users';

const APP = 'http://parley.test';
const alice = {
  sub: 'alice-sub-123',
  email: 'Alice@Example.com',
  email_verified: true,
  name: 'Alice Liddell',
  preferred_username: 'alice',
};

describeEachEngine('social login', (_getDb, { getDatabase }) => {
  let oidc: TestOidcProvider;
  let app: FastifyInstance | undefined;
  const opened: FastifyInstance[] = [];
  // What the app logged (from warn up): a sign-in that ends elsewhere than expected says why.
  const logs = captureLogs('warn');
  const logged = () => logs.lines.join('\n') || 'nothing logged';
  beforeAll(async () => {
    oidc = await startTestOidcProvider({
      account: alice,
      clients: [
        { clientId: 'parley', clientSecret: 'parley-secret', redirectUri: `${APP}/oauth/openid/callback` },
        {
          clientId: 'parley-google',
          clientSecret: 'google-secret',
          redirectUri: `${APP}/oauth/google/callback`,
        },
      ],
    });
  });
  afterAll(() => oidc.close());
  afterEach(async () => {
    for (const each of opened.splice(0)) await each.close();
    app = undefined;
    oidc.account = alice;
  });

  async function start(env: Env = {}): Promise<TestBrowser> {
    ({ app } = await buildAppOn(getDatabase(), {
      env: {
        DOMAIN_SERVER: APP,
        ALLOW_SOCIAL_LOGIN: 'true',
        ALLOW_SOCIAL_REGISTRATION: 'true',
        OPENID_ISSUER: oidc.issuer,
        OPENID_CLIENT_ID: 'parley',
        OPENID_CLIENT_SECRET: 'parley-secret',
        GOOGLE_CLIENT_ID: 'parley-google',
        GOOGLE_CLIENT_SECRET: 'google-secret',
        GOOGLE_AUTHORIZATION_URL: `${oidc.issuer}/auth`,
        GOOGLE_TOKEN_URL: `${oidc.issuer}/token`,
        GOOGLE_USERINFO_URL: `${oidc.issuer}/me`,
        ...env,
      },
      logger: logs.logger,
    }));
    opened.push(app);
    return new TestBrowser(app, APP);
  }

  /** Signs in through the provider; returns where the app finally sent the browser. */
  async function signIn(browser: TestBrowser, provider = 'openid'): Promise<string> {
    const hops = await browser.follow(
      `${APP}/oauth/${provider}`,
      (next) => !next.startsWith(`${APP}/oauth/`) && next.startsWith(APP),
    );
    return hops[hops.length - 1]?.url ?? '';
  }
  async function refreshWith(browser: TestBrowser) {
    const cookie = browser.cookie(APP, 'refreshToken');
    const response = await app!.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { cookie: `refreshToken=${cookie}` },
    });
    return {
      status: response.statusCode,
      body: response.json() as { token: string; user: Record<string, unknown> },
    };
  }

  it('OpenID: the authorization-code flow ends at /c/new with a refresh cookie for a new account', async () => {
    const browser = await start();
    const first = await browser.get(`${APP}/oauth/openid`);
    expect(first.status).toBe(302);
    const authorize = new URL(first.location ?? '');
    expect(authorize.origin).toBe(oidc.issuer);
    for (const param of ['state', 'nonce', 'code_challenge'])
      expect(authorize.searchParams.get(param)).toBeTruthy();
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');

    expect(await signIn(browser), logged()).toBe(`${APP}/c/new`);
    const { status, body } = await refreshWith(browser);
    expect(status).toBe(200);
    expect(body.user).toMatchObject({
      email: 'alice@example.com',
      name: 'Alice Liddell',
      username: 'alice',
      provider: 'openid',
    });
  });

  it('OpenID: a second sign-in finds the same account by its provider id', async () => {
    const browser = await start();
    expect(await signIn(browser), logged()).toBe(`${APP}/c/new`);
    const first = await refreshWith(browser);
    expect(first.status, logged()).toBe(200);
    const firstId = first.body.user.id;
    oidc.account = { ...alice, email: 'alice.new@example.com' };
    const again = await start();
    expect(await signIn(again), logged()).toBe(`${APP}/c/new`);
    expect((await refreshWith(again)).body.user.id).toBe(firstId);
  });

  it('OpenID: a tampered state is refused with /login?error=invalid_state and no session', async () => {
    const browser = await start();
    const hops = await browser.follow(`${APP}/oauth/openid`, (next) =>
      next.startsWith(`${APP}/oauth/openid/callback`),
    );
    const callback = new URL(hops[hops.length - 1]?.url ?? '');
    expect(callback.searchParams.get('code')).toBeTruthy();
    callback.searchParams.set('state', `${callback.searchParams.get('state')}x`);
    const refused = await browser.get(callback.toString());
    expect(refused.status).toBe(302);
    expect(refused.location).toBe(`${APP}/login?error=invalid_state`);
    expect(browser.cookie(APP, 'refreshToken')).toBeUndefined();
  });

  it('refuses a callback from a browser that did not start the login', async () => {
    const browser = await start();
    const hops = await browser.follow(`${APP}/oauth/openid`, (next) =>
      next.startsWith(`${APP}/oauth/openid/callback`),
    );
    const stranger = new TestBrowser(app!, APP);
    const refused = await stranger.get(hops[hops.length - 1]?.url ?? '');
    expect(refused.location).toBe(`${APP}/login?error=invalid_state`);
  });

  it('links an existing account with the same verified email instead of creating one', async () => {
    const browser = await start({ ALLOW_SOCIAL_REGISTRATION: 'false' });
    const { user } = await createTestUser(getDatabase(), { email: 'alice@example.com', name: 'Local Alice' });
    expect(await signIn(browser), logged()).toBe(`${APP}/c/new`);
    expect((await refreshWith(browser)).body.user).toMatchObject({ id: user.id, provider: 'local' });
  });

  it('refuses to create an account when ALLOW_SOCIAL_REGISTRATION is off', async () => {
    const browser = await start({ ALLOW_SOCIAL_REGISTRATION: 'false' });
    expect(await signIn(browser)).toBe(`${APP}/login?error=registration_disabled`);
  });

  it('refuses an unverified email', async () => {
    oidc.account = { ...alice, email_verified: false };
    const browser = await start();
    expect(await signIn(browser)).toBe(`${APP}/login?error=email_not_verified`);
  });

  it('OAuth2 (Google with overridden endpoints): code + PKCE, userinfo, session', async () => {
    const browser = await start();
    const first = await browser.get(`${APP}/oauth/google`);
    expect(new URL(first.location ?? '').searchParams.get('code_challenge')).toBeTruthy();
    expect(await signIn(browser, 'google'), logged()).toBe(`${APP}/c/new`);
    expect((await refreshWith(browser)).body.user).toMatchObject({
      email: 'alice@example.com',
      provider: 'google',
    });
  });

  it('sends a provider error back to /login?error=auth_failed', async () => {
    const browser = await start();
    const first = await browser.get(`${APP}/oauth/openid`);
    const state = new URL(first.location ?? '').searchParams.get('state') ?? '';
    const refused = await browser.get(`${APP}/oauth/openid/callback?error=access_denied&state=${state}`);
    expect(refused.location).toBe(`${APP}/login?error=auth_failed`);
  });

  it('answers 404 for providers that are not enabled, consistently with GET /api/config', async () => {
    const browser = await start({ ALLOW_SOCIAL_LOGIN: 'false' });
    expect((await browser.get(`${APP}/oauth/openid`)).status).toBe(404);
    expect((await browser.get(`${APP}/oauth/openid/callback?code=x&state=y`)).status).toBe(404);
    const config = startupConfigSchema.parse(
      (await app!.inject({ method: 'GET', url: '/api/config' })).json(),
    );
    expect(config.socialLoginEnabled).toBe(false);

    const enabled = await start();
    expect((await enabled.get(`${APP}/oauth/github`)).status).toBe(404);
    expect((await enabled.get(`${APP}/oauth/myspace`)).status).toBe(404);
    const on = startupConfigSchema.parse((await app!.inject({ method: 'GET', url: '/api/config' })).json());
    expect(on).toMatchObject({
      socialLoginEnabled: true,
      openidLoginEnabled: true,
      githubLoginEnabled: false,
    });
  });
});
