import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { snapshot, VIEWPORTS } from '../support/fixtures';
import { expect, messageBox, messages, send, signUp, test } from '../support/chat-fixtures';
import { expectApart, expectNoSidewaysScroll, expectShown } from '../support/layout';
import { chooseModel, openPresets } from '../support/presets';
import { expectToastShown } from '../support/toasts';

test('save, pin, apply and delete a preset', async ({ page, fake }) => {
  await signUp(page);
  // The message box takes the focus once the screen has loaded; a menu opened before that would close.
  await expect(messageBox(page)).toBeFocused();
  await chooseModel(page, 'gpt-4o-mini');

  // Save the conversation's setup as a preset: the dialog proposes 'My Preset'.
  let menu = await openPresets(page);
  await menu.getByRole('button', { name: 'Save as preset' }).click();
  const saveDialog = page.getByRole('dialog', { name: 'Save as preset' });
  await expect(saveDialog.getByLabel('Preset name')).toHaveValue('My Preset');
  await saveDialog.getByLabel('Preset name').fill('Mini helper');
  await saveDialog.getByRole('button', { name: 'Save' }).click();
  await expectToastShown(page, 'Mini helper saved!');

  // Another model in the header; applying the preset brings its model back, with 'Active!'.
  await chooseModel(page, 'gpt-4o');
  menu = await openPresets(page);
  await menu.getByRole('button', { name: /^Mini helper/ }).click();
  await expectToastShown(page, 'Active!');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Model: gpt-4o-mini' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Presets (active: Mini helper)' })).toBeVisible();
  await fake.script({ replies: [{ text: 'Preset reply' }] });
  await send(page, 'Hello with a preset');
  await expect(messages(page).nth(1)).toContainText('Preset reply');
  const [request] = await fake.chatRequests();
  expect(request?.body).toMatchObject({ model: 'gpt-4o-mini' });

  // Pinning it as default starts a new conversation with it.
  menu = await openPresets(page);
  const pin = menu.getByRole('button', { name: 'Use Mini helper as default' });
  await expect(pin).toHaveAttribute('aria-pressed', 'false');
  await pin.click();
  await expect(page).toHaveURL(/\/c\/new$/);
  await expect(messageBox(page)).toBeFocused();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Model: gpt-4o-mini' })).toBeVisible();
  menu = await openPresets(page);
  await expect(menu.getByRole('button', { name: 'Use Mini helper as default' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.screenshot({ path: 'artifacts/presets-menu-1280-light.png' });

  await menu.getByRole('button', { name: 'Delete Mini helper' }).click();
  await expect(menu.getByText('No presets yet')).toBeVisible();
  await page.reload();
  await expect(messageBox(page)).toBeFocused();
  menu = await openPresets(page);
  await expect(menu.getByText('No presets yet')).toBeVisible();
});

test('import a preset from JSON, edit it, export it, clear all', async ({ page }) => {
  await signUp(page);
  // The message box takes the focus once the screen has loaded; a menu opened before that would close.
  await expect(messageBox(page)).toBeFocused();
  const dir = mkdtempSync(join(tmpdir(), 'parley-preset-'));
  const file = join(dir, 'preset.json');
  writeFileSync(
    file,
    JSON.stringify({
      presetId: 'someone-elses-id',
      title: 'Imported poet',
      endpoint: 'openAI',
      model: 'gpt-4o',
      temperature: 0.4,
      promptPrefix: 'Answer in verse.',
    }),
  );

  let menu = await openPresets(page);
  const chooser = page.waitForEvent('filechooser');
  await menu.getByRole('button', { name: 'Import preset' }).click();
  await (await chooser).setFiles(file);
  await expectToastShown(page, 'Imported poet imported!');
  await expect(menu.getByRole('button', { name: /^Imported poet/ })).toBeVisible();

  // Edit: rename and save; Export downloads the edited preset as JSON.
  await menu.getByRole('button', { name: 'Edit Imported poet' }).click();
  const edit = page.getByRole('dialog', { name: /Edit preset/ });
  await expect(edit.getByLabel('Endpoint')).toHaveValue('openAI');
  await edit.getByLabel('Preset name').fill('Renamed poet');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: 'artifacts/preset-edit-1280-light.png' });
  const download = page.waitForEvent('download');
  await edit.getByRole('button', { name: 'Export' }).click();
  const exported = await download;
  expect(exported.suggestedFilename()).toBe('Renamed poet.json');
  const json = JSON.parse(readFileSync(await exported.path(), 'utf8')) as Record<string, unknown>;
  expect(json).toMatchObject({
    title: 'Renamed poet',
    presetId: null,
    temperature: 0.4,
    promptPrefix: 'Answer in verse.',
  });
  expect(json).not.toHaveProperty('user');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();

  menu = await openPresets(page);
  await expect(menu.getByRole('button', { name: /^Renamed poet/ })).toBeVisible();
  await menu.getByRole('button', { name: 'Clear all' }).click();
  const confirm = page.getByRole('dialog', { name: 'Clear all presets?' });
  await confirm.getByRole('button', { name: 'Clear all' }).click();
  menu = await openPresets(page);
  await expect(menu.getByText('No presets yet')).toBeVisible();
});

