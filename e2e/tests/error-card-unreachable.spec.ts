import { COLOR_SCHEMES, sized, snapshot } from '../support/fixtures';
import { expect, messageBox, messages, send, signUp, test } from '../support/chat-fixtures';
import { expectApart, expectNoSidewaysScroll, expectShown } from '../support/layout';

/**
 * Issue 16 item 4: a provider nobody can reach names the endpoint, says what to do, keeps the raw reason as
 * detail, and Regenerate in the card (the latest reply's Retry, issue 27) asks again. Screenshots light/dark,
 * 375/1280.
 */

// Nothing listens on port 9 (discard): every request to the provider fails to connect.
test.use({ parleyEnv: { OPENAI_REVERSE_PROXY: 'http://127.0.0.1:9/v1' } });

test('names the endpoint, says to retry, keeps the reason, and Regenerate asks again', async ({ page }) => {
  await signUp(page);
  await send(page, 'Hello?');
  const card = messages(page).nth(1).getByRole('alert');
  await expect(card).toContainText(
    'OpenAI did not answer this time. Please retry in a moment; if it keeps failing, contact your administrator.',
    { timeout: 30_000 },
  );
  await expect(card.locator('pre')).toContainText('Could not reach the provider');
  await expect(card.getByRole('button', { name: 'Set API key' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Regenerate' }).click();
  // Asked again: the reply is regenerated, and fails the same way, as a second version.
  await expect(messages(page).nth(1).getByRole('group', { name: 'Versions' })).toContainText('2 / 2', {
    timeout: 30_000,
  });
  await expect(messages(page).nth(1).getByRole('alert')).toContainText('OpenAI did not answer this time.');
});

for (const size of ['mobile', 'desktop'] as const) {
  for (const colorScheme of COLOR_SCHEMES) {
    test(`unreachable card screenshot (${size}, ${colorScheme})`, async ({ page }) => {
      await sized(page, size, colorScheme);
      await signUp(page);
      await send(page, 'Hello?');
      // What the picture shows: the endpoint named with the advice, the reason kept, Regenerate and the
      // message box, in view and apart.
      const card = messages(page).nth(1).getByRole('alert');
      const regenerate = card.getByRole('button', { name: 'Regenerate' });
      await expect(regenerate).toBeVisible({ timeout: 30_000 });
      await expect(card).toContainText('OpenAI did not answer this time. Please retry in a moment');
      await expect(card.locator('pre')).toContainText('Could not reach the provider');
      await expectShown(card);
      await expectShown(regenerate);
      await expectShown(messageBox(page));
      await expectApart(card, messageBox(page));
      await expectNoSidewaysScroll(page);
      await snapshot(page, `error-card-unreachable-${size}-${colorScheme}`);
    });
  }
}
