import { expect, messages, send, signUp, test } from '../support/chat-fixtures';
import type { Page } from '@playwright/test';
import { snapshot, VIEWPORTS } from '../support/fixtures';
import { expectApart, expectNoSidewaysScroll, expectShown } from '../support/layout';
import { expectToastShown } from '../support/toasts';

const openAccount = async (page: Page, name = 'Ada Lovelace') => {
  await page.getByRole('button', { name }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('tab', { name: 'Account' }).click();
  return settings;
};

test('rename, change the password, then delete the account with everything in it', async ({ page, fake }) => {
  const email = await signUp(page);
  await fake.script({ replies: [{ text: 'Noted.' }] });
  await send(page, 'Remember this');
  await expect(messages(page).nth(1)).toContainText('Noted.');

  let settings = await openAccount(page);
  const name = settings.getByLabel('Full name');
  await name.fill('Ada King');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expectToastShown(page, 'Name saved');
  await settings.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('button', { name: 'Ada King' })).toBeVisible();

  settings = await openAccount(page, 'Ada King');
  await settings.getByLabel('Current password').fill('not my password');
  await settings.getByLabel('New password').fill('a new horse battery');
  await settings.getByLabel('Confirm password').fill('a new horse battery');
  await settings.getByRole('button', { name: 'Change password' }).click();
  await expectToastShown(page, 'The current password is not correct.');
  await settings.getByLabel('Current password').fill('correct horse battery');
  await settings.getByRole('button', { name: 'Change password' }).click();
  await expectToastShown(page, 'Password changed. Other sessions signed out: 0.');

  const remove = settings.getByRole('button', { name: 'Delete my account' });
  await expect(remove).toBeDisabled();
  await settings.getByLabel(/Type your email/).fill(email.toUpperCase());
  await remove.click();
  await expect(page).toHaveURL(/\/login$/);
  const login = await page.request.post('/api/auth/login', {
    data: { email, password: 'a new horse battery' },
  });
  expect(login.status()).toBe(401);
});

test('sign out other sessions: another browser is signed out, this one stays', async ({
  page,
  browser,
  baseURL,
}) => {
  const email = await signUp(page);
  const elsewhere = await browser.newContext({ baseURL });
  const other = await elsewhere.newPage();
  const login = await other.request.post('/api/auth/login', {
    data: { email, password: 'correct horse battery' },
  });
  expect(login.status(), await login.text()).toBe(200);
  await other.goto('/c/new');
  await expect(other.getByRole('textbox', { name: 'Message', exact: true })).toBeVisible();

  const settings = await openAccount(page);
  const revoked = page.waitForResponse((response) =>
    response.url().endsWith('/api/auth/sessions/revoke-others'),
  );
  await settings.getByRole('button', { name: 'Sign out other sessions' }).click();
  expect((await revoked).status()).toBe(200);
  await expectToastShown(page, 'Other sessions signed out: 1.');

  // The other browser's session is gone: a reload lands on the login page.
  await other.reload();
  await expect(other).toHaveURL(/\/login$/);
  // This one still works after a reload.
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/c\/new$/);
  await elsewhere.close();
});

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`account tab screenshots (${size}, ${colorScheme})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await signUp(page);
      if (size === 'mobile') await page.getByRole('button', { name: 'Open sidebar' }).click();
      const settings = await openAccount(page);
      await expectShown(settings);
      await expect(settings.getByRole('tab', { name: 'Account' })).toHaveAttribute('aria-selected', 'true');
      await expect(settings.getByLabel('Full name')).toHaveValue('Ada Lovelace');
      const remove = settings.getByRole('button', { name: 'Delete my account' });
      await expect(remove).toBeDisabled();
      // Each part of the tab can be reached and read: in view once scrolled to, inside the dialog's width.
      const parts = [
        settings.getByText('Upload picture', { exact: true }),
        settings.getByLabel('Full name'),
        settings.getByRole('button', { name: 'Save' }),
        settings.getByLabel('Current password'),
        settings.getByLabel('New password'),
        settings.getByLabel('Confirm password'),
        settings.getByRole('button', { name: 'Change password' }),
        settings.getByRole('button', { name: 'Sign out other sessions' }),
        settings.getByLabel(/Type your email/),
        remove,
      ];
      for (const part of parts) await expectShown(part);
      await expectApart(...parts);
      await expectNoSidewaysScroll(page);
      await settings.getByLabel('Full name').scrollIntoViewIfNeeded();
      await snapshot(page, `account-tab-${size}-${colorScheme}`);
    });
  }
}
