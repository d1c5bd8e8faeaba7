import { expect, messageBox, messages, send, signUp, test } from '../support/chat-fixtures';

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
  await box.fill('zebra*');
  const results = page.getByRole('region', { name: 'Search results' });
  const hit = results.getByRole('button', { name: /Zebras have black and white stripes/ });
  await expect(hit).toBeVisible();
  await expect(hit.locator('mark')).toHaveText('Zebras');
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
