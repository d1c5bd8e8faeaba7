import type { Page } from '@playwright/test';
import { expect, messageBox } from './chat-fixtures';

/** Opens the side panel and fails if a model picker is on the screen (header, side panel, parameters). */
export async function expectNoModelPicker(page: Page): Promise<void> {
  await expect(messageBox(page)).toBeFocused();
  await page.getByRole('button', { name: 'Open side panel' }).click();
  const panel = page.getByRole('complementary', { name: 'Side panel' });
  // The panel has rendered its content (its files section) before the pickers are looked for.
  await expect(panel.getByText('Attach files', { exact: true })).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Model' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Model: / })).toHaveCount(0);
}
