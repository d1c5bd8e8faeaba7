import { COLOR_SCHEMES, sized, snapshot } from '../support/fixtures';
import { expect, messages, send, signUp, test } from '../support/chat-fixtures';
import { expectNoSidewaysScroll, expectShown } from '../support/layout';

/**
 * Issue 27 trip-over item 1: a provider that drops the connection mid-reply leaves the text it sent, a notice
 * saying it stopped answering (not SPEC's "may still be processing, or it was cancelled or censored"), and
 * Continue and Retry beside it. Screenshots light/dark, 375/1280.
 */

const PARTIAL = 'Once upon a time, in a quiet harbour town, ';
/** Dropped after the first three deltas of eight characters. */
const DROPPED = { text: `${PARTIAL}there lived a lighthouse keeper.`, chunkSize: 8, dropAfterChunks: 3 };
const STOPPED =
  'The provider stopped answering before this reply was finished; the text so far is kept.';

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