test('a file that is not a preset is refused with the SPEC message', async ({ page }) => {
  await signUp(page);
  // The message box takes the focus once the screen has loaded; a menu opened before that would close.
  await expect(messageBox(page)).toBeFocused();
  const dir = mkdtempSync(join(tmpdir(), 'parley-preset-'));
  const file = join(dir, 'bad.json');
  writeFileSync(file, 'not json at all');
  const menu = await openPresets(page);
  const chooser = page.waitForEvent('filechooser');
  await menu.getByRole('button', { name: 'Import preset' }).click();
  await (await chooser).setFiles(file);
  await expectToastShown(page, 'There was an error importing your preset. Please try again.');
});

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`presets menu screenshots (${size}, ${colorScheme})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await signUp(page);
      await expect(messageBox(page)).toBeFocused();
      let menu = await openPresets(page);
      // What the pictures show: the empty menu with its actions, the save dialog with the whole long name,
      // then the menu holding it, each part in view, apart, and nothing sticking out sideways.
      await expectShown(menu);
      await expectShown(menu.getByText('No presets yet'));
      await expectShown(menu.getByRole('button', { name: 'Save as preset' }));
      await expectShown(menu.getByRole('button', { name: 'Import preset' }));
      await expectApart(
        menu.getByText('No presets yet'),
        menu.getByRole('button', { name: 'Save as preset' }),
        menu.getByRole('button', { name: 'Import preset' }),
      );
      await expectNoSidewaysScroll(page);
      await snapshot(page, `presets-empty-${size}-${colorScheme}`);
      await menu.getByRole('button', { name: 'Save as preset' }).click();
      const saveDialog = page.getByRole('dialog', { name: 'Save as preset' });
      // A long name shows whether the dialog and the menu wrap or cut it at 375 px.
      await saveDialog
        .getByLabel('Preset name')
        .fill('A rather long preset name for careful technical writing');
      await expectShown(saveDialog);
      await expect(saveDialog.getByLabel('Preset name')).toHaveValue(
        'A rather long preset name for careful technical writing',
      );
      await expectShown(saveDialog.getByLabel('Preset name'));
      await expectShown(saveDialog.getByRole('button', { name: 'Save' }));
      await expectApart(
        saveDialog.getByLabel('Preset name'),
        saveDialog.getByRole('button', { name: 'Save' }),
      );
      await expectNoSidewaysScroll(page);
      await snapshot(page, `presets-save-dialog-${size}-${colorScheme}`);
      await saveDialog.getByRole('button', { name: 'Save' }).click();
      await expectToastShown(page, 'A rather long preset name for careful technical writing saved!');
      menu = await openPresets(page);
      const saved = menu.getByRole('button', { name: /^A rather long preset name/ });
      await expectShown(saved);
      await expectShown(menu.getByRole('button', { name: /^Use A rather long preset name.* as default$/ }));
      await expectShown(menu.getByRole('button', { name: /^Delete A rather long preset name/ }));
      await expectApart(saved, menu.getByRole('button', { name: /^Delete A rather long preset name/ }));
      await expectNoSidewaysScroll(page);
      await snapshot(page, `presets-menu-${size}-${colorScheme}`);
    });
  }
}
