import type { Locator, Page } from '@playwright/test';
import { snapshot, VIEWPORTS } from '../support/fixtures';
import { expect, messageBox, messages, send, signUp, test } from '../support/chat-fixtures';
import { expectApart, expectNoSidewaysScroll, expectShown } from '../support/layout';
import { presetsTrigger } from '../support/presets';
import { expectToastShown } from '../support/toasts';

/**
 * Issue 16 item 7: closing a dialog gives focus back to what opened it, focus rings show for keyboard use
 * only, and the settings dialog keeps one height with a tab row that scrolls (with a cue) on a phone.
 */

function userMenu(page: Page) {
  return page.getByRole('button', { name: 'Ada Lovelace' });
}

async function openSettings(page: Page) {
  await userMenu(page).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings).toBeVisible();
  return settings;
}

/** Closes `dialog` with Escape or its ✕ button; it must be gone and `opener` focused again. */
async function closeAndExpectFocus(dialog: Locator, how: 'Escape' | 'close button', opener: Locator) {
  if (how === 'Escape') await dialog.page().keyboard.press('Escape');
  else await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
}

test('closing a dialog with Escape or ✕ gives focus back to what opened it', async ({ page, fake }) => {
  await signUp(page);
  await expect(messageBox(page)).toBeFocused();
  await fake.script({ replies: [{ text: 'A reply.' }] });
  await send(page, 'Something to delete later');
  await expect(messages(page).nth(1)).toContainText('A reply.');

  // Settings, opened from the user menu: focus goes back to the menu's button.
  for (const how of ['Escape', 'close button'] as const) {
    const settings = await openSettings(page);
    await closeAndExpectFocus(settings, how, userMenu(page));
  }

  // Endpoint settings (the Parameters popover).
  const parametersButton = page.getByRole('button', { name: 'Parameters' });
  for (const how of ['Escape', 'close button'] as const) {
    await parametersButton.click();
    const parameters = page.getByRole('dialog', { name: 'Parameters' });
    await expect(parameters).toBeVisible();
    await closeAndExpectFocus(parameters, how, parametersButton);
  }

  // The presets menu, and the dialogs opened from inside it, give focus back to the Presets button.
  await presetsTrigger(page).click();
  const menu = page.getByRole('dialog', { name: 'Presets' });
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(presetsTrigger(page)).toBeFocused();

  await presetsTrigger(page).click();
  await menu.getByRole('button', { name: 'Save as preset' }).click();
  const save = page.getByRole('dialog', { name: 'Save as preset' });
  await expect(save).toBeVisible();
  await closeAndExpectFocus(save, 'Escape', presetsTrigger(page));

  // The same with the keyboard: the dialog has the focus (not the Presets button behind it, whose
  // tooltip would take the first Escape), and one Escape closes it.
  await presetsTrigger(page).press('Enter');
  await menu.getByRole('button', { name: 'Save as preset' }).press('Enter');
  await expect(save).toBeVisible();
  await expect
    .poll(() => save.evaluate((dialog) => dialog.contains(dialog.ownerDocument.activeElement)))
    .toBe(true);
  await closeAndExpectFocus(save, 'Escape', presetsTrigger(page));

  await presetsTrigger(page).click();
  await menu.getByRole('button', { name: 'Save as preset' }).click();
  await save.getByLabel('Preset name').fill('Focus preset');
  await save.getByRole('button', { name: 'Save' }).click();
  await expect(save).toHaveCount(0);
  await expectToastShown(page, 'Focus preset saved!');

  await presetsTrigger(page).click();
  await menu.getByRole('button', { name: 'Edit Focus preset' }).click();
  const edit = page.getByRole('dialog', { name: /Edit preset/ });
  await expect(edit).toBeVisible();
  await closeAndExpectFocus(edit, 'close button', presetsTrigger(page));

  // A confirmation (presets' Clear all).
  await presetsTrigger(page).click();
  await menu.getByRole('button', { name: 'Clear all' }).click();
  const clear = page.getByRole('dialog', { name: 'Clear all presets?' });
  await expect(clear).toBeVisible();
  await closeAndExpectFocus(clear, 'Escape', presetsTrigger(page));

  // The delete confirmation of a conversation, opened from its row's "…" menu.
  const sidebar = page.getByRole('navigation', { name: 'Chat history' });
  const rowMenu = sidebar.getByRole('button', { name: /^Options for / }).first();
  for (const how of ['Escape', 'close button'] as const) {
    await rowMenu.click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete chat?' });
    await expect(confirm).toBeVisible();
    await closeAndExpectFocus(confirm, how, rowMenu);
  }
});

