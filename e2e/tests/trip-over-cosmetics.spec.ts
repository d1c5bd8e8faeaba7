import type { Page } from '@playwright/test';
import { expect, messageBox, messages, send, signUp, test } from '../support/chat-fixtures';
import { makePdf } from '../support/documents';
import {
  attachButton,
  attachFiles,
  attachmentChips,
  openFilesPanel,
  panelFiles,
  textFile,
  waitForUploads,
} from '../support/files';
import { COLOR_SCHEMES, sized, snapshot, VIEWPORTS } from '../support/fixtures';
import { openPluginStore, usePluginsEndpoint } from '../support/plugins';

// Issue 27 "What a user trips over" items 5 and 7: each journey fails without its fix.

async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Ada Lovelace' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings).toBeVisible();
  return settings;
}

test('item 5: a file from My files joins the message from the attach menu, without the side panel', async ({
  page,
  fake,
}) => {
  await page.setViewportSize(VIEWPORTS.mobile);
  await signUp(page);
  await attachFiles(page, [textFile('otters.txt', 'Otters hold hands while they sleep.')]);
  await waitForUploads(page, 1);
  await fake.script({ replies: [{ text: 'Noted.' }, { text: 'They do.' }] });
  await send(page, 'Keep this.');
  // A first reply with a file can take a while on a loaded machine (the file is read first).
  await expect(page.getByText('Noted.')).toBeVisible({ timeout: 30_000 });

  await page.goto('/c/new');
  await expect(messageBox(page)).toBeFocused();
  await attachButton(page).click();
  const menu = page.getByRole('menu', { name: 'Attach files' });
  await expect(menu.getByRole('menuitem', { name: 'Upload files' })).toBeVisible();
  await menu.getByRole('menuitem', { name: 'My files' }).click();
  const picker = page.getByRole('dialog', { name: 'My files' });
  await expect(picker.getByRole('button', { name: 'Attach otters.txt' })).toBeVisible();
  for (const colorScheme of COLOR_SCHEMES) {
    await page.emulateMedia({ colorScheme });
    await snapshot(page, `trip-over-my-files-picker-mobile-${colorScheme}`);
  }
  await picker.getByRole('button', { name: 'Attach otters.txt' }).click();
  await expect(picker.getByRole('button', { name: 'Attach otters.txt' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(picker).toBeHidden();
  await waitForUploads(page, 1);
  await expect(attachmentChips(page)).toContainText('otters.txt');
  await send(page, 'Do they?');
  await expect(page.getByText('They do.')).toBeVisible({ timeout: 30_000 });
  const requests = await fake.chatRequests();
  expect(JSON.stringify(requests.at(-1)?.body)).toContain('Otters hold hands while they sleep.');
});

test('item 5: a Plugins chat takes files', async ({ page, fake }) => {
  await signUp(page);
  await usePluginsEndpoint(page);
  await attachFiles(page, [textFile('beavers.txt', 'Beavers build dams from branches.')]);
  await waitForUploads(page, 1);
  await fake.script({ replies: [{ text: 'About beavers.' }] });
  await send(page, 'What is in the file?');
  // A first reply with a file can take a while on a loaded machine (the file is read first).
  await expect(page.getByText('About beavers.')).toBeVisible({ timeout: 30_000 });
  const [request] = await fake.chatRequests();
  expect(JSON.stringify(request?.body)).toContain('Beavers build dams from branches.');
});

test('item 7: the plugin store keeps its size and its pager in place when paging', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await signUp(page);
  await usePluginsEndpoint(page);
  const store = await openPluginStore(page);
  const pager = store.getByRole('navigation', { name: /pages/i });
  const next = pager.getByRole('button', { name: 'Next' });
  await expect(next).toBeEnabled();
  const before = { dialog: await store.boundingBox(), next: await next.boundingBox() };
  // To the last page, which holds fewer tools.
  while (await next.isEnabled()) await next.click();
  await expect(store.getByRole('listitem').first()).toBeVisible();
  const after = { dialog: await store.boundingBox(), next: await next.boundingBox() };
  expect(after).toEqual(before);
  for (const colorScheme of COLOR_SCHEMES) {
    await page.emulateMedia({ colorScheme });
    await snapshot(page, `trip-over-plugin-store-last-page-desktop-${colorScheme}`);
  }
});

test('item 7: Settings → Account says "Full name" once', async ({ page }) => {
  await signUp(page);
  await expect(messageBox(page)).toBeFocused();
  const settings = await openSettings(page);
  await settings.getByRole('tab', { name: 'Account' }).click();
  await expect(settings.getByRole('textbox', { name: 'Full name' })).toHaveValue('Ada Lovelace');
  await expect(settings.getByText('Full name', { exact: true })).toHaveCount(1);
});

test('item 7: the sign-up page and its footer fit a 1280×800 window', async ({ page }) => {
  for (const colorScheme of COLOR_SCHEMES) {
    await sized(page, 'desktop', colorScheme);
    await page.goto('/register');
    await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
    await expect(page.locator('footer')).toBeInViewport({ ratio: 1 });
    await snapshot(page, `trip-over-register-desktop-${colorScheme}`);
  }
});

test('item 7: on a phone every settings tab shows whole', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.mobile);
  await signUp(page);
  await expect(messageBox(page)).toBeFocused();
  await page.getByRole('button', { name: 'Open sidebar' }).click();
  const settings = await openSettings(page);
  const tabs = settings.getByRole('tab');
  await expect(tabs).toHaveCount(4);
  for (const tab of await tabs.all()) {
    await expect(tab).toBeInViewport({ ratio: 1 });
    // The label is not cut inside its tab either.
    expect(await tab.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  }
  for (const colorScheme of COLOR_SCHEMES) {
    await page.emulateMedia({ colorScheme });
    await snapshot(page, `trip-over-settings-tabs-mobile-${colorScheme}`);
  }
});

test('item 7: opening a chat asks for nothing that answers 404', async ({ page, fake }) => {
  await signUp(page);
  await fake.script({ replies: [{ text: 'Hello there.' }] });
  await send(page, 'Hi');
  await expect(page.getByText('Hello there.')).toBeVisible();
  const url = page.url();
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') failed.push(message.text());
  });
  const probe = page.waitForResponse((response) => response.url().includes('/api/ask/stream/'));
  await page.goto(url);
  await expect(page.getByText('Hello there.')).toBeVisible();
  expect((await probe).status()).toBe(204);
  await page.getByRole('link', { name: 'New chat', exact: true }).click();
  await page.getByRole('link', { name: 'Hi' }).click();
  await expect(page.getByText('Hello there.')).toBeVisible();
  expect(failed).toEqual([]);
});

