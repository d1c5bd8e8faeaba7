import { readFileSync } from 'node:fs';
import { COLOR_SCHEMES, sized, snapshot } from '../support/fixtures';
import { expect, messages, send, signUp, test } from '../support/chat-fixtures';
import { expectNoSidewaysScroll, expectShown } from '../support/layout';

/**
 * Issue 27 trip-over item 1: a provider that drops the connection mid-reply leaves the text it sent, a notice
 * saying it stopped answering (not SPEC's "may still be processing, or it was cancelled or censored"), and
 * Continue and Retry beside it. Screenshots light/dark, 375/1280, and in Arabic (right to left) and German.
 */

const PARTIAL = 'Once upon a time, in a quiet harbour town, ';
/** Dropped after the first three deltas of eight characters. */
const DROPPED = { text: `${PARTIAL}there lived a lighthouse keeper.`, chunkSize: 8, dropAfterChunks: 3 };
const STOPPED = 'The provider stopped answering before this reply was finished; the text so far is kept.';

test('keeps the text, says the provider stopped, and Continue picks up where it stopped', async ({
  page,
  fake,
}) => {
  await signUp(page);
  await fake.script({ replies: [DROPPED, { text: 'there lived a lighthouse keeper.' }] });
  await send(page, 'Tell me a story');
  const reply = messages(page).nth(1);
  const notice = reply.getByRole('status');
  await expect(notice).toContainText(STOPPED, { timeout: 30_000 });
  await expect(reply).toContainText(PARTIAL.slice(0, 24));
  await expect(reply).not.toContainText('cancelled or censored');
  await expect(notice.getByRole('button', { name: 'Continue' })).toBeVisible();
  await expect(notice.getByRole('button', { name: 'Retry' })).toBeVisible();

  // Saved as it stands: a reload shows the same text, notice and actions.
  await page.reload();
  await expect(messages(page).nth(1).getByRole('status')).toContainText(STOPPED);
  await expect(messages(page).nth(1)).toContainText(PARTIAL.slice(0, 24));

  await messages(page).nth(1).getByRole('status').getByRole('button', { name: 'Continue' }).click();
  await expect(messages(page).nth(1)).toContainText('there lived a lighthouse keeper.');
  await expect(messages(page).nth(1).getByRole('status')).toHaveCount(0);
  await expect(messages(page)).toHaveCount(2);
});

test('Retry asks for a new reply beside the cut-off one', async ({ page, fake }) => {
  await signUp(page);
  await fake.script({ replies: [DROPPED, { text: 'A whole new story.' }] });
  await send(page, 'Tell me a story');
  const notice = messages(page).nth(1).getByRole('status');
  await notice.getByRole('button', { name: 'Retry' }).click({ timeout: 30_000 });
  await expect(messages(page).nth(1)).toContainText('A whole new story.');
  await expect(messages(page).nth(1).getByRole('group', { name: 'Versions' })).toContainText('2 / 2');
});

for (const size of ['mobile', 'desktop'] as const) {
  for (const colorScheme of COLOR_SCHEMES) {
    test(`provider-stopped notice screenshot (${size}, ${colorScheme})`, async ({ page, fake }) => {
      await sized(page, size, colorScheme);
      await signUp(page);
      await fake.script({ replies: [DROPPED] });
      await send(page, 'Tell me a story');
      const notice = messages(page).nth(1).getByRole('status');
      await expect(notice).toContainText(STOPPED, { timeout: 30_000 });
      await expectShown(notice.getByRole('button', { name: 'Continue' }));
      await expectShown(notice.getByRole('button', { name: 'Retry' }));
      await expectNoSidewaysScroll(page);
      await snapshot(page, `provider-stopped-${size}-${colorScheme}`);
    });
  }
}

/** A locale's texts, read from its file as the web reads them. */
const wordsOf = (code: string): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`../../web/src/locales/${code}.json`, import.meta.url), 'utf8')) as Record<
    string,
    string
  >;

for (const [code, colorScheme] of [
  ['ar-EG', 'dark'],
  ['de-DE', 'light'],
] as const) {
  test.describe(code, () => {
    test.use({ locale: code });

    test(`provider-stopped notice in ${code} (375 and 1280 px, ${colorScheme})`, async ({ page, fake }) => {
      const words = wordsOf(code);
      await sized(page, 'mobile', colorScheme);
      const response = await page.request.post('/api/auth/register', {
        data: {
          name: 'Ada Lovelace',
          email: `stopped-${code}-${Date.now()}@example.com`,
          password: 'correct horse battery',
          confirm_password: 'correct horse battery',
        },
      });
      expect(response.status(), await response.text()).toBe(200);
      await page.goto('/c/new');
      await expect(page.locator('html')).toHaveAttribute('dir', code === 'ar-EG' ? 'rtl' : 'ltr');
      await fake.script({ replies: [DROPPED] });
      const box = page.getByRole('textbox', { name: words.com_ui_message_input, exact: true });
      await box.fill('Tell me a story');
      await box.press('Enter');
      const notice = page.getByRole('status').filter({ hasText: words.com_ui_provider_stopped ?? '' });
      await expect(notice).toBeVisible({ timeout: 30_000 });
      await expectShown(notice.getByRole('button', { name: words.com_ui_continue }));
      await expectShown(notice.getByRole('button', { name: words.com_ui_retry }));
      await expectNoSidewaysScroll(page);
      await snapshot(page, `provider-stopped-${code}-mobile-${colorScheme}`);
      await sized(page, 'desktop', colorScheme);
      await expectShown(notice.getByRole('button', { name: words.com_ui_retry }));
      await snapshot(page, `provider-stopped-${code}-desktop-${colorScheme}`);
    });
  });
}
