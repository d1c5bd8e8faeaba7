import { snapshot, VIEWPORTS } from '../support/fixtures';
import { expect, messageBox, messages, send, signUp, test } from '../support/chat-fixtures';
import { expectApart, expectNoSidewaysScroll, expectShown } from '../support/layout';

test('search finds a message in another branch, highlights it and opens the conversation there', async ({
  page,
  fake,
}) => {
  await signUp(page);
  // The message box takes the focus once the screen has loaded; a menu opened before that would close.
  await expect(messageBox(page)).toBeFocused();
  await fake.script({
    replies: [{ text: 'Zebras have black and white stripes.' }, { text: 'Lions live in prides.' }],
  });
  await send(page, 'Tell me about an animal');
  const reply = messages(page).nth(1);
  await expect(reply).toContainText('Zebras have');
  await reply.getByRole('button', { name: 'Regenerate' }).click();
  await expect(reply).toContainText('Lions live in prides.');
  await expect(reply.getByRole('group', { name: 'Versions' })).toContainText('2 / 2');

  await page.getByRole('link', { name: 'New chat', exact: true }).click();
  await expect(page).toHaveURL(/\/c\/new$/);
  await expect(messageBox(page)).toBeFocused();

  const box = page.getByRole('searchbox', { name: 'Search messages' });
  await box.fill('zeb'); // the word being typed is a prefix
  const results = page.getByRole('region', { name: 'Search results' });
  const hit = results.getByRole('button', { name: /Zebras have black and white stripes/ });
  await expect(hit).toBeVisible();
  await expect(hit.locator('mark')).toHaveText('Zebras');
  await expectShown(hit);
  await expectApart(box, hit);
  await page.screenshot({ path: 'artifacts/search-results-1280-light.png' });

  await hit.click();
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  await expect(messages(page).nth(1)).toContainText('Zebras have black and white stripes.');
  await expect(messages(page).nth(1).getByRole('group', { name: 'Versions' })).toContainText('1 / 2');

  await box.fill('');
  await expect(results).toBeHidden();
  await box.fill('nothingmatchesthis');
  await expect(page.getByText('Nothing found')).toBeVisible();
});

test('search results narrow to the Last 7 days or Last 30 days', async ({ page, fake }) => {
  await signUp(page);
  await expect(messageBox(page)).toBeFocused();
  await fake.script({ replies: [{ text: 'Okapis are related to giraffes.' }] });
  await send(page, 'Tell me about okapis');
  await expect(messages(page).nth(1)).toContainText('Okapis are related');

  // Ten days later (the browser's clock): the conversation is older than 7 days, younger than 30.
  await page.clock.setFixedTime(Date.now() + 10 * 24 * 60 * 60 * 1000);
  await page.getByRole('searchbox', { name: 'Search messages' }).fill('okapi*');
  const results = page.getByRole('region', { name: 'Search results' });
  const hit = results.getByRole('button', { name: /related to giraffes/ });
  await expect(hit).toBeVisible();
  const period = results.getByRole('group', { name: 'Period' });
  await expect(period.getByRole('radio', { name: 'Any time' })).toBeChecked();

  await period.getByRole('radio', { name: 'Last 7 days' }).check();
  await expect(hit).toBeHidden();
  await expect(results.getByText('Nothing found')).toBeVisible();
  // Arrow keys move between the periods, as radios do.
  await page.keyboard.press('ArrowRight');
  await expect(period.getByRole('radio', { name: 'Last 30 days' })).toBeChecked();
  await expect(hit).toBeVisible();
  await period.getByRole('radio', { name: 'Any time' }).check();
  await expect(hit).toBeVisible();
});

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`search results screenshots (${size}, ${colorScheme})`, async ({ page, fake }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await signUp(page);
      await expect(messageBox(page)).toBeFocused();
      await fake.script({
        replies: [
          {
            text: 'Zebras have black and white stripes; each zebra has its own pattern, like a fingerprint, and a foal learns its mother’s stripes in its first days.',
          },
        ],
      });
      await send(page, 'Tell me about zebras and their remarkably individual stripe patterns');
      await expect(messages(page).nth(1)).toContainText('fingerprint');
      if (size === 'mobile') await page.getByRole('button', { name: 'Open sidebar' }).click();
      await page.getByRole('searchbox', { name: 'Search messages' }).fill('zebra*');
      const results = page.getByRole('region', { name: 'Search results' });
      const hit = results.getByRole('button', { name: /black and white stripes/ });
      await expect(hit).toBeVisible();
      // The picture: the search box, the periods, and the hit with its highlighted words, inside the window
      // and apart, nothing sticking out sideways.
      const searchbox = page.getByRole('searchbox', { name: 'Search messages' });
      const period = results.getByRole('group', { name: 'Period' });
      await expect(period.getByRole('radio', { name: 'Any time' })).toBeChecked();
      await expect(hit).toContainText('each zebra has its own pattern');
      await expect(hit.locator('mark').first()).toHaveText(/^zebra/i);
      for (const part of [searchbox, period, hit, hit.locator('mark').first()]) await expectShown(part);
      await expectApart(searchbox, period, hit);
      await expectNoSidewaysScroll(page);
      await snapshot(page, `search-results-${size}-${colorScheme}`);
      await searchbox.fill('nothingmatchesthis');
      const nothing = results.getByText('Nothing found');
      await expect(nothing).toBeVisible();
      // Nothing to narrow: the words alone, under the search box.
      await expect(hit).toHaveCount(0);
      await expect(period).toHaveCount(0);
      for (const part of [searchbox, nothing]) await expectShown(part);
      await expectApart(searchbox, nothing);
      await expectNoSidewaysScroll(page);
      await snapshot(page, `search-nothing-${size}-${colorScheme}`);
    });
  }
}