test('item 7: search results name the user when "Show my name on my messages" is on', async ({
  page,
  fake,
}) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await signUp(page);
  await fake.script({ replies: [{ text: 'Pangolins are scaly.' }] });
  await send(page, 'Tell me about pangolins');
  await expect(page.getByText('Pangolins are scaly.')).toBeVisible();
  const settings = await openSettings(page);
  await settings.getByRole('switch', { name: 'Show my name on my messages' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('searchbox', { name: 'Search messages' }).fill('pangolins');
  const results = page.getByRole('region', { name: 'Search results' });
  // The user's own message is named as the message list names it; the reply keeps its model's name.
  await expect(results.getByText('Ada Lovelace', { exact: true })).toBeVisible();
  await expect(results.getByText('You', { exact: true })).toHaveCount(0);
});

test('item 7: Copy shows the Tooltip, not a native title', async ({ page, fake }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await signUp(page);
  await fake.script({ replies: [{ text: 'Copy me.' }] });
  await send(page, 'Say something');
  const reply = messages(page).nth(1);
  await expect(reply).toContainText('Copy me.');
  const copy = reply.getByRole('button', { name: 'Copy to clipboard' });
  await expect(copy).not.toHaveAttribute('title');
  await copy.hover();
  await expect(page.getByRole('tooltip', { name: 'Copy to clipboard' })).toBeVisible();
  for (const colorScheme of COLOR_SCHEMES) {
    await page.emulateMedia({ colorScheme });
    await snapshot(page, `trip-over-copy-tooltip-desktop-${colorScheme}`);
  }
});

test('item 7: the same PDF uploaded in two chats is listed once under Attach files', async ({
  page,
  fake,
}) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await signUp(page);
  const pdf = { name: 'report.pdf', mimeType: 'application/pdf', buffer: await makePdf(['Otters.']) };
  await fake.script({ replies: [{ text: 'Read it.' }, { text: 'Read it again.' }] });
  await page.getByTestId('attach-files-input').setInputFiles([pdf]);
  await waitForUploads(page, 1);
  await send(page, 'Summarise.');
  await expect(page.getByText('Read it.')).toBeVisible({ timeout: 30_000 });
  await page.goto('/c/new');
  await expect(messageBox(page)).toBeFocused();
  await page.getByTestId('attach-files-input').setInputFiles([pdf]);
  await waitForUploads(page, 1);
  await send(page, 'Once more.');
  await expect(page.getByText('Read it again.')).toBeVisible({ timeout: 30_000 });
  // My files keeps both uploads; the list to attach from offers the document once.
  const section = await openFilesPanel(page);
  await expect(panelFiles(section)).toHaveCount(1);
  await expect(panelFiles(section)).toContainText('report.pdf');
});
