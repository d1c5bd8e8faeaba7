import { snapshot, VIEWPORTS } from '../support/fixtures';
import type { Locator } from '@playwright/test';
import { expect, messageBox, messages, send, signUp, test } from '../support/chat-fixtures';
import { expectApart, expectNoSidewaysScroll, expectShown } from '../support/layout';
import { expectToastShown } from '../support/toasts';

/** A menu or dialog whole inside the window, its `parts` each in view and apart, nothing out sideways. */
async function expectWhole(container: Locator, parts: Locator[]) {
  await expect(container).toBeInViewport({ ratio: 1 });
  for (const part of parts) await expectShown(part);
  await expectApart(...parts);
  await expectNoSidewaysScroll(container.page());
}

/**
 * The answer to a rename: the row shows the new name at once (before the server has it), so a reload must
 * wait for this, or it can bring the old name back.
 */
const renamed = (sidebar: Locator) =>
  sidebar
    .page()
    .waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/convos/update',
    );

/** Opens a row's "…" menu and picks an item. */
async function rowAction(sidebar: Locator, title: string, item: 'Rename' | 'Export' | 'Delete') {
  await sidebar.getByRole('button', { name: `Options for ${title}` }).click();
  await sidebar.page().getByRole('menuitem', { name: item }).click();
}

// The first exchange gets a generated title here (SPEC §4: the title is fetched 2.5 s after it).
test.use({ parleyEnv: { TITLE_CONVO: 'true' } });

