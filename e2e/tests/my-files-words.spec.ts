import type { Page } from '@playwright/test';
import { snapshot, VIEWPORTS } from '../support/fixtures';
import { expect, messages, send, signUp, test } from '../support/chat-fixtures';
import { expectApart, expectNoSidewaysScroll, expectShown } from '../support/layout';
import { attachFiles, loadedWidth, RED_DOT_PNG, textFile, waitForUploads } from '../support/files';

const dot = { name: 'red-dot.png', mimeType: 'image/png', buffer: RED_DOT_PNG };

async function openMyFiles(page: Page, mobile = false) {
  if (mobile) await page.getByRole('button', { name: 'Open sidebar' }).click();
  await page.getByRole('button', { name: 'Ada Lovelace' }).click();
  await page.getByRole('menuitem', { name: 'My files' }).click();
  return page.getByRole('dialog', { name: 'My files' });
}

/**
 * Issue 16 item 9: My files speaks people's words (not `local` / `message_attachment`), shows image
 * thumbnails and the conversation a file came from, and uploads from its own button.
 */
test('My files: people’s words, thumbnails, the file’s conversation, and an upload button', async ({
  page,
  fake,
}) => {
  await signUp(page);
  await attachFiles(page, [dot]);
  await waitForUploads(page, 1);
  await fake.script({ replies: [{ text: 'A red dot.' }] });
  await send(page, 'What is this?');
  await expect(messages(page).nth(1)).toContainText('A red dot.');
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  const conversationUrl = page.url();

  await page.getByRole('link', { name: 'New chat', exact: true }).click();
  await expect(page).toHaveURL(/\/c\/new$/);
  const dialog = await openMyFiles(page);
  const row = dialog.getByRole('row').filter({ hasText: 'red-dot.png' });
  await expect(row).toContainText('Stored on this server');
  await expect(row).toContainText('Attached to a message');
  await expect(dialog).not.toContainText('message_attachment');
  await expect(dialog.getByRole('cell', { name: 'local', exact: true })).toHaveCount(0);
  const thumbnail = row.locator('img');
  await expect(thumbnail).toBeVisible();
  await expect.poll(() => loadedWidth(thumbnail)).toBeGreaterThan(0);

  // The upload button adds a file of the user's own, with no conversation.
  await dialog.getByTestId('my-files-upload-input').setInputFiles(textFile('agenda.txt', 'Monday'));
  const uploaded = dialog.getByRole('row').filter({ hasText: 'agenda.txt' });
  await expect(uploaded).toBeVisible();
  await expect(uploaded.getByRole('link', { name: 'Open its conversation' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Upload files' })).toBeEnabled();

  // The file's conversation is one click away, and the dialog closes on the way.
  await row.getByRole('link', { name: 'Open its conversation' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(conversationUrl);
  await expect(messages(page).nth(1)).toContainText('A red dot.');
});

test('My files: a file uploaded while the list is still being read is in the list', async ({ page }) => {
  await signUp(page);
  // The dialog's first read of the list is answered at once but reaches the page only after the upload.
  let reads = 0;
  let land = () => {};
  const landed = new Promise<void>((resolve) => (land = resolve));
  await page.route(/\/api\/files$/, async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    reads += 1;
    if (reads > 1) return route.continue();
    const response = await route.fetch();
    await landed;
    await route.fulfill({ response });
  });
  const dialog = await openMyFiles(page);
  await expect.poll(() => reads).toBe(1);
  const uploaded = page.waitForResponse(
    (response) => response.request().method() === 'POST' && /\/api\/files$/.test(response.url()),
  );
  await dialog.getByTestId('my-files-upload-input').setInputFiles(textFile('agenda.txt', 'Monday'));
  expect((await uploaded).ok()).toBe(true);
  land();
  await expect(dialog.getByRole('row').filter({ hasText: 'agenda.txt' })).toBeVisible();
});

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`My files words screenshots (${size}, ${colorScheme})`, async ({ page, fake }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await signUp(page);
      await attachFiles(page, [dot]);
      await waitForUploads(page, 1);
      await fake.script({ replies: [{ text: 'A red dot.' }] });
      await send(page, 'What is this?');
      await expect(messages(page).nth(1)).toContainText('A red dot.');
      const dialog = await openMyFiles(page, size === 'mobile');
      await dialog.getByTestId('my-files-upload-input').setInputFiles(textFile('agenda.txt', 'Monday'));
      await expect(dialog.getByRole('row')).toHaveCount(3);
      await expect.poll(() => loadedWidth(dialog.locator('img').first())).toBeGreaterThan(0);
      // What the picture shows: both rows in people's words, the image's thumbnail, the upload button.
      const image = dialog.getByRole('row').filter({ hasText: 'red-dot.png' });
      const agenda = dialog.getByRole('row').filter({ hasText: 'agenda.txt' });
      await expect(image).toContainText('Attached to a message');
      await expect(image).toContainText('Stored on this server');
      await expect(dialog).not.toContainText('message_attachment');
      // The table may scroll sideways inside the dialog on a phone: the names and the thumbnail are in view.
      await expectShown(dialog);
      await expectShown(image.locator('img'));
      await expectShown(image.getByText('red-dot.png').first());
      await expectShown(agenda.getByText('agenda.txt').first());
      await expectApart(image.getByText('red-dot.png').first(), agenda.getByText('agenda.txt').first());
      await expectNoSidewaysScroll(page);
      await snapshot(page, `my-files-words-${size}-${colorScheme}`);
    });
  }
}
