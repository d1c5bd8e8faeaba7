import { startTestOidcProvider, type TestOidcProvider } from '../../server/test/test-oidc-provider';
import { expect, snapshot, test } from '../support/fixtures';
import { freePort, startParley, type ParleyServer } from '../support/parley-server';

// A real OpenID provider (oidc-provider) that signs in a fixed person without a login form.
test.describe('signing in with OpenID Connect', () => {
  let oidc: TestOidcProvider;
  let parley: ParleyServer;

  test.beforeAll(async () => {
    const port = await freePort();
    oidc = await startTestOidcProvider({
      clients: [
        {
          clientId: 'parley-e2e',
          clientSecret: 'parley-e2e-secret',
          redirectUri: `http://127.0.0.1:${port}/oauth/openid/callback`,
        },
      ],
      account: {
        sub: 'oidc-user-1',
        email: 'ada@example.com',
        email_verified: true,
        name: 'Ada Lovelace',
        preferred_username: 'ada',
      },
    });
    parley = await startParley(
      {
        ALLOW_SOCIAL_LOGIN: 'true',
        ALLOW_SOCIAL_REGISTRATION: 'true',
        OPENID_ISSUER: oidc.issuer,
        OPENID_CLIENT_ID: 'parley-e2e',
        OPENID_CLIENT_SECRET: 'parley-e2e-secret',
        OPENID_BUTTON_LABEL: 'Company SSO',
      },
      { port },
    );
  });

  test.afterAll(async () => {
    await parley?.stop();
    await oidc?.close();
  });

  test('the OpenID button signs in through the provider and lands on /c/new', async ({ page }) => {
    await page.goto(`${parley.url}/login`);
    const button = page.getByRole('link', { name: /Company SSO/ });
    await expect(button).toBeVisible();
    await button.click();
    await expect(page).toHaveURL(`${parley.url}/c/new`);
    // Signed in: a reload keeps the session (silent refresh with the cookie the callback set).
    await page.reload();
    await expect(page).toHaveURL(`${parley.url}/c/new`);
    await expect(
      page.getByRole('button', { name: /ada@example\.com|Ada Lovelace|ada/i }).first(),
    ).toBeVisible();
    await snapshot(page, 'openid-signed-in');
  });
});
