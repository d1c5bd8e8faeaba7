import type { Page } from '@playwright/test';
import { expect, messages, send, test } from '../support/chat-fixtures';
import { COLOR_SCHEMES, sized, snapshot, VIEWPORTS } from '../support/fixtures';
import { expectNoSidewaysScroll, expectShown } from '../support/layout';
import { expectToastShown, recordToasts } from '../support/toasts';

test.describe.configure({ mode: 'serial' });
// A worker of its own (a worker option no other file sets), so this file's first account is its server's first:
// the administrator. Sharing a worker with another chat file made the admin a USER.
test.use({ parleyEnv: { APP_TITLE: 'Parley' } });

const PASSWORD = 'correct horse battery';
const ADMIN_EMAIL = 'budget-root@example.com';
const USER_EMAIL = 'uma@example.com';
/** gpt-4o: 2.5 and 10 credits a token; a reply of 100 + 100 tokens costs 1,250 credits. */
const REPLY = { text: 'Here is a short answer.', usage: { prompt_tokens: 100, completion_tokens: 100 } };
const LIMIT = 1_000;

async function openAdminTab(page: Page, tab: string): Promise<void> {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Administration' })).toBeVisible();
  await page.getByRole('tab', { name: tab }).click();
}

test('an admin caps a group, sees its usage, the user is refused over it, the admin raises it and exports CSV', async ({
  page,
  browser,
  baseURL,
  fake,
}) => {
  // The first account of this worker's server is the administrator.
  const admin = await page.request.post('/api/auth/register', {
    data: { name: 'Budget Root', email: ADMIN_EMAIL, password: PASSWORD, confirm_password: PASSWORD },
  });
  expect(admin.status(), await admin.text()).toBe(200);
  expect((await admin.json()).user.role).toBe('ADMIN');

  // The admin creates the user in the Users tab and puts them in a group.
  await openAdminTab(page, 'Users');
  await page.getByRole('button', { name: 'Create user' }).click();
  const create = page.getByRole('dialog', { name: 'Create user' });
  await create.getByLabel('Email').fill(USER_EMAIL);
  await create.getByLabel('Name').fill('Uma User');
  await create.getByLabel('Password').fill(PASSWORD);
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByTestId('admin-user-row').filter({ hasText: USER_EMAIL })).toBeVisible();
  await page.getByRole('tab', { name: 'Groups' }).click();
  await page.getByLabel('Group name').fill('Lab');
  await page.getByRole('button', { name: 'Create group' }).click();
  const members = page.getByRole('region', { name: 'Members of Lab' });
  await members.getByLabel('Add a member by email').fill(USER_EMAIL);
  await members.getByRole('button', { name: 'Add' }).click();
  await expect(members.getByRole('listitem').filter({ hasText: USER_EMAIL })).toBeVisible();

  // A monthly budget of 1,000 credits for the group, warned at 80%.
  await page.getByRole('tab', { name: 'Budgets' }).click();
  await page.getByRole('button', { name: 'New budget' }).click();
  const form = page.getByRole('form', { name: 'Budget' });
  await form.getByLabel('Applies to').selectOption('group');
  await form.getByLabel('Which group').selectOption({ label: 'Lab' });
  await form.getByLabel('Limit in credits (1,000,000 = $1)').fill(String(LIMIT));
  await form.getByLabel('Period').selectOption('month');
  await form.getByLabel('Warn at (%)').fill('80');
  await form.getByRole('button', { name: 'Save' }).click();
  await expectToastShown(page, 'Budget saved.');
  const budgetRow = page.getByTestId('budget-row').filter({ hasText: 'Group Lab' });
  await expect(budgetRow).toContainText('$0.0010');
  await expect(budgetRow).toContainText('Monthly');

  // The user chats in their own browser; the reply goes past the budget, so it warns.
  const elsewhere = await browser.newContext({ baseURL });
  await recordToasts(elsewhere);
  const user = await elsewhere.newPage();
  const login = await user.request.post('/api/auth/login', {
    data: { email: USER_EMAIL, password: PASSWORD },
  });
  expect(login.status(), await login.text()).toBe(200);
  await user.goto('/c/new');
  await fake.script({ replies: [REPLY] });
  await send(user, 'Summarise the plan');
  await expect(messages(user).last()).toContainText('Here is a short answer.');
  // A monthly budget resets at the start of next month (UTC), written as the app writes an instant
  // (formatInstant in web/src/lib/format.ts), by the browser's own Intl.
  const now = new Date();
  const resetsAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();
  const resetsOn = await user.evaluate((iso) => {
    const format = new Intl.DateTimeFormat('en-US', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'UTC',
    });
    return `${format.format(new Date(iso))} UTC`;
  }, resetsAt);
  await expectToastShown(user, `You have used 100% of a usage limit. It resets on ${resetsOn}.`);

  // The admin sees the usage appear.
  await page.getByRole('tab', { name: 'Usage' }).click();
  const usage = page.getByTestId('usage-table');
  await expect(usage.getByRole('row').filter({ hasText: USER_EMAIL })).toContainText('$0.0013');
  await page.getByRole('radio', { name: 'By group' }).click();
  await expect(usage.getByRole('row').filter({ hasText: 'Lab' })).toContainText('1');

  // Over the budget: the next message is refused before anything streams, with the budget's words.
  const before = (await fake.chatRequests()).length;
  await send(user, 'One more thing');
  await expect(messages(user).last()).toContainText(
    'You have reached your monthly usage limit ($0.0013 of $0.0010). It resets on',
  );
  expect((await fake.chatRequests()).length).toBe(before);
  // The refused turn is saved with its card (issue 27 trip-over item 6): a reload still shows both.
  await user.reload();
  await expect(messages(user).nth(2)).toContainText('One more thing');
  await expect(messages(user).last()).toContainText('You have reached your monthly usage limit');

  // The admin raises the budget; the user can chat again.
  await page.getByRole('tab', { name: 'Budgets' }).click();
  await budgetRow.getByRole('button', { name: 'Edit' }).click();
  await page
    .getByRole('form', { name: 'Budget' })
    .getByLabel('Limit in credits (1,000,000 = $1)')
    .fill('1000000');
  await page.getByRole('form', { name: 'Budget' }).getByRole('button', { name: 'Save' }).click();
  await expect(budgetRow).toContainText('$1.00');
  await fake.script({ replies: [{ text: 'Back in business.' }] });
  await user.goto('/c/new');
  await send(user, 'Try again');
  await expect(messages(user).last()).toContainText('Back in business.');

  // Their Settings → Account shows their usage by model and the group's limit.
  await user.getByRole('button', { name: 'Uma User' }).click();
  await user.getByRole('menuitem', { name: 'Settings' }).click();
  await user.getByRole('tab', { name: 'Account' }).click();
  await expectShown(user.getByRole('heading', { name: 'Usage this month' }));
  await expect(user.getByRole('list', { name: 'Usage by model' })).toContainText('gpt-4o');
  await expect(user.getByTestId('usage-limit')).toContainText('Monthly · Cost');
  await elsewhere.close();

  // The admin exports the usage as CSV: the ledger names the user and the model.
  await page.getByRole('tab', { name: 'Usage' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export ledger CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^parley-usage-ledger-\d{4}-\d{2}-01\.csv$/);
  const csv = await (await file.createReadStream()).toArray();
  const text = Buffer.concat(csv).toString('utf8');
  expect(text.split('\n')[0]).toContain('userLabel');
  expect(text).toContain(USER_EMAIL);
  expect(text.trim().split('\n')).toHaveLength(3);
});

for (const size of Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[]) {
  for (const colorScheme of COLOR_SCHEMES) {
    test(`usage and budgets screens (${size}, ${colorScheme})`, async ({ page }) => {
      const login = await page.request.post('/api/auth/login', {
        data: { email: ADMIN_EMAIL, password: PASSWORD },
      });
      expect(login.status()).toBe(200);
      await sized(page, size, colorScheme);
      await openAdminTab(page, 'Usage');
      await expect(page.getByTestId('usage-table')).toContainText(USER_EMAIL);
      await expectShown(page.getByRole('button', { name: 'Export daily CSV' }));
      await expectNoSidewaysScroll(page);
      await snapshot(page, `admin-usage-${size}-${colorScheme}`);
      await page.getByRole('tab', { name: 'Budgets' }).click();
      await expectShown(page.getByTestId('budget-row').first());
      await page.getByRole('button', { name: 'New budget' }).click();
      await expectShown(page.getByRole('form', { name: 'Budget' }).getByRole('button', { name: 'Save' }));
      await expectNoSidewaysScroll(page);
      await snapshot(page, `admin-budgets-${size}-${colorScheme}`);
    });
  }
}