/**
 * Whether the element draws a focus indicator now: an outline, or a ring (Tailwind's ring is a box-shadow
 * with a spread; the unset layers of it are transparent zero shadows).
 */
function focusIndicator(target: Locator) {
  return target.evaluate((element) => {
    const style = element.ownerDocument.defaultView?.getComputedStyle(element);
    if (!style) return false;
    if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) return true;
    const shadows: string[] = style.boxShadow.match(/(?:[a-z]+\([^)]*\)|#[0-9a-f]+)[^,]*/gi) ?? [];
    return shadows.some((shadow) => {
      const transparent = /^rgba\([^)]*,\s*0\)/.test(shadow) || shadow.startsWith('transparent');
      const spread = parseFloat(shadow.trim().split(/\s+/).at(-1) ?? '0');
      return !transparent && spread > 0;
    });
  });
}

test('focus rings show for the keyboard, not for a mouse click', async ({ page, fake }) => {
  test.slow(); // many steps, each waiting for the focus to settle: over a minute on a loaded machine
  await signUp(page);
  await expect(messageBox(page)).toBeFocused();
  await fake.script({ replies: [{ text: 'Ring check.' }] });
  await send(page, 'Hello');
  await expect(messages(page).nth(1)).toContainText('Ring check.');
  // The reply has ended and the chat has its own address: nothing re-renders the message under the click.
  await expect(page.getByRole('button', { name: 'Stop generating' })).toBeHidden();
  await expect(page).toHaveURL(/\/c\/(?!new)[^/]+$/);

  // A message action: a click focuses it without a ring; Shift+Tab, Tab back to it shows one.
  // Its name says "Copied" for a moment after a click.
  const copy = messages(page)
    .nth(1)
    .getByRole('button', { name: /^(Copy to clipboard|Copied)$/ });
  // The message box takes the focus back once the new chat settles (FOCUS_DELAY_MS): click until it stays.
  await expect(async () => {
    await copy.click();
    await expect(copy).toBeFocused({ timeout: 1_000 });
  }).toPass();
  await expect.poll(() => focusIndicator(copy), 'Copy after a click').toBe(false);
  await expect(copy).toHaveCSS('outline-style', 'none');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(copy).toBeFocused();
  await expect.poll(() => focusIndicator(copy), 'Copy after Tab').toBe(true);

  // Settings opened with the mouse (after typing in the message box): the dialog's first button takes the
  // focus without a ring, and a click on a tab draws none either.
  await messageBox(page).fill('typing first');
  const settings = await openSettings(page);
  const close = settings.getByRole('button', { name: 'Close', exact: true });
  await expect(close).toBeFocused();
  await expect.poll(() => focusIndicator(close), 'Close after a mouse open').toBe(false);
  const beta = settings.getByRole('tab', { name: 'Beta' });
  await beta.click();
  await expect(beta).toBeFocused();
  await expect.poll(() => focusIndicator(beta), 'tab after a click').toBe(false);
  // The keyboard moves to the next tab, which shows its ring.
  await page.keyboard.press('ArrowDown');
  const data = settings.getByRole('tab', { name: 'Data controls' });
  await expect(data).toBeFocused();
  await expect.poll(() => focusIndicator(data), 'tab after an arrow key').toBe(true);

  // A control with only the global rule (a native select) gets its outline from the keyboard.
  await settings.getByRole('tab', { name: 'General' }).click();
  const theme = settings.getByRole('combobox', { name: 'Theme' });
  await theme.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(theme).toBeFocused();
  await expect.poll(() => focusIndicator(theme), 'select after Tab').toBe(true);
  await closeAndExpectFocus(settings, 'close button', userMenu(page));
  await expect.poll(() => focusIndicator(userMenu(page)), 'user menu after ✕ clicked').toBe(false);

  // Opened with the keyboard, the dialog's first button shows its ring.
  await userMenu(page).press('Enter');
  await page.getByRole('menuitem', { name: 'Settings' }).press('Enter');
  await expect(close).toBeFocused();
  await expect.poll(() => focusIndicator(close), 'Close after a keyboard open').toBe(true);
  await page.keyboard.press('Escape');
  await expect(userMenu(page)).toBeFocused();
  await expect.poll(() => focusIndicator(userMenu(page)), 'user menu after Escape').toBe(true);
});

