import { mkdirSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { VIEWPORTS } from '../support/fixtures';
import { expect, messageBox, signUp, test } from '../support/chat-fixtures';
import { expectApart, expectNoSidewaysScroll, expectShown } from '../support/layout';
import { openPresets, presetsMenu, savePreset } from '../support/presets';

const arabic = JSON.parse(
  readFileSync(new URL('../../web/src/locales/ar-EG.json', import.meta.url), 'utf8'),
) as Record<string, string>;

/** Screenshots for people to look at (not in the repository). */
const SHOTS = process.env.PARLEY_SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, animations: 'disabled' });
}

/** A localStorage value of the page (e2e compiles without the DOM library). */
function stored(page: Page, key: string) {
  return page.evaluate(
    (name) =>
      (
        globalThis as unknown as { localStorage: { getItem: (k: string) => string | null } }
      ).localStorage.getItem(name),
    key,
  );
}

test('the default preset’s pin has a tooltip: after 250 ms of hover, at once on keyboard focus', async ({
  page,
}) => {
  // The page's clock runs in step with real time until the keyboard part holds it still.
  await page.clock.install();
  await signUp(page);
  await expect(messageBox(page)).toBeFocused();
  await savePreset(page, 'Careful writer');
  let menu = await openPresets(page);
  const pin = menu.getByRole('button', { name: 'Use Careful writer as default' });
  const tooltip = page.getByRole('tooltip');

  // Hover: nothing before SPEC's 250 ms, then the tooltip, which describes the pin; leaving hides it.
  const hoveredAt = Date.now();
  await pin.hover();
  await expect(tooltip).toHaveText('Pin as default');
  expect(Date.now() - hoveredAt).toBeGreaterThanOrEqual(250);
  const id = await tooltip.getAttribute('id');
  await expect(pin).toHaveAttribute('aria-describedby', id ?? 'missing');
  await page.mouse.move(5, 400, { steps: 5 });
  await expect(tooltip).toBeHidden();

  // Pinned: the tooltip says it is the default preset.
  await pin.click();
  await expect(page).toHaveURL(/\/c\/new$/);
  await expect(messageBox(page)).toBeFocused();
  menu = await openPresets(page);
  await page.mouse.move(5, 400, { steps: 5 });
  const pinned = menu.getByRole('button', { name: 'Use Careful writer as default' });
  await expect(pinned).toHaveAttribute('aria-pressed', 'true');

  // Keyboard: Tab onto the pin shows the tooltip at once; Escape hides it and leaves the menu open.
  // "At once" is checked on the page's own clock, held still: the hover delay cannot run out, so a tooltip
  // that shows came from the focus alone (a 200 ms wall-clock limit here raced the render on a loaded machine).
  await menu.getByRole('button', { name: /^Careful writer/ }).focus();
  await page.clock.pauseAt(Date.now() + 1_000);
  await page.keyboard.press('Tab');
  await expect(pinned).toBeFocused();
  await expect(tooltip).toHaveText('Default preset');
  await shot(page, 'pin-tooltip-keyboard-1280-light');
  await page.keyboard.press('Escape');
  await expect(tooltip).toBeHidden();
  await expect(presetsMenu(page)).toBeVisible();
  // Blur hides it too.
  await page.keyboard.press('Tab');
  await expect(pinned).not.toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(pinned).toBeFocused();
  await expect(tooltip).toHaveText('Default preset');
  await page.keyboard.press('Tab');
  await expect(tooltip).toBeHidden();
  await page.clock.resume();
});

test('a click that opens the presets menu shows no tooltip unasked', async ({ page }) => {
  // The page's timers run on a clock of our own: the tooltip's 250 ms delay is run through, not slept.
  await page.clock.install();
  await signUp(page);
  await expect(messageBox(page)).toBeFocused();
  await openPresets(page);
  await page.mouse.move(5, 400, { steps: 5 });
  await page.clock.runFor(1_000);
  await expect(presetsMenu(page)).toBeVisible();
  await expect(page.getByRole('tooltip')).toHaveCount(0);
});

