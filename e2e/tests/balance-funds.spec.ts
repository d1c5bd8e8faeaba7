import { expect, messages, send, signUp, test } from '../support/chat-fixtures';

// Balance checking on, and nothing to spend (SPEC §8 token_balance).
test.use({ parleyEnv: { CHECK_BALANCE: 'true', START_BALANCE: '0' } });

test('a message the balance cannot pay shows SPEC’s “Insufficient Funds” with the figures', async ({
  page,
  fake,
}) => {
  await signUp(page);
  await send(page, 'Hello there');
  const reply = messages(page).nth(1);
  await expect(reply).toContainText('Insufficient Funds');
  // The figures come in a code block: the balance and the cost of the prompt.
  const figures = reply.locator('pre');
  await expect(figures).toContainText('Balance: 0');
  await expect(figures).toContainText(/Prompt tokens: [1-9]/);
  await expect(figures).toContainText(/Cost: [0-9.]+/);
  expect(await fake.chatRequests()).toEqual([]);
});
