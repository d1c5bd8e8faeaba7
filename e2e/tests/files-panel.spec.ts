import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { snapshot, VIEWPORTS } from '../support/fixtures';
import { expect, messages, send, signUp, test } from '../support/chat-fixtures';
import { expectApart, expectNoSidewaysScroll, expectShown } from '../support/layout';
import { watchFileDeletions } from '../support/file-deletions';
import {
  attachFiles,
  attachmentChips,
  openFilesPanel,
  panelFiles,
  textFile,
  waitForUploads,
  type FileToAttach,
} from '../support/files';

const notes = textFile('notes.txt', 'The secret word is pelican.');

/**
 * Sends a message with files (so they stay in My files) and waits for the scripted reply. Only in a chat
 * without messages yet: `waitForUploads` reads the first "Attached files" list, and a message's comes first.
 */
async function sendWithFiles(
  page: Page,
  fake: { script: (input: { replies: { text: string }[] }) => Promise<void> },
  files: FileToAttach[],
  reply: string,
): Promise<void> {
  await attachFiles(page, files);
  await waitForUploads(page, files.length);
  await fake.script({ replies: [{ text: reply }] });
  await send(page, 'Keep these.');
  await expect(page.getByText(reply)).toBeVisible();
}

async function newChat(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'New chat', exact: true }).click();
  await expect(messages(page)).toHaveCount(0);
}

test('a file from an earlier message is attached from the side panel and reaches the model', async ({
  page,
  fake,
}) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await signUp(page);
  await sendWithFiles(page, fake, [notes], 'Noted.');
  await newChat(page);

  const section = await openFilesPanel(page);
  await expect(panelFiles(section)).toHaveCount(1);
  await expect(section).toContainText('< 0.01 MB');
  // Keyboard only: from the filter box, Tab reaches the file and Enter attaches it.
  await section.getByRole('searchbox', { name: 'Filter files…' }).focus();
  await page.keyboard.press('Tab');
  await expect(section.getByRole('button', { name: 'Attach notes.txt' })).toBeFocused();
  await page.keyboard.press('Enter');
  // Complete at once: no upload, no progress ring.
  await waitForUploads(page, 1);
  await expect(attachmentChips(page)).toContainText('notes.txt');
  await expect(section.getByRole('button', { name: 'Attach notes.txt' })).toBeDisabled();

  await fake.script({ replies: [{ text: 'The word is pelican.' }] });
  await send(page, 'What is the secret word?');
  await expect(messages(page).nth(1)).toContainText('The word is pelican.');
  await expect(messages(page).first()).toContainText('notes.txt');
  const requests = await fake.chatRequests();
  expect(JSON.stringify(requests.at(-1)?.body)).toContain('The secret word is pelican.');
});

test('removing a chip attached from the side panel keeps the file in My files', async ({ page, fake }) => {
  const deletions = watchFileDeletions(page);
  await page.setViewportSize(VIEWPORTS.desktop);
  await signUp(page);
  await sendWithFiles(page, fake, [notes], 'Noted.');
  await newChat(page);

  const section = await openFilesPanel(page);
  await section.getByRole('button', { name: 'Attach notes.txt' }).click();
  await waitForUploads(page, 1);
  // A second choice of the same file adds nothing.
  await expect(section.getByRole('button', { name: 'Attach notes.txt' })).toBeDisabled();
  // A fresh upload beside it is removed after it: its deletion is the sign that the batch went out.
  await attachFiles(page, [textFile('scratch-1.txt', 'scratch')]);
  await waitForUploads(page, 2);
  await page.getByRole('button', { name: 'Remove notes.txt' }).click();
  await page.getByRole('button', { name: 'Remove scratch-1.txt' }).click();
  await expect(page.getByRole('list', { name: 'Attached files' })).toHaveCount(0);
  await expect(section.getByRole('button', { name: 'Attach notes.txt' })).toBeEnabled();

  // SPEC §4: removals are deleted in a batch after 1 s; an attached file never is, nor on a new chat.
  await expect.poll(deletions.deleted).toEqual(['scratch-1.txt']);
  await section.getByRole('button', { name: 'Attach notes.txt' }).click();
  await attachFiles(page, [textFile('scratch-2.txt', 'scratch')]);
  await waitForUploads(page, 2);
  await newChat(page);
  await expect.poll(deletions.deleted).toEqual(['scratch-1.txt', 'scratch-2.txt']);
  await page.reload();
  await page.getByRole('button', { name: 'Ada Lovelace' }).click();
  await page.getByRole('menuitem', { name: 'My files' }).click();
  const dialog = page.getByRole('dialog', { name: 'My files' });
  await expect(dialog.getByRole('row')).toHaveCount(2);
  await expect(dialog).toContainText('notes.txt');
});