const TABS = ['General', 'Beta', 'Data', 'Account'] as const;

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  test(`the settings dialog keeps one height whichever tab shows (${size})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signUp(page);
    await expect(messageBox(page)).toBeFocused();
    if (size === 'mobile') await page.getByRole('button', { name: 'Open sidebar' }).click();
    const settings = await openSettings(page);
    const heights: number[] = [];
    const widths: number[] = [];
    for (const name of TABS) {
      await settings.getByRole('tab', { name }).click();
      await expect(settings.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
      const box = await settings.boundingBox();
      expect(box, name).not.toBeNull();
      heights.push(Math.round(box?.height ?? 0));
      widths.push(Math.round(box?.width ?? 0));
    }
    console.log(`settings dialog ${size}: heights ${heights.join(', ')}; widths ${widths.join(', ')}`);
    expect(new Set(heights).size, `heights ${heights.join(', ')}`).toBe(1);
    expect(new Set(widths).size, `widths ${widths.join(', ')}`).toBe(1);
    // It fits the window.
    expect(heights[0]).toBeLessThanOrEqual(viewport.height);
    expect(widths[0]).toBeLessThanOrEqual(viewport.width);
  });
}

test('on a phone the settings tabs are two rows of two, every tab whole (issue 27)', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.mobile);
  await signUp(page);
  await expect(messageBox(page)).toBeFocused();
  await page.getByRole('button', { name: 'Open sidebar' }).click();
  const settings = await openSettings(page);
  const row = settings.getByRole('tablist', { name: 'Settings' });
  expect(await row.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
  for (const tab of await row.getByRole('tab').all()) await expect(tab).toBeInViewport({ ratio: 1 });
  await snapshot(page, 'focus-settings-tabs-start');
});

/**
 * What every settings picture shows: the dialog whole inside the window, its four tabs (`selected` the
 * chosen one) and its ✕ each in view and apart, nothing sticking out sideways.
 */
async function expectSettingsWhole(settings: Locator, selected: string) {
  await expect(settings).toBeInViewport({ ratio: 1 });
  await expectShown(settings);
  const tabs = settings.getByRole('tab');
  await expect(tabs).toHaveText(['General', 'Beta features', 'Data controls', 'Account']);
  await expect(settings.getByRole('tab', { selected: true })).toHaveText(selected);
  const close = settings.getByRole('button', { name: 'Close', exact: true });
  for (const part of [...(await tabs.all()), close]) await expectShown(part);
  await expectApart(...(await tabs.all()), close);
  await expectNoSidewaysScroll(settings.page());
}

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`settings dialog screenshots (${size}, ${colorScheme})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await signUp(page);
      await expect(messageBox(page)).toBeFocused();
      if (size === 'mobile') await page.getByRole('button', { name: 'Open sidebar' }).click();
      const settings = await openSettings(page);
      await expect(settings.getByRole('combobox', { name: 'Theme' })).toBeVisible();
      await expectSettingsWhole(settings, 'General');
      await expectShown(settings.getByRole('combobox', { name: 'Theme' }));
      await snapshot(page, `focus-settings-general-${size}-${colorScheme}`);
      await settings.getByRole('tab', { name: 'Account' }).click();
      await expect(settings.getByRole('tab', { name: 'Account' })).toBeInViewport({ ratio: 0.95 });
      await expectSettingsWhole(settings, 'Account');
      await expect(settings.getByLabel('Full name')).toHaveValue('Ada Lovelace');
      await expectShown(settings.getByLabel('Full name'));
      await snapshot(page, `focus-settings-account-${size}-${colorScheme}`);
      // Keyboard focus on a tab shows its ring.
      await page.keyboard.press(size === 'mobile' ? 'ArrowLeft' : 'ArrowUp');
      await expect(settings.getByRole('tab', { name: 'Data controls' })).toBeFocused();
      await expectSettingsWhole(settings, 'Data controls');
      await snapshot(page, `focus-settings-keyboard-${size}-${colorScheme}`);
    });
  }
}
