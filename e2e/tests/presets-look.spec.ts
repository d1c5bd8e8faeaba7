import type { Page } from '@playwright/test';
import { snapshot, VIEWPORTS } from '../support/fixtures';
import { expect, messageBox, signUp, test } from '../support/chat-fixtures';
import { expectApart, expectNoSidewaysScroll, expectShown } from '../support/layout';
import { chooseModel, openPresets, presetsTrigger, savePreset } from '../support/presets';

/**
 * Issue 16 item 8: the header says which preset is active (its name from 640px, a dot below), the presets
 * list marks it "Active", disabled controls look disabled, and the preset dialog's model picker is labelled.
 */

/** The green dot the trigger shows instead of the name below 640px (decoration: the name is in its label). */
function activeDot(page: Page) {
  return presetsTrigger(page).locator('span[aria-hidden="true"]');
}

test('the header and the presets list show the active preset, at 1280 and 375 px', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await signUp(page);
  await expect(messageBox(page)).toBeFocused();
  await expect(presetsTrigger(page)).toHaveAccessibleName('Presets');
  await chooseModel(page, 'gpt-4o-mini');
  await savePreset(page, 'Mini helper');

  // 1280 px: the trigger is named after the preset and shows its name; no dot.
  const trigger = page.getByRole('banner').getByRole('button', { name: 'Presets (active: Mini helper)' });
  await expect(trigger).toBeVisible();
  await expect(trigger.getByText('Mini helper')).toBeVisible();
  await expect(activeDot(page)).toBeHidden();

  // The list marks the active preset.
  let menu = await openPresets(page);
  const row = menu.getByRole('button', { name: /^Mini helper/ });
  await expect(row).toHaveAttribute('aria-current', 'true');
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');

  // Another model: the conversation no longer runs as the preset.
  await chooseModel(page, 'gpt-4o');
  await expect(presetsTrigger(page)).toHaveAccessibleName('Presets');
  await expect(trigger).toHaveCount(0);
  menu = await openPresets(page);
  await expect(menu.getByRole('button', { name: /^Mini helper/ })).not.toHaveAttribute('aria-current');
  await expect(menu.getByText('Active', { exact: true })).toHaveCount(0);

  // Applying it makes it active again; at 375 px the name gives way to a green dot.
  await menu.getByRole('button', { name: /^Mini helper/ }).click();
  await expect(trigger).toBeVisible();
  await page.setViewportSize(VIEWPORTS.mobile);
  await expect(activeDot(page)).toBeVisible();
  await expect(trigger.getByText('Mini helper')).toBeHidden();
  const dot = await activeDot(page).boundingBox();
  const button = await trigger.boundingBox();
  if (!dot || !button) throw new Error('the dot or the button has no box');
  // A dot 8 px wide inside the button's corner, emerald (hue 163).
  expect(dot.width).toBe(8);
  expect(dot.x).toBeGreaterThanOrEqual(button.x);
  expect(dot.x + dot.width).toBeLessThanOrEqual(button.x + button.width);
  expect(dot.y).toBeLessThan(button.y + button.height / 2);
  await expect(activeDot(page)).toHaveCSS('background-color', /^oklch\([\d.]+ [\d.]+ 163/);
});