test('the side panel filters the files and pages them ten at a time', async ({ page, fake }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await signUp(page);
  const many = Array.from({ length: 10 }, (_, i) => textFile(`note-${i + 1}.txt`, `note ${i + 1}`));
  await sendWithFiles(page, fake, many, 'Ten notes.');
  await newChat(page);
  await sendWithFiles(page, fake, [notes, textFile('agenda.txt', 'Monday')], 'Two more.');

  const section = await openFilesPanel(page);
  await expect(panelFiles(section)).toHaveCount(10);
  await expect(section).toContainText('Page 1 of 2');
  await section.getByRole('button', { name: 'Next' }).click();
  await expect(panelFiles(section)).toHaveCount(2);
  await expect(section).toContainText('Page 2 of 2');
  await expect(section.getByRole('button', { name: 'Next' })).toBeDisabled();

  await section.getByRole('searchbox', { name: 'Filter files…' }).fill('AGENDA');
  await expect(panelFiles(section)).toHaveCount(1);
  await expect(section).not.toContainText('Page');
  await section.getByRole('searchbox', { name: 'Filter files…' }).fill('zzz');
  await expect(section).toContainText('No results.');
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`files side panel screenshots (desktop, ${colorScheme})`, async ({ page, fake }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.emulateMedia({ colorScheme });
    await signUp(page);
    const many = Array.from({ length: 10 }, (_, i) =>
      textFile(`meeting-notes-${i + 1}.md`, `notes ${i + 1}`),
    );
    await sendWithFiles(page, fake, many, 'Ten notes.');
    await newChat(page);
    await sendWithFiles(
      page,
      fake,
      [notes, textFile('quarterly-report-final-version-2026.txt', 'numbers')],
      'Two more.',
    );
    await newChat(page);
    const section = await openFilesPanel(page);
    await section.getByRole('button', { name: 'Attach notes.txt' }).click();
    await waitForUploads(page, 1);
    const axe = await new AxeBuilder({ page }).include('aside').analyze();
    expect(
      axe.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical'),
    ).toEqual([]);
    // What the picture shows: the panel's filter, its first page of files, the chosen one attached as a chip.
    await expectShown(section.getByRole('searchbox', { name: 'Filter files…' }));
    await expect(panelFiles(section)).toHaveCount(10);
    await expect(section.getByRole('button', { name: 'Attach notes.txt' })).toBeDisabled();
    await expectShown(section.getByRole('button', { name: 'Attach notes.txt' }));
    await expect(attachmentChips(page)).toContainText('notes.txt');
    await expectShown(attachmentChips(page));
    await expectApart(section, attachmentChips(page));
    await expectNoSidewaysScroll(page);
    await snapshot(page, `files-side-panel-desktop-${colorScheme}`);

    // The panel at its minimum width (SPEC §9: 20 %).
    await page.evaluate(() => {
      const storage = (globalThis as unknown as { localStorage: { setItem: (k: string, v: string) => void } })
        .localStorage;
      storage.setItem('react-resizable-panels:layout', '[80,20]');
    });
    await page.reload();
    const narrow = await openFilesPanel(page);
    await expect(panelFiles(narrow)).toHaveCount(10);
    await expect(page.getByText('Today', { exact: true })).toBeVisible();
    // The keyboard focus ring on the first file. Its row becomes a button once the endpoint's file settings
    // have loaded after the reload; a Tab before that passes over it.
    const first = panelFiles(narrow).first();
    await expect(first.getByRole('button').first()).toBeEnabled();
    await narrow.getByRole('searchbox', { name: 'Filter files…' }).focus();
    await page.keyboard.press('Tab');
    // At 20 %, the files still sit inside the panel, the focused one in view.
    await expect(first.getByRole('button').first()).toBeFocused();
    await expectShown(first);
    const panelBox = await narrow.boundingBox();
    const fileBox = await first.boundingBox();
    expect(panelBox && fileBox && fileBox.x + fileBox.width <= panelBox.x + panelBox.width + 0.5).toBe(true);
    await expectNoSidewaysScroll(page);
    await snapshot(page, `files-side-panel-narrow-desktop-${colorScheme}`);
  });
}
