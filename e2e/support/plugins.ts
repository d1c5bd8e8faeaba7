import { expect, type Page } from '@playwright/test';

/** Switches the chat to the plugins endpoint through the endpoints menu. */
export async function usePluginsEndpoint(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Endpoint:/ }).click();
  await page.getByRole('menuitemradio', { name: 'Plugins' }).click();
  await expect(toolsButton(page)).toBeVisible();
}

export function toolsButton(page: Page) {
  return page.getByRole('button', { name: /^Tools:/ });
}

/** Opens the plugin store from the tools menu. */
export async function openPluginStore(page: Page, query?: string) {
  await toolsButton(page).click();
  await page.getByRole('menuitem', { name: 'Plugin store' }).click();
  const store = page.getByRole('dialog', { name: 'Plugin store' });
  await expect(store).toBeVisible();
  // The store pages its grid: a query brings a tool that is not on the first page into view.
  if (query) await store.getByRole('searchbox', { name: 'Search plugins' }).fill(query);
  return store;
}

/** Ticks tools in the tools menu (it stays open while ticking), then closes it. */
export async function pickTools(page: Page, names: readonly string[]): Promise<void> {
  await toolsButton(page).click();
  for (const name of names) {
    const item = page.getByRole('menuitemcheckbox', { name });
    await item.click();
    await expect(item).toHaveAttribute('aria-checked', 'true');
  }
  await page.keyboard.press('Escape');
}
