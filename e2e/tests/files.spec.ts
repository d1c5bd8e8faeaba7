import { snapshot, VIEWPORTS } from '../support/fixtures';
import { expect, messageBox, messages, send, signUp, test } from '../support/chat-fixtures';
import { watchFileDeletions } from '../support/file-deletions';
import { expectApart, expectNoSidewaysScroll, expectShown } from '../support/layout';
import {
  attachFiles,
  attachmentChips,
  dragFiles,
  loadedWidth,
  pasteFile,
  RED_DOT_PNG,
  solidPng,
  textFile,
  waitForUploads,
} from '../support/files';
import { expectToastShown } from '../support/toasts';

const dot = { name: 'red-dot.png', mimeType: 'image/png', buffer: RED_DOT_PNG };
const notes = textFile('notes.txt', 'The secret word is pelican.');

test('an image and a text file go with the message and stay on it after a reload', async ({ page, fake }) => {
  await signUp(page);
  await attachFiles(page, [dot, notes]);
  await waitForUploads(page, 2);
  await expect(attachmentChips(page).getByRole('img', { name: 'red-dot.png' })).toBeVisible();
  await expect(attachmentChips(page)).toContainText('notes.txt');

  await fake.script({ replies: [{ text: 'A red dot and a secret word.' }] });
  await send(page, 'What did I attach?');
  await expect(messages(page).nth(1)).toContainText('A red dot and a secret word.');
  await expect(page.getByRole('list', { name: 'Attached files' })).toHaveCount(1);

  const [request] = await fake.chatRequests();
  const body = JSON.stringify(request?.body);
  expect(body).toContain('image_url');
  expect(body).toContain('data:image/');
  expect(body).toContain('The secret word is pelican.');

  const question = messages(page).first();
  await expect(question.getByRole('img', { name: 'red-dot.png' })).toBeVisible();
  await expect(question).toContainText('notes.txt');

  await page.reload();
  const thumbnail = messages(page).first().getByRole('img', { name: 'red-dot.png' });
  await expect(thumbnail).toBeVisible();
  await expect.poll(() => loadedWidth(thumbnail)).toBeGreaterThan(0);
  const link = messages(page).first().getByRole('link', { name: 'red-dot.png' });
  await expect(link).toHaveAttribute('target', '_blank');
});

test('a file of an unsupported type is refused with the SPEC text', async ({ page }) => {
  await signUp(page);
  await attachFiles(page, [
    { name: 'setup.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') },
  ]);
  await expectToastShown(page, 'Currently, unsupported file type: application/x-msdownload');
  await expect(page.getByRole('list', { name: 'Attached files' })).toHaveCount(0);
});

test('dropped and pasted files attach; a removed chip leaves My files', async ({ page }) => {
  const deletions = watchFileDeletions(page);
  await signUp(page);
  await dragFiles(messageBox(page), [{ name: 'dropped.txt', type: 'text/plain', text: 'dropped' }], false);
  await expect(page.getByText('Add anything')).toBeVisible();
  await expect(page.getByText('Drop any file here to add it to the conversation')).toBeVisible();
  await dragFiles(messageBox(page), [{ name: 'dropped.txt', type: 'text/plain', text: 'dropped' }], true);
  await expect(page.getByText('Add anything')).toBeHidden();
  await pasteFile(messageBox(page), { name: 'pasted.txt', type: 'text/plain', text: 'pasted' });
  await waitForUploads(page, 2);

  await page.getByRole('button', { name: 'Remove dropped.txt' }).click();
  await waitForUploads(page, 1);
  // SPEC §4: removals are deleted in a batch after 1 s; the kept file is not in it.
  await expect.poll(deletions.deleted).toEqual(['dropped.txt']);
  await page.getByRole('button', { name: 'Ada Lovelace' }).click();
  await page.getByRole('menuitem', { name: 'My files' }).click();
  const dialog = page.getByRole('dialog', { name: 'My files' });
  await expect(dialog.getByRole('row')).toHaveCount(2);
  await expect(dialog).toContainText('pasted.txt');
  await expect(dialog).not.toContainText('dropped.txt');
});

