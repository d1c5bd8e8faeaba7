import type { Page } from '@playwright/test';
import { expect, messageBox } from './chat-fixtures';
import { expectApart, expectNoSidewaysScroll, expectShown } from './layout';

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

/**
 * What the side-panel picture of a chat without a model picker shows: the header's `choice` (the endpoint or
 * the model spec) with its name, the open side panel with its files section, and the message box — each
 * visible, inside the window and apart, nothing sticking out sideways.
 */
export async function expectPanelWithoutModelShown(
  page: Page,
  choice: { name: string; text: string },
): Promise<void> {
  const header = page.getByRole('banner').getByRole('button', { name: choice.name, exact: true });
  const panel = page.getByRole('complementary', { name: 'Side panel' });
  const files = panel.getByText('Attach files', { exact: true });
  const filter = panel.getByPlaceholder('Filter files…');
  await expect(header).toHaveText(choice.text);
  for (const part of [header, panel, files, filter, messageBox(page)]) await expectShown(part);
  await expectApart(panel, messageBox(page));
  await expectApart(panel, header);
  await expectApart(files, filter);
  await expectNoSidewaysScroll(page);
}
