import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { snapshot, VIEWPORTS } from '../support/fixtures';
import { expect, messageBox, messages, send, signUp, test } from '../support/chat-fixtures';
import { expectApart, expectNoSidewaysScroll, expectShown } from '../support/layout';

async function openExport(page: Page) {
  await page.getByRole('button', { name: 'Ada Lovelace' }).click();
  await page.getByRole('menuitem', { name: 'Export conversation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export conversation' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function exportAs(
  page: Page,
  type: RegExp,
  setup?: (dialog: ReturnType<Page['getByRole']>) => Promise<void>,
) {
  const dialog = await openExport(page);
  await dialog.getByRole('radio', { name: type }).check();
  await dialog.getByLabel('File name').fill('my export');
  await setup?.(dialog);
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export' }).click();
  const file = await download;
  await expect(dialog).toBeHidden();
  const bytes = readFileSync(await file.path());
  return { name: file.suggestedFilename(), text: bytes.toString('utf8'), bytes };
}

test('export a conversation as a screenshot, text, Markdown, JSON and CSV', async ({ page, fake }) => {
  await signUp(page);
  // The message box takes the focus once the screen has loaded; a menu opened before that would close.
  await expect(messageBox(page)).toBeFocused();
  const menuEntry = async () => {
    await page.getByRole('button', { name: 'Ada Lovelace' }).click();
    const item = page.getByRole('menuitem', { name: 'Export conversation' });
    await expect(item).toBeVisible();
    return item;
  };
  // Not for a conversation that does not exist yet.
  await expect(await menuEntry()).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Escape');

  await fake.script({ replies: [{ text: 'First, answer' }, { text: 'Second "answer"' }] });
  await send(page, 'Question one');
  await expect(messages(page).nth(1)).toContainText('First, answer');
  await messages(page).nth(1).getByRole('button', { name: 'Regenerate' }).click();
  await expect(messages(page).nth(1)).toContainText('Second "answer"');

  // Opens on the screenshot type with the title as the file name.
  const dialog = await openExport(page);
  await expect(dialog.getByRole('radio', { name: /Screenshot/ })).toBeChecked();
  await expect(dialog.getByLabel('File name')).toHaveValue('Question one');
  await expect(dialog.getByRole('checkbox', { name: 'Include endpoint options' })).toBeDisabled();
  await dialog.getByRole('radio', { name: /CSV/ }).check();
  await expect(dialog.getByRole('checkbox', { name: 'Include endpoint options' })).toBeDisabled();
  await expect(dialog.getByRole('checkbox', { name: 'Export all message branches' })).toBeEnabled();
  await dialog.getByRole('radio', { name: /Markdown/ }).check();
  await expect(dialog.getByRole('checkbox', { name: 'Export all message branches' })).toBeDisabled();
  await page.screenshot({ path: 'artifacts/export-dialog-1280-light.png' });
  await page.keyboard.press('Escape');

  const text = await exportAs(page, /Text/, (d) =>
    d.getByRole('checkbox', { name: 'Include endpoint options' }).check(),
  );
  expect(text.name).toBe('my export.txt');
  expect(text.text).toMatch(/>> [^\n]+:\nQuestion one\n/);
  expect(text.text).toContain('Second "answer"');
  expect(text.text).not.toContain('First, answer');
  expect(text.text).toContain('model: gpt-4o');

  const markdown = await exportAs(page, /Markdown/);
  expect(markdown.name).toBe('my export.md');
  expect(markdown.text).toMatch(/## History\n\*\*[^\n]+\*\*\nQuestion one/);
  expect(markdown.text).not.toContain('## Options');

  const json = await exportAs(page, /JSON/, (d) =>
    d.getByRole('checkbox', { name: 'Export all message branches' }).check(),
  );
  expect(json.name).toBe('my export.json');
  const parsed = JSON.parse(json.text) as { messages: { text: string; children: { text: string }[] }[] };
  expect(parsed.messages).toHaveLength(1);
  expect(parsed.messages[0]?.children.map((m) => m.text)).toEqual(['First, answer', 'Second "answer"']);

  const csv = await exportAs(page, /CSV/, (d) =>
    d.getByRole('checkbox', { name: 'Export all message branches' }).check(),
  );
  expect(csv.name).toBe('my export.csv');
  const lines = csv.text.trim().split('\r\n');
  expect(lines[0]).toBe('sender,text,isCreatedByUser,error,unfinished,messageId,parentMessageId,createdAt');
  expect(lines).toHaveLength(4);
  expect(csv.text).toContain('"First, answer"');
  expect(csv.text).toContain('"Second ""answer"""');

  const png = await exportAs(page, /Screenshot/);
  expect(png.name).toBe('my export.png');
  expect([...png.bytes.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  expect(png.bytes.length).toBeGreaterThan(1_000);
});

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`export dialog screenshots (${size}, ${colorScheme})`, async ({ page, fake }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await signUp(page);
      await expect(messageBox(page)).toBeFocused();
      await fake.script({ replies: [{ text: 'An answer to export.' }] });
      await send(page, 'Question to export');
      await expect(messages(page).nth(1)).toContainText('An answer to export.');
      if (size === 'mobile') await page.getByRole('button', { name: 'Open sidebar' }).click();
      const dialog = await openExport(page);
      // What the pictures show: the dialog with its choices, the file name and Export, each in view and apart.
      await expectShown(dialog);
      await expect(dialog.getByRole('radio', { name: /Screenshot/ })).toBeChecked();
      await expect(dialog.getByLabel('File name')).toHaveValue('Question to export');
      const parts = [
        dialog.getByRole('radio', { name: /Screenshot/ }),
        dialog.getByRole('radio', { name: /JSON/ }),
        dialog.getByLabel('File name'),
        dialog.getByRole('button', { name: 'Export' }),
      ];
      for (const part of parts) await expectShown(part);
      await expectApart(...parts);
      await expectNoSidewaysScroll(page);
      await snapshot(page, `export-dialog-${size}-${colorScheme}`);
      await dialog.getByRole('radio', { name: /JSON/ }).check();
      // JSON offers the endpoint options and the branches, in view.
      const options = dialog.getByRole('checkbox', { name: 'Include endpoint options' });
      const branches = dialog.getByRole('checkbox', { name: 'Export all message branches' });
      await expect(options).toBeEnabled();
      await expect(branches).toBeEnabled();
      await expectShown(options);
      await expectShown(branches);
      await expectApart(options, branches, dialog.getByRole('button', { name: 'Export' }));
      await snapshot(page, `export-dialog-json-${size}-${colorScheme}`);
    });
  }
}