test('the side panel’s Hide folds it away completely, across a reload, until Show brings it back', async ({
  page,
}) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await signUp(page);
  await expect(messageBox(page)).toBeFocused();
  const panel = page.getByRole('complementary', { name: 'Side panel' });
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: 'Hide panel' }).click();
  await expect(panel).toHaveCount(0);
  const show = page.getByRole('button', { name: 'Show side panel' });
  await expect(show).toBeVisible();
  expect(await stored(page, 'fullPanelCollapse')).toBe('true');

  await page.reload();
  await expect(messageBox(page)).toBeFocused();
  await expect(show).toBeVisible();
  await expect(panel).toHaveCount(0);
  await show.click();
  await expect(panel).toBeVisible();
  expect(await stored(page, 'fullPanelCollapse')).toBe('false');
  // Settings' own "hide the side panel" preference was never touched.
  expect(await stored(page, 'hideSidePanel')).toBeNull();
});

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`tooltip and folded panel screenshots (${size}, ${colorScheme})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await signUp(page);
      await expect(messageBox(page)).toBeFocused();
      await savePreset(page, 'A rather long preset name for careful technical writing');
      const menu = await openPresets(page);
      await menu.getByRole('button', { name: /^A rather long preset name/ }).focus();
      await page.keyboard.press('Tab');
      const tooltip = page.getByRole('tooltip');
      await expect(tooltip).toHaveText('Pin as default');
      // On screen, even at 375 px.
      const box = await tooltip.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
      await shot(page, `pin-tooltip-${size}-${colorScheme}`);
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      await expect(presetsMenu(page)).toBeHidden();
      if (size === 'desktop') {
        await page.getByRole('button', { name: 'Hide panel' }).click();
        const show = page.getByRole('button', { name: 'Show side panel' });
        await show.hover();
        await expect(tooltip).toHaveText('Show side panel');
        await shot(page, `panel-folded-${size}-${colorScheme}`);
      } else {
        await shot(page, `panel-none-${size}-${colorScheme}`);
      }
    });
  }
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`tooltip and folded panel in a right-to-left language (desktop, ${colorScheme})`, async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.emulateMedia({ colorScheme });
    await signUp(page);
    await expect(messageBox(page)).toBeFocused();
    await page.getByRole('button', { name: 'Hide panel' }).click();
    await page.evaluate(() =>
      (
        globalThis as unknown as { localStorage: { setItem: (k: string, v: string) => void } }
      ).localStorage.setItem('lang', 'ar-EG'),
    );
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    // The folded panel's button sits at the end of the chat, which is the left in RTL.
    const show = page.getByRole('button', { name: 'إظهار اللوحة الجانبية' });
    await show.hover();
    const tooltip = page.getByRole('tooltip');
    await expect(tooltip).toHaveText('إظهار اللوحة الجانبية');
    const [button, tip] = [await show.boundingBox(), await tooltip.boundingBox()];
    expect(button!.x).toBeLessThan(VIEWPORTS.desktop.width / 2);
    // Its tooltip opens towards the start (the right in RTL) and stays on screen.
    expect(tip!.x).toBeGreaterThanOrEqual(button!.x + button!.width);
    expect(tip!.x + tip!.width).toBeLessThanOrEqual(VIEWPORTS.desktop.width);
    // The picture: the Arabic tooltip, read right to left, whole and beside (not over) its button; the side
    // panel folded away; the Arabic message box in view; nothing sticking out sideways.
    await expectShown(show);
    await expectShown(tooltip);
    await expectApart(show, tooltip);
    await expect(tooltip).toHaveCSS('direction', 'rtl');
    await expect(page.getByRole('complementary', { name: arabic.com_ui_side_panel })).toHaveCount(0);
    const box = page.getByRole('textbox', { name: arabic.com_ui_message_input, exact: true });
    await expectShown(box);
    await expectApart(box, tooltip);
    await expectNoSidewaysScroll(page);
    await shot(page, `panel-folded-rtl-desktop-${colorScheme}`);
  });
}
