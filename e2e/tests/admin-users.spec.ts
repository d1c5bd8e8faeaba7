import { expect, type Page } from '@playwright/test';
import { COLOR_SCHEMES, journeyTest as base, sized, snapshot, VIEWPORTS } from '../support/fixtures';
import { expectNoSidewaysScroll, expectShown } from '../support/layout';
import { startParley, type ParleyServer } from '../support/parley-server';
import { expectToastShown } from '../support/toasts';

// A server of its own: the first account to sign up on it is the administrator.
const test = base.extend<object, { server: ParleyServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startParley();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: Number(process.env.PARLEY_READY_TIMEOUT_MS) || 90_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
});
test.describe.configure({ mode: 'serial' });

const PASSWORD = 'correct horse battery';

async function signUpAdmin(page: Page): Promise<void> {
  const response = await page.request.post('/api/auth/register', {
    data: { name: 'Root Admin', email: 'root@example.com', password: PASSWORD, confirm_password: PASSWORD },
  });
  expect(response.status(), await response.text()).toBe(200);
  expect((await response.json()).user.role).toBe('ADMIN');
  await page.goto('/c/new');
}

async function openAdmin(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Root Admin' }).click();
  await page.getByRole('menuitem', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin/);
  await expect(page.getByRole('heading', { name: 'Administration' })).toBeVisible();
}

test('an admin creates a user, puts them in a group, disables them, and their open session is refused', async ({
  page,
  browser,
  baseURL,
}) => {
  await signUpAdmin(page);
  await openAdmin(page);

  // Create the user.
  await page.getByRole('button', { name: 'Create user' }).click();
  const create = page.getByRole('dialog', { name: 'Create user' });
  await create.getByLabel('Email').fill('Leaver@Example.com');
  await create.getByLabel('Name').fill('Lee Leaver');
  await create.getByLabel('Password').fill(PASSWORD);
  await create.getByRole('button', { name: 'Create' }).click();
  await expectToastShown(page, 'leaver@example.com was created.');
  const row = page.getByTestId('admin-user-row').filter({ hasText: 'leaver@example.com' });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Lee Leaver');

  // The user signs in in another browser and keeps a session open.
  const elsewhere = await browser.newContext({ baseURL });
  const other = await elsewhere.newPage();
  const login = await other.request.post('/api/auth/login', {
    data: { email: 'leaver@example.com', password: PASSWORD },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  await other.goto('/c/new');
  await expect(other.getByRole('textbox', { name: 'Message', exact: true })).toBeVisible();

  // Put them in a group.
  await page.getByRole('tab', { name: 'Groups' }).click();
  await page.getByLabel('Group name').fill('Research');
  await page.getByLabel('Description').fill('The lab');
  await page.getByRole('button', { name: 'Create group' }).click();
  const members = page.getByRole('region', { name: 'Members of Research' });
  await members.getByLabel('Add a member by email').fill('leaver@example.com');
  await members.getByRole('button', { name: 'Add' }).click();
  await expect(members.getByRole('listitem').filter({ hasText: 'leaver@example.com' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Research/ })).toContainText('1');

  // Disable them, after a confirmation.
  await page.getByRole('tab', { name: 'Users' }).click();
  await page.getByRole('button', { name: 'Actions for leaver@example.com' }).click();
  await page.getByRole('menuitem', { name: 'Disable' }).click();
  const confirm = page.getByRole('dialog', { name: 'Disable this account?' });
  await expect(confirm).toContainText('leaver@example.com will be signed out everywhere');
  await confirm.getByRole('button', { name: 'Disable' }).click();
  await expect(row).toContainText('Disabled');

  // Their open session is refused within seconds: the token they hold, then the page on reload.
  await expect
    .poll(async () =>
      (await other.request.get('/api/user', { headers: { authorization: `Bearer ${token}` } })).status(),
    )
    .toBe(401);
  await other.reload();
  await expect(other).toHaveURL(/\/login/);
  // The right password says the account is disabled; a wrong one is the usual refusal.
  await other.getByLabel('Email address').fill('leaver@example.com');
  await other.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await other.getByRole('button', { name: 'Log in' }).click();
  await expect(
    other.getByText('Your account has been disabled. Please contact your administrator.'),
  ).toBeVisible();
  await elsewhere.close();

  // Every change is in the audit log.
  await page.getByRole('tab', { name: 'Audit log' }).click();
  const audit = page.getByRole('table');
  await expect(audit.getByRole('row').nth(1)).toContainText('user.update');
  for (const action of ['user.create', 'group.create', 'group.members']) {
    await expect(audit.getByRole('cell', { name: action, exact: true })).toBeVisible();
  }
});

test('the Admin entry is only in an administrator’s menu, and /admin refuses others', async ({ page }) => {
  const response = await page.request.post('/api/auth/register', {
    data: { name: 'Plain User', email: 'plain@example.com', password: PASSWORD, confirm_password: PASSWORD },
  });
  expect(response.status()).toBe(200);
  await page.goto('/c/new');
  await page.getByRole('button', { name: 'Plain User' }).click();
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Admin' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/admin');
  await expect(page.getByText('Only administrators may do this.')).toBeVisible();
  expect((await page.request.get('/api/admin/users')).status()).toBe(401);
});

for (const size of Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[]) {
  for (const colorScheme of COLOR_SCHEMES) {
    test(`admin users tab screenshots (${size}, ${colorScheme})`, async ({ page }) => {
      const login = await page.request.post('/api/auth/login', {
        data: { email: 'root@example.com', password: PASSWORD },
      });
      expect(login.status()).toBe(200);
      await sized(page, size, colorScheme);
      await page.goto('/admin');
      const row = page.getByTestId('admin-user-row').filter({ hasText: 'leaver@example.com' });
      await expectShown(row.getByRole('button', { name: 'Actions for leaver@example.com' }));
      await expectShown(page.getByRole('button', { name: 'Create user' }));
      await expectShown(page.getByRole('tab', { name: 'Audit log' }));
      await expectNoSidewaysScroll(page);
      await snapshot(page, `admin-users-${size}-${colorScheme}`);
      await page.getByRole('tab', { name: 'Groups' }).click();
      await expectShown(page.getByRole('button', { name: 'Create group' }));
      await expectNoSidewaysScroll(page);
      await snapshot(page, `admin-groups-${size}-${colorScheme}`);
    });
  }
}