test('a new conversation appears under Today and gets its generated title', async ({ page, fake }) => {
  await signUp(page);
  await fake.script({ replies: [{ text: 'Paris is the capital.' }, { text: 'Capital of France' }] });
  await send(page, 'What is the capital of France?');
  await expect(messages(page).nth(1)).toContainText('Paris is the capital.');
  const sidebar = page.getByRole('navigation', { name: 'Chat history' });
  await expect(sidebar.getByRole('heading', { name: 'Today' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Capital of France' })).toBeVisible();
  await expect(page).toHaveTitle('Capital of France');
});

test('a chat sent while the list is still on its way is listed once the list comes', async ({
  page,
  fake,
}) => {
  // Every read of the list is answered by the server at once (before the chat exists) but reaches the page
  // only after the reply: the order a slow network or a busy server can give.
  let deliver!: () => void;
  const delivered = new Promise<void>((resolve) => (deliver = resolve));
  let reads = 0;
  await page.route(
    (url) => url.pathname === '/api/convos',
    async (route) => {
      reads += 1;
      const response = await route.fetch();
      await delivered;
      await route.fulfill({ response });
    },
  );
  await signUp(page);
  await expect.poll(() => reads).toBeGreaterThan(0);
  await fake.script({ replies: [{ text: 'Hello.' }, { text: 'Early chat' }] });
  await send(page, 'Hi');
  await expect(messages(page).nth(1)).toContainText('Hello.');
  deliver();
  const sidebar = page.getByRole('navigation', { name: 'Chat history' });
  await expect(sidebar.getByRole('link', { name: 'Early chat' })).toBeVisible();
});

test('rename inline with Enter, and the name survives a reload', async ({ page, fake }) => {
  await signUp(page);
  await fake.script({ replies: [{ text: 'Sure.' }, { text: 'Some title' }] });
  await send(page, 'Help me plan');
  await expect(messages(page).nth(1)).toContainText('Sure.');
  const sidebar = page.getByRole('navigation', { name: 'Chat history' });
  await expect(sidebar.getByRole('link', { name: 'Some title' })).toBeVisible();

  await rowAction(sidebar, 'Some title', 'Rename');
  const field = sidebar.getByRole('textbox', { name: 'Rename conversation' });
  await expect(field).toBeFocused();
  await field.fill('Trip to Lyon');
  const saved = renamed(sidebar);
  await field.press('Enter');
  await expect(sidebar.getByRole('link', { name: 'Trip to Lyon' })).toBeVisible();
  expect((await saved).ok()).toBe(true);

  // Escape leaves the old name.
  await rowAction(sidebar, 'Trip to Lyon', 'Rename');
  await sidebar.getByRole('textbox', { name: 'Rename conversation' }).fill('Something else');
  await sidebar.getByRole('textbox', { name: 'Rename conversation' }).press('Escape');
  await expect(sidebar.getByRole('link', { name: 'Trip to Lyon' })).toBeVisible();

  await page.reload();
  await expect(
    page.getByRole('navigation', { name: 'Chat history' }).getByRole('link', { name: 'Trip to Lyon' }),
  ).toBeVisible();
});

test('delete asks first, then the conversation is gone and a new chat starts', async ({ page, fake }) => {
  await signUp(page);
  await fake.script({ replies: [{ text: 'Done.' }, { text: 'Doomed chat' }] });
  await send(page, 'Temporary');
  await expect(messages(page).nth(1)).toContainText('Done.');
  const sidebar = page.getByRole('navigation', { name: 'Chat history' });
  await expect(sidebar.getByRole('link', { name: 'Doomed chat' })).toBeVisible();

  await rowAction(sidebar, 'Doomed chat', 'Delete');
  const dialog = page.getByRole('dialog', { name: 'Delete chat?' });
  await expect(dialog).toContainText('Doomed chat');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(sidebar.getByRole('link', { name: 'Doomed chat' })).toBeVisible();

  await rowAction(sidebar, 'Doomed chat', 'Delete');
  await page.getByRole('dialog', { name: 'Delete chat?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(sidebar.getByRole('link', { name: 'Doomed chat' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/c\/new$/);
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Chat history' })).toContainText('No conversations yet');
});

test('every row has a keyboard-reachable menu: rename keeps the row in place, export, delete', async ({
  page,
  fake,
}) => {
  await signUp(page);
  await fake.script({
    replies: [{ text: 'One.' }, { text: 'Older chat' }, { text: 'Two.' }, { text: 'Newer chat' }],
  });
  await send(page, 'First');
  const sidebar = page.getByRole('navigation', { name: 'Chat history' });
  await expect(sidebar.getByRole('link', { name: 'Older chat' })).toBeVisible();
  await page.getByRole('link', { name: 'New chat', exact: true }).click();
  // The new chat's screen is ready once it has its address and the box has the focus back: text typed before
  // that can be cleared with the old screen's box, and Enter then sends nothing.
  await expect(page).toHaveURL(/\/c\/new$/);
  await expect(messageBox(page)).toBeFocused();
  await send(page, 'Second');
  await expect(sidebar.getByRole('link', { name: 'Newer chat' })).toBeVisible();
  // The conversation rows (each a link beside its menu button), top to bottom.
  const order = () => sidebar.locator('div.group > a').allInnerTexts();
  await expect.poll(order).toEqual(['Newer chat', 'Older chat']);

  // Keyboard: Tab from the row's link reaches its menu button, Enter opens the menu.
  await sidebar.getByRole('link', { name: 'Older chat' }).focus();
  await page.keyboard.press('Tab');
  await expect(sidebar.getByRole('button', { name: 'Options for Older chat' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Rename' })).toBeFocused();
  await page.keyboard.press('Enter');
  const field = sidebar.getByRole('textbox', { name: 'Rename conversation' });
  await expect(field).toBeFocused();
  await field.fill('Trip to Lyon');
  const saved = renamed(sidebar);
  await field.press('Enter');
  await expect(sidebar.getByRole('link', { name: 'Trip to Lyon' })).toBeVisible();
  await expect.poll(order).toEqual(['Newer chat', 'Trip to Lyon']);
  expect((await saved).ok()).toBe(true);
  await page.reload();
  await expect(sidebar.getByRole('link', { name: 'Trip to Lyon' })).toBeVisible();
  await expect.poll(order).toEqual(['Newer chat', 'Trip to Lyon']);

  // Export a row that is not the open conversation; closing returns focus to the menu button.
  await rowAction(sidebar, 'Trip to Lyon', 'Export');
  const exportDialog = page.getByRole('dialog', { name: /Export/ });
  await expect(exportDialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(exportDialog).toHaveCount(0);

  await rowAction(sidebar, 'Trip to Lyon', 'Delete');
  await expect(page.getByRole('dialog', { name: 'Delete chat?' })).toContainText('Trip to Lyon');
});

test('clear all chats in Settings › Data takes two clicks', async ({ page, fake }) => {
  await signUp(page);
  await fake.script({ replies: [{ text: 'One.' }, { text: 'First chat' }] });
  await send(page, 'First');
  await expect(
    page.getByRole('navigation', { name: 'Chat history' }).getByRole('link', { name: 'First chat' }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Ada Lovelace' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('tab', { name: 'Data controls' }).click();
  await settings.getByRole('button', { name: 'Clear' }).click();
  await settings.getByRole('button', { name: 'Confirm clear' }).click();
  await expect(page).toHaveURL(/\/c\/new$/);
  await expectToastShown(page, 'Done');
  await settings.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('navigation', { name: 'Chat history' })).toContainText('No conversations yet');
});

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`sidebar and settings screenshots (${size}, ${colorScheme})`, async ({ page, fake }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await signUp(page);
      await fake.script({ replies: [{ text: 'Hi!' }, { text: 'Greeting' }] });
      await send(page, 'Hello');
      await expect(messages(page).nth(1)).toContainText('Hi!');
      if (size === 'mobile') await page.getByRole('button', { name: 'Open sidebar' }).click();
      const sidebar = page.getByRole('navigation', { name: 'Chat history' });
      await expect(sidebar.getByRole('link', { name: 'Greeting' })).toBeVisible();
      // The pictures: the sidebar with New chat, the search box and the titled row; the row's menu; the user
      // menu; Settings on General and on Data controls — each whole in the window, its parts apart.
      await expectWhole(sidebar, [
        sidebar.getByRole('link', { name: 'New chat', exact: true }),
        sidebar.getByRole('searchbox', { name: 'Search messages' }),
        sidebar.getByRole('link', { name: 'Greeting' }),
      ]);
      await snapshot(page, `sidebar-${size}-${colorScheme}`);
      await sidebar.getByRole('button', { name: 'Options for Greeting' }).click();
      await expect(page.getByRole('menuitem', { name: 'Rename' })).toBeVisible();
      await expectWhole(page.getByRole('menu'), await page.getByRole('menuitem').all());
      await expect(page.getByRole('menuitem', { name: 'Delete' })).toBeVisible();
      await snapshot(page, `sidebar-row-menu-${size}-${colorScheme}`);
      // Escape closes the menu only; the sidebar (an overlay on phones) stays open.
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menuitem', { name: 'Rename' })).toHaveCount(0);
      await expect(sidebar.getByRole('button', { name: 'Options for Greeting' })).toBeFocused();
      await page.getByRole('button', { name: 'Ada Lovelace' }).click();
      await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
      await expectWhole(page.getByRole('menu'), [
        page.getByRole('menuitem', { name: 'Settings' }),
        page.getByRole('menuitem', { name: 'Log out' }),
      ]);
      await snapshot(page, `user-menu-${size}-${colorScheme}`);
      await page.getByRole('menuitem', { name: 'Settings' }).click();
      const settings = page.getByRole('dialog', { name: 'Settings' });
      await expect(settings).toBeVisible();
      await expect(settings.getByRole('tab', { selected: true })).toHaveText('General');
      await expectWhole(settings, [
        settings.getByRole('tab', { name: 'General' }),
        settings.getByRole('tab', { name: 'Data controls' }),
        settings.getByRole('combobox', { name: 'Theme' }),
      ]);
      await snapshot(page, `settings-general-${size}-${colorScheme}`);
      await page.getByRole('tab', { name: 'Data controls' }).click();
      await expect(settings.getByRole('tab', { selected: true })).toHaveText('Data controls');
      await expectWhole(settings, [
        settings.getByText('Clear all chats'),
        settings.getByRole('button', { name: 'Clear', exact: true }),
      ]);
      await snapshot(page, `settings-data-${size}-${colorScheme}`);
    });
  }
}

test('the list pages in as it is scrolled to its end', async ({ page }) => {
  await signUp(page);
  const { token } = (await (await page.request.post('/api/auth/refresh')).json()) as { token: string };
  // 30 conversations: more than the first page of 25 (the fake answers each with its default reply).
  for (let i = 1; i <= 30; i += 1) {
    const response = await page.request.post('/api/ask/openAI', {
      headers: { Authorization: `Bearer ${token}` },
      data: { text: `Question ${i}`, conversationId: null, endpoint: 'openAI', model: 'gpt-4o' },
    });
    expect(response.status()).toBe(200);
    await response.body();
  }
  const nextPages: number[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname === '/api/convos' && url.searchParams.has('cursor')) nextPages.push(response.status());
  });
  await page.reload();
  const sidebar = page.getByRole('navigation', { name: 'Chat history' });
  const links = sidebar.getByRole('link', { name: 'Hello from the fake' });
  await expect(links.first()).toBeVisible();
  expect(nextPages).toEqual([]);
  await sidebar.getByRole('link', { name: 'New chat', exact: true }).focus();
  // Scroll the list to its end until the next page has been asked for and has arrived; then the oldest
  // conversations can be reached.
  await expect(async () => {
    await links.last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 2000);
    expect(nextPages).toContain(200);
  }).toPass();
  await expect(async () => {
    await links.last().scrollIntoViewIfNeeded();
    expect(await links.count()).toBeGreaterThanOrEqual(26);
  }).toPass();
});
