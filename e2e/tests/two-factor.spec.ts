import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { logInThroughForm, newAccount, userMenuButton, type Account } from '../support/accounts';
import { journeyTest as test, snapshot, sized, VIEWPORTS, COLOR_SCHEMES } from '../support/fixtures';
import { expectApart, expectNoSidewaysScroll, expectShown } from '../support/layout';
import { startParley, type ParleyServer } from '../support/parley-server';
import { expectToastShown } from '../support/toasts';

// A server of its own: its first account is the administrator who resets the user's two-factor sign-in.
let server: ParleyServer;
let admin: Account;
test.beforeAll(async ({ playwright }) => {
  server = await startParley();
  admin = newAccount('admin');
  await register(playwright.request, admin);
});
test.afterAll(() => server?.stop());

async function register(
  request: { newContext: () => Promise<APIRequestContext> },
  account: Account,
): Promise<string> {
  const context = await request.newContext();
  const response = await context.post(`${server.url}/api/auth/register`, {
    data: { ...account, confirm_password: account.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { user } = (await response.json()) as { user: { id: string } };
  await context.dispose();
  return user.id;
}

/** The code an authenticator app shows for the key on screen, `stepsAhead` steps from now. */
function codeFor(key: string, stepsAhead = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(key.replace(/\s/g, '')), digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

async function openAccount(page: Page, account: Account): Promise<Locator> {
  await userMenuButton(page, account).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('tab', { name: 'Account' }).click();
  return settings;
}

async function logOut(page: Page, account: Account): Promise<void> {
  await userMenuButton(page, account).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/**
 * Signs the account in through the form and turns two-factor sign-in on in Settings (on a phone the sidebar
 * is opened for the user menu); answers the key and the backup codes shown.
 */
async function enableInSettings(
  page: Page,
  account: Account,
  options: { shot?: string; phone?: boolean } = {},
) {
  const { shot, phone = false } = options;
  await page.goto(`${server.url}/login`);
  await logInThroughForm(page, account.email, account.password);
  if (phone) await page.getByRole('button', { name: 'Open sidebar' }).click();
  await expect(userMenuButton(page, account)).toBeVisible();
  const settings = await openAccount(page, account);
  await expect(settings.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await settings.getByLabel('Password', { exact: true }).fill(account.password);
  await settings.getByRole('button', { name: 'Set up two-factor sign-in' }).click();

  const qr = settings.getByRole('img', { name: 'QR code for your authenticator app' });
  const key = settings.getByLabel('Key', { exact: true });
  const codes = settings.getByTestId('backup-codes').getByRole('listitem');
  await expect(qr).toBeVisible();
  await expect(key).toHaveText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
  await expect(codes).toHaveCount(10);
  const backupCodes = await codes.allTextContents();
  for (const code of backupCodes) expect(code).toMatch(/^[A-Z0-9]{5}-[A-Z0-9]{5}$/);
  const secret = (await key.textContent()) ?? '';
  const confirmField = settings.getByLabel('The code your app shows now');
  for (const part of [qr, key, codes.first(), confirmField]) await expectShown(part);
  await expectApart(qr, key);
  await expectNoSidewaysScroll(page);
  if (shot) {
    await qr.scrollIntoViewIfNeeded();
    await snapshot(page, `${shot}-setup`);
  }

  await confirmField.fill(codeFor(secret));
  await settings.getByRole('button', { name: 'Turn on', exact: true }).click();
  await expect(settings.getByText('Two-factor sign-in is on.', { exact: true }).first()).toBeVisible();
  await expect(settings.getByText('Backup codes left: 10')).toBeVisible();
  await expect(qr).toBeHidden();
  if (shot) {
    await settings.getByRole('heading', { name: 'Two-factor sign-in' }).scrollIntoViewIfNeeded();
    await snapshot(page, `${shot}-on`);
  }
  await settings.getByRole('button', { name: 'Close' }).click();
  return { secret, backupCodes };
}

test('a user turns two-factor sign-in on, signs in with a code, then a backup code; an admin resets it', async ({
  page,
  playwright,
}) => {
  // Three sign-ins and the admin console's reset: a long journey.
  test.slow();
  const user = newAccount('2fa');
  await register(playwright.request, user);
  const { secret, backupCodes } = await enableInSettings(page, user);
  await logOut(page, user);

  // Password, then a code: a wrong one is refused with a message, the app's next one signs in.
  await logInThroughForm(page, user.email, user.password);
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  const codeField = page.getByLabel('Code from your app or a backup code');
  await codeField.fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText('The code is not correct or was already used.');
  // The step after the one used to turn it on: accepted (±1 step), never used before.
  await codeField.fill(codeFor(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(userMenuButton(page, user)).toBeVisible();
  await expect(page).toHaveURL(/\/c\/new$/);
  await logOut(page, user);

  // Password, then a backup code (typed in lower case); it is spent.
  const [firstBackupCode = ''] = backupCodes;
  await logInThroughForm(page, user.email, user.password);
  await page.getByLabel('Code from your app or a backup code').fill(firstBackupCode.toLowerCase());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(userMenuButton(page, user)).toBeVisible();
  let settings = await openAccount(page, user);
  await expect(settings.getByText('Backup codes left: 9')).toBeVisible();
  await settings.getByRole('button', { name: 'Close' }).click();
  await logOut(page, user);

  // An administrator resets it in the Users tab of the admin console, after a confirmation; it is audited.
  await logInThroughForm(page, admin.email, admin.password);
  await userMenuButton(page, admin).click();
  await page.getByRole('menuitem', { name: 'Admin' }).click();
  await expect(page.getByRole('heading', { name: 'Administration' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(user.email);
  const row = page.getByTestId('admin-user-row').filter({ hasText: user.email });
  await expect(page.getByTestId('admin-user-row')).toHaveCount(1);
  await row.getByRole('button', { name: `Actions for ${user.email}` }).click();
  await page.getByRole('menuitem', { name: 'Reset two-factor' }).click();
  const confirm = page.getByRole('dialog', { name: 'Reset two-factor sign-in?' });
  await expect(confirm).toContainText(`${user.email} will sign in with the password alone`);
  for (const [size, colorScheme] of [
    ['mobile', 'light'],
    ['mobile', 'dark'],
    ['desktop', 'light'],
    ['desktop', 'dark'],
  ] as const) {
    await sized(page, size, colorScheme);
    await expectShown(confirm.getByRole('button', { name: 'Reset two-factor' }));
    await expectNoSidewaysScroll(page);
    await snapshot(page, `two-factor-admin-reset-${size}-${colorScheme}`);
  }
  await confirm.getByRole('button', { name: 'Reset two-factor' }).click();
  await expect(confirm).toBeHidden();
  await expectToastShown(page, 'Done.');
  // Off now: the row's menu no longer offers it.
  await row.getByRole('button', { name: `Actions for ${user.email}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Sign out everywhere' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Reset two-factor' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: 'Audit log' }).click();
  const audit = page.getByRole('table');
  await expect(audit.getByRole('row').nth(1)).toContainText('user.2fa.reset');
  await expect(audit.getByRole('row').nth(1)).toContainText(user.email);
  await page.goto(`${server.url}/c/new`);
  await logOut(page, admin);

  // The password alone signs in again, and Settings offers to set it up.
  await logInThroughForm(page, user.email, user.password);
  await expect(userMenuButton(page, user)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeHidden();
  settings = await openAccount(page, user);
  await expect(settings.getByRole('button', { name: 'Set up two-factor sign-in' })).toBeVisible();
});

for (const [size, viewport] of Object.entries(VIEWPORTS) as [
  keyof typeof VIEWPORTS,
  (typeof VIEWPORTS)[keyof typeof VIEWPORTS],
][]) {
  for (const colorScheme of COLOR_SCHEMES) {
    test(`two-factor screens (${size}, ${colorScheme})`, async ({ page, playwright }) => {
      await sized(page, size, colorScheme);
      expect(page.viewportSize()).toEqual(viewport);
      const user = newAccount('2fa-look');
      await register(playwright.request, user);
      await enableInSettings(page, user, {
        shot: `two-factor-${size}-${colorScheme}`,
        phone: size === 'mobile',
      });
      // Signed out: without the refresh cookie a new page load starts at the login form.
      await page.context().clearCookies();
      await page.goto(`${server.url}/login`);
      await logInThroughForm(page, user.email, user.password);
      const heading = page.getByRole('heading', { name: 'Two-factor sign-in' });
      const field = page.getByLabel('Code from your app or a backup code');
      const verify = page.getByRole('button', { name: 'Verify' });
      const back = page.getByRole('button', { name: 'Back to sign in' });
      for (const part of [heading, field, verify, back]) await expectShown(part);
      await expectApart(heading, field, verify, back);
      await expectNoSidewaysScroll(page);
      await snapshot(page, `two-factor-${size}-${colorScheme}-code`);
    });
  }
}

test.describe('REQUIRE_2FA=all', () => {
  let strict: ParleyServer;
  test.beforeAll(async () => {
    strict = await startParley({ REQUIRE_2FA: 'all' });
  });
  test.afterAll(() => strict?.stop());

  for (const [size, colorScheme] of [
    ['mobile', 'dark'],
    ['desktop', 'light'],
  ] as const) {
    test(`a user without it sets it up at sign-in before entering the app (${size}, ${colorScheme})`, async ({
      page,
      playwright,
    }) => {
      await sized(page, size, colorScheme);
      const user = newAccount('required');
      const context = await playwright.request.newContext();
      const registered = await context.post(`${strict.url}/api/auth/register`, {
        data: { ...user, confirm_password: user.password },
      });
      expect(registered.status()).toBe(200);
      await context.dispose();

      await page.goto(`${strict.url}/login`);
      await logInThroughForm(page, user.email, user.password);
      await expect(page.getByRole('heading', { name: 'Set up two-factor sign-in' })).toBeVisible();
      await expect(
        page.getByText('Your administrator requires two-factor sign-in.', { exact: false }),
      ).toBeVisible();
      const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
      const key = page.getByLabel('Key', { exact: true });
      await expect(qr).toBeVisible();
      await expect(page.getByTestId('backup-codes').getByRole('listitem')).toHaveCount(10);
      const confirmField = page.getByLabel('The code your app shows now');
      const turnOn = page.getByRole('button', { name: 'Turn on', exact: true });
      for (const part of [qr, key, confirmField, turnOn]) await expectShown(part);
      await expectApart(qr, key, confirmField, turnOn);
      await expectNoSidewaysScroll(page);
      await snapshot(page, `two-factor-required-${size}-${colorScheme}`);

      await confirmField.fill(codeFor((await key.textContent()) ?? ''));
      await turnOn.click();
      await expect(page).toHaveURL(/\/c\/new$/);
      await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toBeVisible();

      // From now on the password is followed by a code.
      await page.context().clearCookies();
      await page.goto(`${strict.url}/login`);
      await logInThroughForm(page, user.email, user.password);
      await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
    });
  }
});
