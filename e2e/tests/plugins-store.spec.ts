import { expect, signUp, test } from '../support/chat-fixtures';
import { openPluginStore, toolsButton, usePluginsEndpoint } from '../support/plugins';

test('installs belong to their user: another user sees the calculator not installed', async ({
  page,
  browser,
}) => {
  await signUp(page);
  await usePluginsEndpoint(page);
  const store = await openPluginStore(page, 'Calculator');
  await store.getByRole('button', { name: 'Install Calculator' }).click();
  await expect(store.getByRole('button', { name: 'Uninstall Calculator' })).toBeVisible();

  const other = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const otherPage = await other.newPage();
  await signUp(otherPage, 'Grace Hopper');
  await usePluginsEndpoint(otherPage);
  const otherStore = await openPluginStore(otherPage, 'Calculator');
  await expect(otherStore.getByRole('button', { name: 'Install Calculator' })).toBeVisible();
  await otherPage.keyboard.press('Escape');
  await expect(otherStore).toBeHidden();
  // The plugin list has loaded (the store showed it): an empty tools menu now means nothing is installed,
  // where before it loaded it would mean nothing.
  await toolsButton(otherPage).click();
  await expect(otherPage.getByRole('menuitem', { name: 'Plugin store' })).toBeVisible();
  await expect(otherPage.getByRole('menuitemcheckbox')).toHaveCount(0);
  await other.close();
});

test('the store searches, pages and resets when closed', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUp(page);
  await usePluginsEndpoint(page);
  let store = await openPluginStore(page);
  const search = store.getByRole('searchbox', { name: 'Search plugins' });
  await expect(search).toBeFocused();
  await search.fill('calc');
  await expect(store.getByRole('listitem')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(store).toBeHidden();
  store = await openPluginStore(page);
  await expect(store.getByRole('searchbox', { name: 'Search plugins' })).toHaveValue('');
});

test('installing asks for nothing when a tool needs no credentials; uninstalling takes it off the tools menu', async ({
  page,
}) => {
  await signUp(page);
  await usePluginsEndpoint(page);
  let store = await openPluginStore(page, 'Calculator');
  await store.getByRole('button', { name: 'Install Calculator' }).click();
  await expect(store.getByRole('button', { name: 'Uninstall Calculator' })).toBeVisible();
  await page.keyboard.press('Escape');
  await toolsButton(page).click();
  const item = page.getByRole('menuitemcheckbox', { name: 'Calculator' });
  await item.click();
  await expect(item).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('menuitem', { name: 'Plugin store' }).click();
  store = page.getByRole('dialog', { name: 'Plugin store' });
  await store.getByRole('searchbox', { name: 'Search plugins' }).fill('Calculator');
  await store.getByRole('button', { name: 'Uninstall Calculator' }).click();
  await expect(store.getByRole('button', { name: 'Install Calculator' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(toolsButton(page)).toHaveAccessibleName('Tools: No tools');
  // A reload asks the server again: still not installed. The store answers once the plugin list has loaded,
  // and only then does an empty tools menu say anything.
  await page.reload();
  store = await openPluginStore(page, 'Calculator');
  await expect(store.getByRole('button', { name: 'Install Calculator' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(store).toBeHidden();
  await toolsButton(page).click();
  await expect(page.getByRole('menuitem', { name: 'Plugin store' })).toBeVisible();
  await expect(page.getByRole('menuitemcheckbox')).toHaveCount(0);
});
