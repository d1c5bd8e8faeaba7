import { COLOR_SCHEMES, sized, snapshot } from '../support/fixtures';
import { expect, messageBox, messages, send, signUp, test } from '../support/chat-fixtures';
import { expectApart, expectNoSidewaysScroll, expectShown } from '../support/layout';

/**
 * Issue 16 "Contradictions" and item 4: a balance that cannot pay shows SPEC §8's "Insufficient Funds" with the
 * balance, prompt tokens and cost in a code block, and nothing reaches the model; the refused turn is saved, so
 * a reload still shows it. Screenshots light/dark, 375/1280.
 */

// Balance checking on, with a start balance far below what any message costs.
test.use({ parleyEnv: { CHECK_BALANCE: 'true', START_BALANCE: '3' } });

test('shows SPEC’s “Insufficient Funds” with balance, prompt tokens and cost in a code block', async ({
  page,
  fake,
}) => {
  await signUp(page);
  // SPEC §2: with balance checking on, the user menu shows the balance with two decimals.
  await page.getByRole('button', { name: 'Ada Lovelace' }).click();
  await expect(page.getByText('Balance: 3.00')).toBeVisible();
  await page.keyboard.press('Escape');

  await send(page, 'Hello there');
  const card = messages(page).nth(1).getByRole('alert');
  await expect(card).toContainText('Insufficient Funds');
  const figures = card.locator('pre');
  await expect(figures).toContainText('Balance: 3');
  await expect(figures).toContainText(/Prompt tokens: [1-9]\d*/);
  const cost = Number((await figures.innerText()).match(/Cost: ([0-9.]+)/)?.[1]);
  expect(cost).toBeGreaterThan(3);
  // What the user can do about it (issue 16 item 4).
  await expect(card).toContainText('Ask your administrator to add credits, then retry.');
  // No key to set (the balance, not the key, is in the way); Regenerate (the latest reply's Retry) stays for
  // after a top-up.
  await expect(card.getByRole('button', { name: 'Set API key' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Regenerate' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible();
  expect(await fake.chatRequests()).toEqual([]);

  // The refused turn is saved (issue 27 trip-over item 6): the chat left /c/new, is listed, and a reload
  // still shows the message and the card.
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  const history = page.getByRole('navigation', { name: 'Chat history' });
  await expect(history.getByRole('link', { name: 'Hello there' })).toBeVisible();
  await page.reload();
  await expect(messages(page).first()).toContainText('Hello there');
  const saved = messages(page).nth(1).getByRole('alert');
  await expect(saved).toContainText('Insufficient Funds');
  await expect(saved.locator('pre')).toContainText('Balance: 3');
  await expect(saved.getByRole('button', { name: 'Regenerate' })).toBeVisible();
});

for (const size of ['mobile', 'desktop'] as const) {
  for (const colorScheme of COLOR_SCHEMES) {
    test(`balance card screenshot (${size}, ${colorScheme})`, async ({ page }) => {
      await sized(page, size, colorScheme);
      await signUp(page);
      await send(page, 'Hello there');
      // What the picture shows: the card's reason, figures and advice, Regenerate, and the message box below,
      // each in view, apart, and nothing sticking out sideways.
      const card = messages(page).nth(1).getByRole('alert');
      await expect(card).toContainText('Insufficient Funds');
      await expect(card.locator('pre')).toContainText('Balance: 3');
      await expect(card).toContainText('Ask your administrator to add credits, then retry.');
      const regenerate = card.getByRole('button', { name: 'Regenerate' });
      await expectShown(card);
      await expectShown(regenerate);
      await expectShown(messageBox(page));
      await expectApart(card, messageBox(page));
      await expectNoSidewaysScroll(page);
      await snapshot(page, `error-card-balance-${size}-${colorScheme}`);
    });
  }
}
