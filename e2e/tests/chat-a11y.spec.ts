import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, messageBox, messages, send, signUp, test } from '../support/chat-fixtures';

/** Serious and critical axe-core violations on the page as it is now. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the chat screens have no serious accessibility violations (${colorScheme})`, async ({
    page,
    fake,
  }) => {
    await page.emulateMedia({ colorScheme });
    await signUp(page);
    expect(await seriousViolations(page), 'empty chat').toEqual([]);

    await fake.script({ replies: [{ text: 'A **reply** with `code`:\n\n```js\nconst a = 1;\n```' }] });
    await send(page, 'Hello');
    await expect(page.getByRole('button', { name: 'Regenerate' })).toBeVisible();
    expect(await seriousViolations(page), 'conversation').toEqual([]);

    await messages(page).nth(0).getByRole('button', { name: 'Edit' }).click();
    expect(await seriousViolations(page), 'editing').toEqual([]);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: /^Model:/ }).click();
    expect(await seriousViolations(page), 'model menu').toEqual([]);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Parameters' }).click();
    await expect(page.getByRole('dialog', { name: 'Parameters' }).getByRole('slider').first()).toBeVisible();
    expect(await seriousViolations(page), 'parameters').toEqual([]);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Ada Lovelace' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
    expect(await seriousViolations(page), 'settings').toEqual([]);
    await page.keyboard.press('Escape');

    await page
      .getByRole('button', { name: /^Options for / })
      .first()
      .click();
    expect(await seriousViolations(page), 'conversation menu').toEqual([]);
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    expect(await seriousViolations(page), 'delete dialog').toEqual([]);
  });
}

test('keyboard only: the box takes focus, Enter sends, a focused Regenerate works with Enter', async ({
  page,
  fake,
}) => {
  await signUp(page);
  await fake.script({ replies: [{ text: 'First.' }, { text: 'Second.' }] });
  // SPEC §4 New conversation: the text box takes focus by itself.
  await expect(messageBox(page)).toBeFocused();
  await page.keyboard.type('Typed without a mouse');
  await page.keyboard.press('Enter');
  await expect(messages(page).nth(1)).toContainText('First.');
  const regenerate = messages(page).nth(1).getByRole('button', { name: 'Regenerate' });
  await regenerate.focus();
  await expect(regenerate).toBeFocused();
  // When the new chat gets its address, the message box does not take the focus back.
  await expect(page).toHaveURL(/\/c\/(?!new)[^/]+$/);
  await expect(regenerate).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(messages(page).nth(1)).toContainText('Second.');
});
