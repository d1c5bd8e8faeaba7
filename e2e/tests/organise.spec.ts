import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Locator, Page } from '@playwright/test';
import { createSweeper } from '../../server/src/sweeper/sweeper';
import { expect, messageBox, messages, send, signUp, test } from '../support/chat-fixtures';
import { COLOR_SCHEMES, sized, snapshot, VIEWPORTS } from '../support/fixtures';
import { createThrowAwayDatabase } from '../support/throwaway-postgres';

/** A reply from the fake model: a loaded machine (two cores, journeys in parallel) may take a while. */
const REPLY = { timeout: 30_000 };

const sidebarOf = (page: Page) => page.getByRole('navigation', { name: 'Chat history' });

/** Opens a row's "…" menu and picks an item. */
async function rowAction(page: Page, title: string, item: string) {
  await sidebarOf(page)
    .getByRole('button', { name: `Options for ${title}` })
    .click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

/** A new chat with one exchange; its title is its first message (titles are off in these journeys). */
async function chat(page: Page, fake: { script: (s: object) => Promise<void> }, text: string, reply: string) {
  await page.goto('/c/new');
  await expect(messageBox(page)).toBeVisible();
  await fake.script({ replies: [{ text: reply }] });
  await send(page, text);
  await expect(messages(page).nth(1)).toContainText(reply, REPLY);
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  // Titled by its first message with the reply's end, which may come a while after its text on a loaded machine.
  await expect(sidebarOf(page).getByRole('link', { name: text })).toBeVisible(REPLY);
}

/** The titles of the sidebar's rows, top to bottom. */
const rowTitles = (sidebar: Locator) => sidebar.locator('a[href^="/c/"]:not([href="/c/new"])');

test('archive, unarchive, pin, tag and filter by tag', async ({ page, fake }) => {
  await signUp(page);
  await chat(page, fake, 'Alpha plans', 'A reply.');
  await chat(page, fake, 'Beta notes', 'B reply.');
  await chat(page, fake, 'Gamma ideas', 'C reply.');
  const sidebar = sidebarOf(page);
  await expect(rowTitles(sidebar)).toHaveText(['Gamma ideas', 'Beta notes', 'Alpha plans']);

  // Pin the oldest: it goes to the top under "Pinned", and stays there after a reload.
  await rowAction(page, 'Alpha plans', 'Pin');
  await expect(sidebar.getByRole('heading', { name: 'Pinned' })).toBeVisible();
  await expect(rowTitles(sidebar)).toHaveText(['Alpha plans', 'Gamma ideas', 'Beta notes']);
  await page.reload();
  await expect(rowTitles(sidebarOf(page))).toHaveText(['Alpha plans', 'Gamma ideas', 'Beta notes']);

  // Tag one from its row menu: a new tag, created on Save.
  await rowAction(page, 'Beta notes', 'Tags');
  const tagsDialog = page.getByRole('dialog', { name: 'Tags for Beta notes' });
  await tagsDialog.getByRole('textbox', { name: 'New tag' }).fill('Work');
  await tagsDialog.getByRole('button', { name: 'Add' }).click();
  await expect(tagsDialog.getByRole('checkbox', { name: 'Work' })).toBeChecked();
  for (const size of ['desktop', 'mobile'] as const) {
    for (const scheme of COLOR_SCHEMES) {
      await sized(page, size, scheme);
      await expect(tagsDialog.getByRole('button', { name: 'Save' })).toBeInViewport();
      await snapshot(page, `organise-tags-dialog-${size}-${scheme}`);
    }
  }
  await page.setViewportSize(VIEWPORTS.desktop);
  await tagsDialog.getByRole('button', { name: 'Save' }).click();
  await expect(tagsDialog).toBeHidden();

  // Filter by the tag: only the tagged one is listed; back to all chats.
  const filter = sidebar.getByRole('combobox', { name: 'Filter by tag' });
  await expect(filter.getByRole('option', { name: 'Work (1)' })).toBeAttached();
  await filter.selectOption('Work');
  await expect(rowTitles(sidebar)).toHaveText(['Beta notes']);
  await sidebar.getByRole('button', { name: 'Manage tags' }).click();
  const manage = page.getByRole('dialog', { name: 'Manage tags' });
  await expect(manage.getByRole('textbox', { name: 'Name of Work' })).toHaveValue('Work');
  await expect(manage.getByText('Chats: 1')).toBeVisible();
  for (const size of ['desktop', 'mobile'] as const) {
    for (const scheme of COLOR_SCHEMES) {
      await sized(page, size, scheme);
      await expect(manage.getByRole('button', { name: 'Delete tag Work' })).toBeInViewport();
      await snapshot(page, `organise-manage-tags-${size}-${scheme}`);
    }
  }
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.keyboard.press('Escape');
  await expect(manage).toBeHidden();
  await filter.selectOption('');
  await expect(rowTitles(sidebar)).toHaveText(['Alpha plans', 'Gamma ideas', 'Beta notes']);

  // Archive: the row leaves the sidebar; Settings → Data → Archived chats lists it; Unarchive brings it back.
  await rowAction(page, 'Gamma ideas', 'Archive');
  await expect(sidebar.getByRole('link', { name: 'Gamma ideas' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Ada Lovelace' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('tab', { name: 'Data' }).click();
  await expect(settings.getByText('Archived chats')).toBeVisible();
  await settings.getByRole('button', { name: 'Manage' }).click();
  const archived = page.getByRole('dialog', { name: 'Archived chats' });
  await expect(archived.getByRole('link', { name: 'Gamma ideas' })).toBeVisible();
  for (const size of ['desktop', 'mobile'] as const) {
    for (const scheme of COLOR_SCHEMES) {
      await sized(page, size, scheme);
      await expect(archived.getByRole('button', { name: 'Unarchive Gamma ideas' })).toBeInViewport();
      await snapshot(page, `organise-archived-${size}-${scheme}`);
    }
  }
  await page.setViewportSize(VIEWPORTS.desktop);
  await archived.getByRole('button', { name: 'Unarchive Gamma ideas' }).click();
  await expect(archived.getByText('No archived chats')).toBeVisible();
  // One Escape per dialog, each once the one before has closed.
  await page.keyboard.press('Escape');
  await expect(archived).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();
  await expect(sidebar.getByRole('link', { name: 'Gamma ideas' })).toBeVisible();

  // The row menu and the sidebar with a pin and a tag filter, at both widths and in both schemes.
  for (const size of ['desktop', 'mobile'] as const) {
    for (const scheme of COLOR_SCHEMES) {
      await sized(page, size, scheme);
      const nav = sidebarOf(page);
      if (size === 'mobile') {
        await page.getByRole('button', { name: 'Open sidebar' }).click();
        await expect(nav).toBeVisible();
      }
      await nav.getByRole('button', { name: 'Options for Beta notes' }).click();
      const menu = page.getByRole('menu');
      for (const item of ['Pin', 'Tags', 'Duplicate', 'Archive']) {
        await expect(menu.getByRole('menuitem', { name: item, exact: true })).toBeInViewport();
      }
      await snapshot(page, `organise-row-menu-${size}-${scheme}`);
      // Escape closes the menu, and focus goes back to its "…" button; only then does a second Escape reach
      // the sidebar (a key pressed before focus is back lands on the page and leaves the sidebar open).
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(nav.getByRole('button', { name: 'Options for Beta notes' })).toBeFocused();
      if (size === 'mobile') {
        await page.keyboard.press('Escape');
        await expect(nav).toBeHidden();
        await expect(page.getByRole('button', { name: 'Open sidebar' })).toBeVisible();
      }
    }
  }
});

test('fork from a message: a new conversation with the path to it', async ({ page, fake }) => {
  await signUp(page);
  await fake.script({ replies: [{ text: 'First answer.' }, { text: 'Second answer.' }] });
  await send(page, 'First question');
  await expect(messages(page).nth(1)).toContainText('First answer.', REPLY);
  await send(page, 'Second question');
  await expect(messages(page).nth(3)).toContainText('Second answer.', REPLY);
  const original = page.url();

  const firstReply = messages(page).nth(1);
  await firstReply.hover();
  await firstReply.getByRole('button', { name: 'Fork from here' }).click();
  await page.getByRole('menuitem', { name: 'Visible messages only' }).click();
  await expect(page).not.toHaveURL(original);
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  await expect(messages(page)).toHaveCount(2);
  await expect(messages(page).nth(0)).toContainText('First question');
  await expect(messages(page).nth(1)).toContainText('First answer.');
  await expect(page.getByText('Second question')).toHaveCount(0);
  // Both conversations are listed; the original still has all four messages.
  await expect(sidebarOf(page).getByRole('link', { name: 'First question' })).toHaveCount(2);
  await page.goto(original);
  await expect(messages(page)).toHaveCount(4);
});

/**
 * Temporary chats run on a PostgreSQL database of their own, so the journey can run a second sweeper
 * against it on a clock moved past the retention (720 h by default): the server's own sweeper keeps the
 * real time, the injected clock exists only in this test.
 */
const pgTest = test.extend<object, { databaseUrl: string }>({
  databaseUrl: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern
    async ({}, use) => {
      const database = await createThrowAwayDatabase();
      await use(database.url);
      await database.drop();
    },
    { scope: 'worker' },
  ],
  parleyEnv: [async ({ databaseUrl }, use) => use({ DATABASE_URL: databaseUrl }), { scope: 'worker' }],
});

pgTest(
  'a temporary chat disappears after its retention, and one kept stays',
  async ({ page, fake, databaseUrl }) => {
    await signUp(page);
    const sidebar = sidebarOf(page);
    const temporary = page.getByRole('switch', { name: 'Temporary chat' });
    await temporary.click();
    await expect(temporary).toBeChecked();
    for (const size of ['desktop', 'mobile'] as const) {
      for (const scheme of COLOR_SCHEMES) {
        await sized(page, size, scheme);
        await expect(temporary).toBeInViewport();
        await snapshot(page, `organise-temporary-switch-${size}-${scheme}`);
      }
    }
    await page.setViewportSize(VIEWPORTS.desktop);
    await fake.script({ replies: [{ text: 'Noted, quietly.' }] });
    await send(page, 'A secret plan');
    await expect(messages(page).nth(1)).toContainText('Noted, quietly.', REPLY);
    await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
    const goneUrl = page.url();
    const banner = page.getByRole('status').filter({ hasText: 'This temporary chat is not in your history' });
    await expect(banner).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'A secret plan' })).toHaveCount(0);
    for (const size of ['desktop', 'mobile'] as const) {
      for (const scheme of COLOR_SCHEMES) {
        await sized(page, size, scheme);
        await expect(banner.getByRole('button', { name: 'Keep this chat' })).toBeInViewport();
        await snapshot(page, `organise-temporary-${size}-${scheme}`);
      }
    }
    await page.setViewportSize(VIEWPORTS.desktop);

    // A second temporary chat (the switch stays on for the next new chat), kept: it becomes a normal one.
    await sidebarOf(page).getByRole('link', { name: 'New chat' }).click();
    await expect(page).toHaveURL(/\/c\/new$/);
    // Ready once the box has the focus back: text typed before can be cleared with the old screen's box.
    await expect(messageBox(page)).toBeFocused();
    await expect(page.getByRole('switch', { name: 'Temporary chat' })).toBeChecked();
    await fake.script({ replies: [{ text: 'Worth keeping.' }] });
    await send(page, 'Keep me around');
    await expect(messages(page).nth(1)).toContainText('Worth keeping.', REPLY);
    const keptUrl = page.url();
    await page.getByRole('button', { name: 'Keep this chat' }).click();
    await expect(page.getByRole('button', { name: 'Keep this chat' })).toHaveCount(0);
    // It was never titled (a temporary chat is not): kept, it is named by its first message.
    await expect(sidebarOf(page).getByRole('link', { name: 'Keep me around', exact: true })).toBeVisible();

    // 721 hours later (the test's own clock): one sweep deletes the first and leaves the kept one.
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    try {
      const later = new Date(Date.now() + 721 * 3_600_000);
      const sweeper = createSweeper({ db: drizzle(pool), engine: 'postgres', now: () => later });
      expect(await sweeper.sweep()).toBe(1);
    } finally {
      await pool.end();
    }
    await page.goto(goneUrl);
    await expect(page.getByText('Nothing found')).toBeVisible();
    await expect(page.getByText('Noted, quietly.')).toHaveCount(0);
    await page.goto(keptUrl);
    await expect(messages(page).nth(1)).toContainText('Worth keeping.');
    await expect(page.getByRole('button', { name: 'Keep this chat' })).toHaveCount(0);
    await expect(sidebarOf(page).getByRole('link', { name: 'Keep me around', exact: true })).toHaveCount(1);
  },
);