test('files never sent are deleted by a new conversation and by a reload', async ({ page }) => {
  const myFilesRows = async () => {
    await page.getByRole('button', { name: 'Ada Lovelace' }).click();
    await page.getByRole('menuitem', { name: 'My files' }).click();
    const dialog = page.getByRole('dialog', { name: 'My files' });
    await expect(dialog).toBeVisible();
    return dialog;
  };
  await signUp(page);
  await attachFiles(page, [textFile('draft.txt', 'draft')]);
  await waitForUploads(page, 1);
  await page.getByRole('link', { name: 'New chat', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Attached files' })).toHaveCount(0);
  // SPEC §4: deleted with the next batch, 1 s later (no reload: the new conversation alone does it).
  await expect(async () => {
    const dialog = await myFilesRows();
    try {
      await expect(dialog).toContainText('No results.', { timeout: 5_000 });
    } finally {
      await page.keyboard.press('Escape');
    }
  }).toPass();

  await attachFiles(page, [textFile('left-behind.txt', 'left behind')]);
  await waitForUploads(page, 1);
  await expect(async () => {
    await page.reload();
    const dialog = await myFilesRows();
    await expect(dialog).toContainText('No results.', { timeout: 5_000 });
  }).toPass();
});

test('My files lists uploads, filters, sorts and deletes the selected ones', async ({ page }) => {
  await signUp(page);
  await attachFiles(page, [dot, notes, textFile('agenda.txt', 'Monday')]);
  await waitForUploads(page, 3);

  await page.getByRole('button', { name: 'Ada Lovelace' }).click();
  await page.getByRole('menuitem', { name: 'My files' }).click();
  const dialog = page.getByRole('dialog', { name: 'My files' });
  const rows = dialog.getByRole('row');
  await expect(rows).toHaveCount(4);
  await expect(dialog).toContainText('0 of 3 row(s) selected.');
  await expect(dialog).toContainText('< 0.01 MB');

  await dialog.getByRole('button', { name: 'Name' }).click();
  await expect(rows.nth(1)).toContainText('agenda.txt');
  await dialog.getByRole('button', { name: 'Name' }).click();
  await expect(rows.nth(1)).toContainText('red-dot.png');

  await dialog.getByRole('searchbox', { name: 'Filter files…' }).fill('zzz');
  await expect(dialog).toContainText('No results.');
  await dialog.getByRole('searchbox', { name: 'Filter files…' }).fill('');

  await dialog.getByRole('checkbox', { name: 'Select notes.txt' }).check();
  await expect(dialog).toContainText('1 of 3 row(s) selected.');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(rows).toHaveCount(3);
  await expect(dialog).not.toContainText('notes.txt');

  await page.keyboard.press('Escape');
  // The deletion holds after a reload. (The two files left were never sent, so the reload's own clean-up
  // deletes them a second later: only the absence of the deleted one is certain here.)
  await page.reload();
  await page.getByRole('button', { name: 'Ada Lovelace' }).click();
  await page.getByRole('menuitem', { name: 'My files' }).click();
  const reopened = page.getByRole('dialog', { name: 'My files' });
  await expect(reopened).toContainText(/row\(s\) selected|No results/);
  await expect(reopened).not.toContainText('notes.txt');
});

test('a new avatar shows in the user menu at once', async ({ page }) => {
  await signUp(page);
  const menuButton = page.getByRole('button', { name: 'Ada Lovelace' });
  await expect(menuButton.locator('img')).toHaveCount(0);
  await menuButton.click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('tab', { name: 'Account' }).click();
  await settings.getByLabel('Upload picture').setInputFiles(dot);
  await expectToastShown(page, 'Successfully uploaded file');
  await settings.getByRole('button', { name: 'Close' }).click();
  await expect(settings).toBeHidden();
  const avatar = menuButton.locator('img');
  await expect(avatar).toBeVisible();
  await expect.poll(() => loadedWidth(avatar)).toBeGreaterThan(0);
});

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`files screenshots (${size}, ${colorScheme})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await signUp(page);
      await attachFiles(page, [dot, textFile('quarterly-report-final-version.txt', 'numbers'), notes]);
      await waitForUploads(page, 3);
      await messageBox(page).fill('Summarise these files, please.');
      // What the pictures show: the three chips (the image as a thumbnail) above the typed message, apart and
      // inside the window; then the drop overlay's words; then My files with a file selected.
      const chips = attachmentChips(page).getByRole('listitem');
      await expect(attachmentChips(page).getByRole('img', { name: 'red-dot.png' })).toBeVisible();
      await expect(chips.nth(1)).toContainText('quarterly-report-final-version.txt');
      await expect(chips.nth(2)).toContainText('notes.txt');
      for (const chip of await chips.all()) await expectShown(chip);
      await expectShown(messageBox(page));
      await expectApart(...(await chips.all()), messageBox(page));
      await expectNoSidewaysScroll(page);
      await snapshot(page, `files-composer-${size}-${colorScheme}`);

      await dragFiles(messageBox(page), [{ name: 'more.txt', type: 'text/plain', text: 'more' }], false);
      await expectShown(page.getByText('Add anything'));
      await expectShown(page.getByText('Drop any file here to add it to the conversation'));
      await snapshot(page, `files-drop-overlay-${size}-${colorScheme}`);
      await page.mouse.move(1, 1);
      await messageBox(page).dispatchEvent('dragleave');

      if (size === 'mobile') await page.getByRole('button', { name: 'Open sidebar' }).click();
      await page.getByRole('button', { name: 'Ada Lovelace' }).click();
      await page.getByRole('menuitem', { name: 'My files' }).click();
      const dialog = page.getByRole('dialog', { name: 'My files' });
      await expect(dialog.getByRole('row')).toHaveCount(4);
      const select = dialog.getByRole('checkbox', { name: 'Select notes.txt' });
      await select.check();
      await expect(select).toBeChecked();
      await expectShown(dialog);
      // Each file's name is in view (on a phone the table's other columns scroll inside the dialog).
      for (const name of ['red-dot.png', 'quarterly-report-final-version.txt', 'notes.txt']) {
        await expectShown(dialog.getByRole('row').filter({ hasText: name }).getByText(name).first());
      }
      await expectShown(select);
      await expectNoSidewaysScroll(page);
      await snapshot(page, `files-my-files-${size}-${colorScheme}`);
    });
  }
}

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`sent message with files screenshot (${size}, ${colorScheme})`, async ({ page, fake }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await signUp(page);
      const photo = { name: 'photo.png', mimeType: 'image/png', buffer: solidPng(300, 200) };
      await attachFiles(page, [photo, textFile('quarterly-report-final-version.txt', 'numbers')]);
      await waitForUploads(page, 2);
      await fake.script({ replies: [{ text: 'A red picture and a report.' }] });
      await send(page, 'What did I attach?');
      await expect(messages(page).nth(1)).toContainText('A red picture and a report.');
      const thumbnail = messages(page).first().getByRole('img', { name: 'photo.png' });
      await expect.poll(() => loadedWidth(thumbnail)).toBeGreaterThan(0);
      // The thumbnail keeps its proportions inside the 240 px box, and its frame hugs it.
      const box = await thumbnail.boundingBox();
      expect(box?.width).toBeCloseTo(240, 0);
      expect(box?.height).toBeCloseTo(160, 0);
      const frame = await messages(page).first().getByRole('link', { name: 'photo.png' }).boundingBox();
      expect(frame?.width).toBeLessThanOrEqual(243);
      await snapshot(page, `files-sent-message-${size}-${colorScheme}`);
    });
  }
}
