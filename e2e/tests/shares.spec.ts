import type { Browser, Locator, Page } from '@playwright/test';
import { expect, messageBox, messages, send, signUp, test } from '../support/chat-fixtures';
import { attachFiles, loadedWidth, RED_DOT_PNG, waitForUploads } from '../support/files';
import { COLOR_SCHEMES, snapshot, VIEWPORTS } from '../support/fixtures';
import { expectNoSidewaysScroll, expectShown } from '../support/layout';
import { expectToastShown } from '../support/toasts';

test.use({ parleyEnv: { ALLOW_SHARED_LINKS_PUBLIC: 'true' } });

const NOT_FOUND = 'This link does not exist or has expired';

/** Opens the sidebar row's "…" menu of the conversation and its Share dialog. */
async function openShare(page: Page, title: string): Promise<Locator> {
  await page
    .getByRole('navigation')
    .getByRole('button', { name: `Options for ${title}` })
    .click();
  await page.getByRole('menuitem', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share link to chat' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** A visitor in a browser of their own: signed out, or signed up as a new user of the server. */
async function visitor(browser: Browser, baseURL: string, signedIn: boolean): Promise<Page> {
  return (await visitorWithEmail(browser, baseURL, signedIn)).page;
}

async function visitorWithEmail(browser: Browser, baseURL: string, signedIn: boolean) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const email = signedIn ? await signUp(page, 'Grace Hopper') : '';
  return { page, email };
}

async function expectNotFound(page: Page, signedIn: boolean) {
  await expect(page.getByRole('heading', { name: 'Link not found' })).toBeVisible();
  await expect(page.getByText(NOT_FOUND)).toBeVisible();
  const way = page.getByRole('link', { name: signedIn ? 'Go to chat' : 'Sign in' });
  await expect(way).toBeVisible();
}

test('share a chat with an image: public for anyone, then signed-in only, then revoked', async ({
  page,
  fake,
  browser,
  baseURL,
}) => {
  await signUp(page);
  await attachFiles(page, [{ name: 'red-dot.png', mimeType: 'image/png', buffer: RED_DOT_PNG }]);
  await waitForUploads(page, 1);
  await fake.script({ replies: [{ text: 'The dot is **red**.\n\n```js\nconst colour = "red";\n```' }] });
  await send(page, 'What colour is this dot?');
  // A loaded machine may take a while for the first reply.
  await expect(messages(page).nth(1)).toContainText('The dot is red.', { timeout: 30_000 });

  // The chat header's Share opens the same dialog, at 1280 and at 375 px, in both schemes.
  const headerShare = page.getByRole('button', { name: 'Share', exact: true });
  for (const size of ['desktop', 'mobile'] as const) {
    for (const colorScheme of COLOR_SCHEMES) {
      await page.setViewportSize(VIEWPORTS[size]);
      await page.emulateMedia({ colorScheme });
      await expectShown(headerShare);
      await snapshot(page, `shares-header-${size}-${colorScheme}`);
    }
    await headerShare.click();
    const fromHeader = page.getByRole('dialog', { name: 'Share link to chat' });
    await expect(fromHeader.getByRole('button', { name: 'Create link' })).toBeVisible();
    await fromHeader.getByRole('button', { name: 'Close' }).click();
    await expect(fromHeader).toBeHidden();
  }
  await page.setViewportSize(VIEWPORTS.desktop);

  const dialog = await openShare(page, 'What colour is this dot?');
  await dialog.getByLabel('Who can open it').selectOption({ label: 'Anyone with the link' });
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const address = dialog.getByLabel('Link', { exact: true });
  await expect(address).toHaveValue(/\/share\/[A-Za-z0-9_-]{22}$/);
  const url = await address.inputValue();
  await expect(dialog.getByText('Never expires')).toBeVisible();
  for (const size of ['mobile', 'desktop'] as const) {
    for (const colorScheme of COLOR_SCHEMES) {
      await page.setViewportSize(VIEWPORTS[size]);
      await page.emulateMedia({ colorScheme });
      await expectShown(address);
      await expectShown(dialog.getByRole('button', { name: 'Update link' }));
      await snapshot(page, `shares-dialog-${size}-${colorScheme}`);
    }
  }

  // Signed out: the conversation as the chat draws it, the image served through the share, no way to continue.
  const stranger = await visitor(browser, baseURL ?? '', false);
  const response = await stranger.goto(url);
  expect(response?.headers()['x-robots-tag']).toBe('noindex');
  await expect(stranger.getByRole('heading', { name: 'What colour is this dot?', level: 1 })).toBeVisible();
  const thread = stranger.getByRole('log', { name: 'Shared messages' }).getByRole('article');
  await expect(thread).toHaveCount(2);
  await expect(thread.nth(0)).toContainText('What colour is this dot?');
  await expect(thread.nth(0).getByRole('heading', { name: 'User' })).toBeVisible();
  await expect(thread.nth(1).locator('strong')).toHaveText('red');
  await expect(thread.nth(1).locator('pre')).toContainText('const colour');
  const image = thread.nth(0).getByRole('img', { name: 'red-dot.png' });
  await expect(image).toBeVisible();
  await expect.poll(() => loadedWidth(image)).toBe(8);
  expect(await image.getAttribute('src')).toMatch(/^\/api\/share\/[A-Za-z0-9_-]{22}\/files\//);
  await expect(stranger.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(stranger.getByRole('button', { name: 'Continue this chat' })).toHaveCount(0);
  // Read-only: copy only, no edit or regenerate.
  await expect(thread.nth(1).getByRole('button', { name: 'Regenerate' })).toHaveCount(0);
  await expect(thread.nth(0).getByRole('button', { name: 'Edit' })).toHaveCount(0);
  for (const size of ['mobile', 'desktop'] as const) {
    for (const colorScheme of COLOR_SCHEMES) {
      await stranger.setViewportSize(VIEWPORTS[size]);
      await stranger.emulateMedia({ colorScheme });
      await expectShown(thread.nth(1));
      await expectNoSidewaysScroll(stranger);
      await snapshot(stranger, `shares-public-${size}-${colorScheme}`);
    }
  }

  // Signed-in users only: the stranger gets the one 404, another account sees it and may continue it.
  await dialog.getByLabel('Who can open it').selectOption({ label: 'Signed-in users only' });
  await expect(dialog.getByLabel('Who can open it')).toHaveValue('signed_in');
  await stranger.reload();
  await expectNotFound(stranger, false);
  for (const size of ['mobile', 'desktop'] as const) {
    for (const colorScheme of COLOR_SCHEMES) {
      await stranger.setViewportSize(VIEWPORTS[size]);
      await stranger.emulateMedia({ colorScheme });
      await expectShown(stranger.getByRole('link', { name: 'Sign in' }));
      await expectShown(stranger.getByText(NOT_FOUND));
      await expectNoSidewaysScroll(stranger);
      // The same page for every reason: nothing of the chat shows, not its title.
      await expect(stranger.getByText('What colour is this dot?')).toHaveCount(0);
      await snapshot(stranger, `shares-not-found-${size}-${colorScheme}`);
    }
  }
  const { page: member, email: memberEmail } = await visitorWithEmail(browser, baseURL ?? '', true);
  await member.goto(url);
  await expect(member.getByRole('heading', { name: 'What colour is this dot?', level: 1 })).toBeVisible();
  await expect(member.getByRole('button', { name: 'Continue this chat' })).toBeVisible();
  // Sign in from the 404 page comes back to the link, which then opens.
  await stranger.getByRole('link', { name: 'Sign in' }).click();
  await stranger.getByLabel('Email address').fill(memberEmail);
  await stranger.getByLabel('Password', { exact: true }).fill('correct horse battery');
  await stranger.getByRole('button', { name: 'Log in' }).click();
  await expect(stranger).toHaveURL(url);
  await expect(stranger.getByRole('heading', { name: 'What colour is this dot?', level: 1 })).toBeVisible();

  // Revoked: 404 at once.
  await dialog.getByRole('button', { name: 'Delete link' }).click();
  await dialog.getByRole('button', { name: 'Confirm delete' }).click();
  await expect(dialog).toBeHidden();
  await member.reload();
  await expectNotFound(member, true);
  await expect(messageBox(page)).toBeVisible();
});

test('update a link after an edit, list it in Data controls, and continue it as a copy', async ({
  page,
  fake,
  browser,
  baseURL,
}) => {
  await signUp(page);
  await fake.script({ replies: [{ text: 'Lisbon is sunny.' }] });
  await send(page, 'How is the weather?');
  const reply = messages(page).nth(1);
  // A loaded machine may take a while for the first reply.
  await expect(reply).toContainText('Lisbon is sunny.', { timeout: 30_000 });

  let dialog = await openShare(page, 'How is the weather?');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const url = await dialog.getByLabel('Link', { exact: true }).inputValue();
  await dialog.getByRole('button', { name: 'Close' }).click();

  const member = await visitor(browser, baseURL ?? '', true);
  await member.goto(url);
  const thread = member.getByRole('log', { name: 'Shared messages' }).getByRole('article');
  await expect(thread.nth(1)).toContainText('Lisbon is sunny.');

  // An edit does not change the link until it is updated.
  await reply.getByRole('button', { name: 'Edit' }).click();
  await reply.getByRole('textbox', { name: 'Edit message' }).fill('Lisbon is rainy today.');
  await reply.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(reply).toContainText('Lisbon is rainy today.');
  await member.reload();
  await expect(thread.nth(1)).toContainText('Lisbon is sunny.');

  // Settings → Data controls → Shared links: the link with its settings, updated from there.
  await page.getByRole('button', { name: 'Ada Lovelace' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('tab', { name: 'Data controls' }).click();
  const links = settings.getByRole('region', { name: 'Shared links' });
  await expect(links.getByRole('link', { name: 'How is the weather?', exact: true })).toBeVisible();
  await expect(links).toContainText('Signed-in users only');
  await expect(links).toContainText('Never expires');
  for (const size of ['mobile', 'desktop'] as const) {
    for (const colorScheme of COLOR_SCHEMES) {
      await page.setViewportSize(VIEWPORTS[size]);
      await page.emulateMedia({ colorScheme });
      await expectShown(links.getByRole('link', { name: 'How is the weather?', exact: true }));
      for (const action of ['Open the link', 'Copy the link', 'Update the link', 'Delete the link']) {
        await expectShown(
          links.getByRole(action === 'Open the link' ? 'link' : 'button', {
            name: `${action} to How is the weather?`,
          }),
        );
      }
      await snapshot(page, `shares-settings-${size}-${colorScheme}`);
    }
  }
  await page.setViewportSize(VIEWPORTS.desktop);
  await links.getByRole('button', { name: 'Update the link to How is the weather?' }).click();
  await expectToastShown(page, 'Link updated');
  await member.reload();
  await expect(thread.nth(1)).toContainText('Lisbon is rainy today.');

  // The dialog knows the link: it opens on it.
  await settings.getByRole('button', { name: 'Close' }).click();
  dialog = await openShare(page, 'How is the weather?');
  await expect(dialog.getByLabel('Link', { exact: true })).toHaveValue(url);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Continue this chat: a copy of the visitor's own, in their sidebar.
  await member.getByRole('button', { name: 'Continue this chat' }).click();
  await expect(member).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  await expect(messages(member).nth(1)).toContainText('Lisbon is rainy today.');
  await expect(
    member.getByRole('navigation').getByRole('link', { name: 'How is the weather?' }),
  ).toBeVisible();
  await fake.script({ replies: [{ text: 'Take an umbrella.' }] });
  await send(member, 'What should I bring?');
  await expect(messages(member).nth(3)).toContainText('Take an umbrella.');
});
