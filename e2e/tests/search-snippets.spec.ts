import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { newAccount } from '../support/accounts';
import { snapshot, VIEWPORTS } from '../support/fixtures';
import { expect, messageBox, messages, send, signUp, test } from '../support/chat-fixtures';
import { expectApart, expectNoSidewaysScroll, expectShown } from '../support/layout';

/**
 * Issue 16 item 12: search snippets read as text, not Markdown; English titles in a right-to-left UI are cut
 * at their own end (dir="auto").
 */

const MARKDOWN_REPLY = [
  '# Zebra heading',
  '',
  'Zebras are **bold** and _quite_ ~~plain~~ striped; see [the zoo page](https://example.com/zebras) or `stripes()`.',
  '',
  '```js',
  "const zebra = 'striped';",
  '```',
  '',
  '- a zebra list item',
].join('\n');

test('a search snippet shows the words of a Markdown message, not its syntax', async ({ page, fake }) => {
  await signUp(page);
  await expect(messageBox(page)).toBeFocused();
  await fake.script({ replies: [{ text: MARKDOWN_REPLY }] });
  await send(page, 'Tell me about the animal');
  await expect(messages(page).nth(1).getByRole('heading', { name: 'Zebra heading' })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search messages' }).fill('zebra');
  const results = page.getByRole('region', { name: 'Search results' });
  const hit = results.getByRole('button', { name: /Zebra heading/ });
  await expect(hit).toBeVisible();
  const snippet = hit.locator('span.line-clamp-3');
  await expect(snippet).toContainText(
    'Zebra heading Zebras are bold and quite plain striped; see the zoo page',
  );
  await expect(snippet).toContainText("stripes(). const zebra = 'striped'; a zebra list item");
  const text = (await snippet.textContent()) ?? '';
  for (const syntax of ['**', '# ', '](', 'https://', '```', '`', '~~', '_quite_', '- a zebra']) {
    expect(text, `"${syntax}" in the snippet`).not.toContain(syntax);
  }
  // The highlights are on the words, found case-insensitively.
  await expect(hit.locator('mark').first()).toHaveText('Zebra');
  expect(await hit.locator('mark').allTextContents()).toEqual(
    expect.arrayContaining(['Zebra', 'Zebras', 'zebra']),
  );
});

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`Markdown search snippets screenshots (${size}, ${colorScheme})`, async ({ page, fake }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await signUp(page);
      await expect(messageBox(page)).toBeFocused();
      await fake.script({ replies: [{ text: MARKDOWN_REPLY }] });
      await send(page, 'Tell me about the animal');
      await expect(messages(page).nth(1).getByRole('heading', { name: 'Zebra heading' })).toBeVisible();
      if (size === 'mobile') await page.getByRole('button', { name: 'Open sidebar' }).click();
      await page.getByRole('searchbox', { name: 'Search messages' }).fill('zebra');
      const results = page.getByRole('region', { name: 'Search results' });
      const hit = results.getByRole('button', { name: /Zebra heading/ });
      await expect(hit).toBeVisible();
      // The picture: the search box, and under it the hit with the words of the message (no Markdown),
      // its first highlight on "Zebra", all inside the window, nothing sticking out sideways.
      const searchbox = page.getByRole('searchbox', { name: 'Search messages' });
      const snippet = hit.locator('span.line-clamp-3');
      await expect(snippet).toContainText('Zebra heading Zebras are bold and quite plain striped');
      await expect(hit.locator('mark').first()).toHaveText('Zebra');
      for (const part of [searchbox, hit, snippet, hit.locator('mark').first()]) await expectShown(part);
      await expectApart(searchbox, hit);
      await expectNoSidewaysScroll(page);
      await snapshot(page, `search-snippets-${size}-${colorScheme}`);
    });
  }
}

const arabic = JSON.parse(
  readFileSync(new URL('../../web/src/locales/ar-EG.json', import.meta.url), 'utf8'),
) as Record<string, string>;
const ar = (key: string) => {
  const value = arabic[key];
  if (!value) throw new Error(`ar-EG has no ${key}`);
  return value;
};

const ENGLISH_TITLE = 'Planning a weekend trip to the mountains of northern Italy';

/**
 * Where the text of a one-line, truncated element sits in its box: its direction, whether it overflows, and
 * how far its first and last characters are from the box's left and right edges (in CSS pixels).
 */
function textPlacement(element: Locator) {
  return element.evaluate((node) => {
    const document = node.ownerDocument;
    const view = document.defaultView;
    // 4: NodeFilter.SHOW_TEXT (the e2e project has no DOM typings); a highlight splits the text in pieces.
    const walker = document.createTreeWalker(node, 4);
    const texts = [];
    for (let text = walker.nextNode(); text; text = walker.nextNode()) texts.push(text);
    const first = texts[0];
    const last = texts.at(-1);
    if (!view || !first?.textContent || !last?.textContent) throw new Error('no text');
    const box = node.getBoundingClientRect();
    const range = document.createRange();
    range.setStart(first, 0);
    range.setEnd(first, 1);
    const firstBox = range.getBoundingClientRect();
    range.setStart(last, last.textContent.length - 1);
    range.setEnd(last, last.textContent.length);
    const lastBox = range.getBoundingClientRect();
    const style = view.getComputedStyle(node);
    return {
      dir: node.getAttribute('dir'),
      direction: style.direction,
      overflow: style.textOverflow,
      truncated: node.scrollWidth > node.clientWidth,
      firstFromLeft: firstBox.left - box.left,
      lastBeyondRight: lastBox.right - box.right,
    };
  });
}

