import type { APIRequestContext } from '@playwright/test';
import {
  createAccount,
  logInThroughForm,
  newAccount,
  userMenuButton,
  type Account,
} from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { startParley } from '../support/parley-server';

/** Short enough that every round below starts with expired access tokens in every tab. */
const ACCESS_TOKEN_MS = 3_000;
const TABS = 4;
const ROUNDS = 3;

/**
 * Waits until an access token issued now is refused (401): every token the tabs were given before has
 * expired too. The server's answer is the signal, not a sleep as long as a token's life.
 */
async function accessTokensExpired(request: APIRequestContext, url: string, account: Account): Promise<void> {
  const login = await request.post(`${url}/api/auth/login`, {
    data: { email: account.email, password: account.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  expect((await request.get(`${url}/api/user`, { headers })).status()).toBe(200);
  await expect
    .poll(async () => (await request.get(`${url}/api/user`, { headers })).status(), {
      timeout: ACCESS_TOKEN_MS + 30_000,
    })
    .toBe(401);
}

// Issue 11: four tabs opened together each refreshed the session with the same cookie, and the server took
// the second refresh for a stolen token, so tabs ended on /login. The tabs now refresh in turn (Web Lock)
// and the server answers a just-rotated token within its grace window.
test('four tabs opened together with an expiring access token all stay signed in', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const server = await startParley({ SESSION_EXPIRY: String(ACCESS_TOKEN_MS) });
  const context = await browser.newContext({ baseURL: server.url });
  try {
    const account = newAccount('tabs');
    await createAccount(request, server.url, account);
    const login = await context.newPage();
    await login.goto('/login');
    await logInThroughForm(login, account.email, account.password);
    await expect(userMenuButton(login, account)).toBeVisible();
    await login.close();

    const tabs = await Promise.all(Array.from({ length: TABS }, () => context.newPage()));
    const refreshes: number[] = [];
    for (const tab of tabs) {
      tab.on('response', (response) => {
        if (response.url().endsWith('/api/auth/refresh')) refreshes.push(response.status());
      });
    }
    for (let round = 0; round < ROUNDS; round += 1) {
      // Past the access token's life: every tab has to refresh, and all of them at the same moment.
      await accessTokensExpired(request, server.url, account);
      await Promise.all(tabs.map((tab) => (round === 0 ? tab.goto('/c/new') : tab.reload())));
      for (const tab of tabs) {
        await expect(userMenuButton(tab, account)).toBeVisible({ timeout: 20_000 });
        await expect(tab).toHaveURL(/\/c\/new$/);
      }
    }
    expect(refreshes.length).toBeGreaterThanOrEqual(TABS * ROUNDS);
    expect(refreshes.filter((status) => status !== 200)).toEqual([]);

    // The session survived: a tab opened afterwards is still signed in.
    const later = await context.newPage();
    await later.goto('/c/new');
    await expect(userMenuButton(later, account)).toBeVisible({ timeout: 20_000 });
  } finally {
    await context.close();
    await server.stop();
  }
});
