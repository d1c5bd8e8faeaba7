import { expect, messages, send, signUp, test } from '../support/chat-fixtures';
import { attachFiles, textFile, waitForUploads } from '../support/files';
import { expectToastShown } from '../support/toasts';

// Issue 27 (SPEC §8): a message's file downloads under its name; once a file is deleted, its chip says
// "Error downloading file. The file may have been deleted." instead of saving the server's error answer.
test('a message file downloads, and one that is gone says it may have been deleted', async ({
  page,
  fake,
}) => {
  await signUp(page);
  await attachFiles(page, [
    textFile('notes.txt', 'The secret word is pelican.'),
    textFile('gone.txt', 'Soon gone'),
  ]);
  await waitForUploads(page, 2);
  await fake.script({ replies: [{ text: 'Noted.' }] });
  await send(page, 'Keep these');
  await expect(messages(page).nth(1)).toContainText('Noted.');

  const notes = messages(page)
    .first()
    .getByRole('link', { name: /notes\.txt/ });
  const [download] = await Promise.all([page.waitForEvent('download'), notes.click()]);
  expect(download.suggestedFilename()).toBe('notes.txt');

  await page.getByRole('button', { name: 'Ada Lovelace' }).click();
  await page.getByRole('menuitem', { name: 'My files' }).click();
  const dialog = page.getByRole('dialog', { name: 'My files' });
  await dialog.getByRole('checkbox', { name: 'Select gone.txt' }).check();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).not.toContainText('gone.txt');
  await page.keyboard.press('Escape');

  let downloads = 0;
  page.on('download', () => (downloads += 1));
  await messages(page)
    .first()
    .getByRole('link', { name: /gone\.txt/ })
    .click();
  await expectToastShown(page, 'Error downloading file. The file may have been deleted.');
  expect(downloads).toBe(0);
});
