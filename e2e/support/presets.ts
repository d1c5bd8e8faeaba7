import type { Page } from '@playwright/test';
import { expect } from './chat-fixtures';
import { expectToastShown } from './toasts';

/** The header's presets button; it names the active preset, if any (issue 16 item 8). */
export function presetsTrigger(page: Page) {
  return page.getByRole('banner').getByRole('button', { name: /^Presets( \(active: .+\))?$/ });
}

export function presetsMenu(page: Page) {
  return page.getByRole('dialog', { name: 'Presets' });
}

export async function openPresets(page: Page) {
  await presetsTrigger(page).click();
  await expect(presetsMenu(page)).toBeVisible();
  return presetsMenu(page);
}

/** Picks `model` in the header's model menu and waits until the header shows it. */
export async function chooseModel(page: Page, model: string) {
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Model:/ })
    .click();
  await page.getByRole('option', { name: model, exact: true }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: `Model: ${model}` })).toBeVisible();
}

/** Saves the conversation's setup as a preset named `title`; the saved preset is then the active one. */
export async function savePreset(page: Page, title: string) {
  const menu = await openPresets(page);
  await menu.getByRole('button', { name: 'Save as preset' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save as preset' });
  await dialog.getByLabel('Preset name').fill(title);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expectToastShown(page, `${title} saved!`);
}
