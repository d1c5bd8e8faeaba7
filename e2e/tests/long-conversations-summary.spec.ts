import { COLOR_SCHEMES, sized, snapshot, VIEWPORTS } from '../support/fixtures';
import { expect, messageBox, messages, send, signUp, test } from '../support/chat-fixtures';

// gpt-3.5-turbo-0613: 4,096 tokens, 3,072 for the prompt beside the reply's room; summaries on.
test.use({ parleyEnv: { OPENAI_MODELS: 'gpt-3.5-turbo-0613', OPENAI_SUMMARIZE: 'true' } });
const filler = (word: string) => Array.from({ length: 900 }, () => word).join(' ');

test('says what is not sent to the model, then shows the summary behind a divider', async ({
  page,
  fake,
}) => {
  await signUp(page);
  await expect(messageBox(page)).toBeFocused();
  await fake.script({
    replies: [
      { text: filler('apple') },
      { text: filler('pear') },
      { text: filler('pear') },
      { text: 'The user plans a trip to Lisbon.' },
    ],
  });
  await send(page, 'GOAL: plan a trip to Lisbon');
  await expect(messages(page).nth(1)).toContainText('apple apple');
  await expect(page.getByRole('log', { name: 'Messages' })).toHaveAttribute('aria-busy', 'false');
  await send(page, filler('plum'));
  await expect(messages(page).filter({ hasText: 'plum plum' })).toHaveCount(1);
  await expect(messages(page).last()).toContainText('pear pear');
  await expect(page.getByRole('log', { name: 'Messages' })).toHaveAttribute('aria-busy', 'false');
  await send(page, filler('fig'));
  // The thread is virtual: once the last reply fills the view, the first message may leave the page, so the
  // reply is found as the last article after the one it answers, not by its index.
  await expect(messages(page).filter({ hasText: 'fig fig' })).toHaveCount(1);
  await expect(messages(page).last()).toContainText('pear pear');
  const notice = page.getByRole('status').filter({ hasText: 'earlier messages are not sent to the model' });
  await expect(notice).toHaveText('2 earlier messages are not sent to the model');
  await expect(page.getByText(/ \/ 4,096$/)).toBeVisible();
  await page.screenshot({ path: 'artifacts/long-conversation-not-sent-1280-light.png' });

  // The summary is made in the background; once there, the thread shows a divider that opens it.
  const divider = page.getByRole('button', { name: 'Earlier messages summarised' });
  await expect
    .poll(async () => {
      await page.reload();
      await expect(messages(page).first()).toBeVisible();
      return divider.count();
    })
    .toBe(1);
  await divider.click();
  await expect(page.getByText('The user plans a trip to Lisbon.')).toBeVisible();
  const summary = page.getByText('The user plans a trip to Lisbon.');
  for (const size of ['mobile', 'desktop'] as const) {
    for (const scheme of COLOR_SCHEMES) {
      await sized(page, size, scheme);
      await divider.scrollIntoViewIfNeeded();
      await expect(divider).toBeInViewport();
      await expect(summary).toBeVisible();
      await snapshot(page, `long-conversation-summary-${VIEWPORTS[size].width}-${scheme}`);
    }
  }
});