/** The title is read left to right and cut on the right (its end), its first letters in view. */
async function expectCutAtItsEnd(title: Locator) {
  const placement = await textPlacement(title);
  expect(placement).toMatchObject({ dir: 'auto', direction: 'ltr', overflow: 'ellipsis', truncated: true });
  expect(placement.firstFromLeft).toBeGreaterThanOrEqual(0);
  expect(placement.firstFromLeft).toBeLessThan(2);
  expect(placement.lastBeyondRight).toBeGreaterThan(0);
}

/** The messages of the thread, under the log's Arabic name. */
function thread(page: Page) {
  return page.getByRole('log', { name: ar('com_ui_messages') }).getByRole('article');
}

async function signUpInArabic(page: Page) {
  const account = newAccount('rtl');
  const response = await page.request.post('/api/auth/register', {
    data: { ...account, confirm_password: account.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  await page.goto('/c/new');
  const box = page.getByRole('textbox', { name: ar('com_ui_message_input'), exact: true });
  await expect(box).toBeFocused();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  return box;
}

test.describe('in Arabic', () => {
  test.use({ locale: 'ar-EG' });

  test('an English title is cut at its end in the sidebar and in search results', async ({ page, fake }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    const box = await signUpInArabic(page);
    await fake.script({ replies: [{ text: 'Bring warm clothes.' }] });
    await box.fill(ENGLISH_TITLE);
    await box.press('Enter');
    await expect(thread(page).nth(1)).toContainText('Bring warm clothes.');
    // The English reply reads left to right: its full stop after the last word, on the right.
    const reply = thread(page).nth(1).getByText('Bring warm clothes.');
    const stopAfterWords = await reply.evaluate((node) => {
      const text = node.firstChild;
      if (!text?.textContent) throw new Error('no text');
      const range = node.ownerDocument.createRange();
      range.setStart(text, 0);
      range.setEnd(text, 1);
      const first = range.getBoundingClientRect().left;
      range.setStart(text, text.textContent.length - 1);
      range.setEnd(text, text.textContent.length);
      return range.getBoundingClientRect().left > first;
    });
    expect(stopAfterWords).toBe(true);

    const sidebar = page.getByRole('navigation', { name: ar('com_nav_chat_history') });
    const row = sidebar.getByRole('link', { name: ENGLISH_TITLE });
    await expect(row).toBeVisible();
    await expectCutAtItsEnd(row.locator('span[dir]'));

    // A search result naming the conversation: its title line too.
    await page.getByRole('searchbox', { name: ar('com_nav_search_conversations') }).fill('mountains');
    const results = page.getByRole('region', { name: ar('com_nav_search_results') });
    const hit = results.getByRole('button', { name: /Bring warm clothes|mountains/ }).first();
    await expect(hit).toBeVisible();
    // The title line of the message found, and its sender in the reader's language (not the stored "User").
    const titles = results.locator('span[dir="auto"].truncate', { hasText: /^Planning a weekend/ });
    await expect(titles.first()).toBeVisible();
    for (const title of await titles.all()) await expectCutAtItsEnd(title);
    await expect(hit).toContainText(ar('com_ui_you'));
    await expect(hit).not.toContainText('User');
  });

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    for (const colorScheme of ['light', 'dark'] as const) {
      test(`right-to-left sidebar screenshots (${size}, ${colorScheme})`, async ({ page, fake }) => {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme });
        const box = await signUpInArabic(page);
        await fake.script({ replies: [{ text: 'Bring warm clothes.' }, { text: 'مرحبا' }] });
        await box.fill(ENGLISH_TITLE);
        await box.press('Enter');
        await expect(thread(page).nth(1)).toContainText('Bring warm clothes.');
        await page
          .getByRole('link', { name: ar('com_ui_new_chat'), exact: true })
          .first()
          .click();
        // The new chat's screen is ready once it has its address and the box has the focus back: text typed
        // before that could be lost with the old screen (a run failed so, the box empty, no second chat).
        await expect(page).toHaveURL(/\/c\/new$/);
        await expect(box).toBeFocused();
        const arabicTitle = 'رحلة قصيرة إلى الجبال في شمال إيطاليا مع الأصدقاء في عطلة نهاية الأسبوع';
        await box.fill(arabicTitle);
        await expect(box).toHaveValue(arabicTitle);
        await box.press('Enter');
        await expect(thread(page).nth(1)).toContainText('مرحبا');
        if (size === 'mobile') {
          await page.getByRole('button', { name: ar('com_nav_open_sidebar') }).click();
        }
        const sidebar = page.getByRole('navigation', { name: ar('com_nav_chat_history') });
        const english = sidebar.getByRole('link', { name: ENGLISH_TITLE });
        await expect(english).toBeVisible();
        // The picture: a right-to-left page whose sidebar sits on the right, both titles in it, apart; the
        // English one read left to right and cut at its end, the Arabic one read right to left.
        await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
        const arabicRow = sidebar.getByRole('link', { name: /^رحلة قصيرة إلى الجبال/ });
        for (const part of [sidebar, english, arabicRow]) await expectShown(part);
        await expectApart(english, arabicRow);
        const nav = await sidebar.boundingBox();
        if (!nav) throw new Error('the sidebar has no box');
        expect(nav.x + nav.width / 2, 'the sidebar is on the right').toBeGreaterThan(viewport.width / 2);
        await expectCutAtItsEnd(english.locator('span[dir]'));
        expect(await textPlacement(arabicRow.locator('span[dir]'))).toMatchObject({
          dir: 'auto',
          direction: 'rtl',
        });
        await expectNoSidewaysScroll(page);
        await snapshot(page, `rtl-sidebar-${size}-${colorScheme}`);
      });
    }
  }
});