test('the preset dialog names its model picker "Model"', async ({ page }) => {
  await signUp(page);
  await expect(messageBox(page)).toBeFocused();
  await chooseModel(page, 'gpt-4o-mini');
  await savePreset(page, 'Labelled');
  const menu = await openPresets(page);
  await menu.getByRole('button', { name: 'Edit Labelled' }).click();
  const edit = page.getByRole('dialog', { name: /Edit preset/ });
  const model = edit.getByLabel('Model', { exact: false }).and(edit.getByRole('button'));
  await expect(model).toBeVisible();
  await expect(model).toHaveAccessibleName(/^Model gpt-4o-mini$/);
  await expect(edit.getByText('Model', { exact: true })).toBeVisible();
  // It works: choosing another model there is saved with the preset.
  await model.click();
  await page.getByRole('option', { name: 'gpt-4o', exact: true }).click();
  await expect(model).toHaveAccessibleName('Model gpt-4o');
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`disabled controls look disabled (${colorScheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await signUp(page);
    await expect(messageBox(page)).toBeFocused();

    // The send button with an empty message box: faded, a not-allowed pointer; typing enables it.
    const sendButton = page.getByRole('button', { name: 'Send message' });
    await expect(sendButton).toBeDisabled();
    await expect(sendButton).toHaveCSS('opacity', '0.5');
    await expect(sendButton).toHaveCSS('cursor', 'not-allowed');
    // The picture: the empty message box with the faded send button beside it, both whole in the window.
    await expect(messageBox(page)).toHaveValue('');
    await expectShown(messageBox(page));
    await expectShown(sendButton);
    await expectApart(messageBox(page), sendButton);
    await expectNoSidewaysScroll(page);
    await snapshot(page, `presets-look-send-disabled-${colorScheme}`);
    await messageBox(page).fill('Now it can go');
    await expect(sendButton).toBeEnabled();
    await expect(sendButton).toHaveCSS('opacity', '1');
    await messageBox(page).fill('');

    // A form button with nothing to save (Settings › Account, name unchanged).
    await page.getByRole('button', { name: 'Ada Lovelace' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await settings.getByRole('tab', { name: 'Account' }).click();
    const save = settings.getByRole('button', { name: 'Save', exact: true });
    await expect(save).toBeDisabled();
    await expect(save).toHaveCSS('opacity', '0.5');
    await expect(save).toHaveCSS('cursor', 'not-allowed');
  });
}

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`active preset screenshots (${size}, ${colorScheme})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await signUp(page);
      await expect(messageBox(page)).toBeFocused();
      await chooseModel(page, 'gpt-4o-mini');
      await savePreset(page, 'Careful technical writer');
      const banner = page.getByRole('banner');
      const trigger = banner.getByRole('button', { name: 'Presets (active: Careful technical writer)' });
      await expect(trigger).toBeVisible();
      await expect(page.getByText('Careful technical writer saved!')).toHaveCount(0);
      // The picture: the header's endpoint, model and presets buttons side by side, the presets one naming
      // the active preset from 640 px, a green dot on a phone; nothing sticking out sideways.
      const endpoint = banner.getByRole('button', { name: 'Endpoint: OpenAI' });
      const model = banner.getByRole('button', { name: 'Model: gpt-4o-mini' });
      for (const part of [endpoint, model, trigger]) await expectShown(part);
      await expectApart(endpoint, model, trigger);
      if (size === 'desktop') {
        await expectShown(trigger.getByText('Careful technical writer'));
        await expect(activeDot(page)).toBeHidden();
      } else {
        await expectShown(activeDot(page));
        await expect(trigger.getByText('Careful technical writer')).toBeHidden();
      }
      await expectNoSidewaysScroll(page);
      await snapshot(page, `presets-look-header-${size}-${colorScheme}`);
      await chooseModel(page, 'gpt-4o');
      await savePreset(page, 'Second preset');
      const menu = await openPresets(page);
      await expect(menu.getByText('Active', { exact: true })).toBeVisible();
      // The picture: both presets listed, apart, the second (just saved) marked Active, the first not.
      const first = menu.getByRole('button', { name: /^Careful technical writer/ });
      const second = menu.getByRole('button', { name: /^Second preset/ });
      for (const part of [menu, first, second]) await expectShown(part);
      await expectApart(first, second);
      await expectShown(second.getByText('Active', { exact: true }));
      await expect(second).toHaveAttribute('aria-current', 'true');
      await expect(first.getByText('Active', { exact: true })).toHaveCount(0);
      await expectNoSidewaysScroll(page);
      await snapshot(page, `presets-look-menu-${size}-${colorScheme}`);
    });
  }
}
