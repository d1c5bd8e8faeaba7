import type { Page } from '@playwright/test';
import { expect, messageBox, messages, send, signUp, test } from '../support/chat-fixtures';
import { COLOR_SCHEMES, sized, snapshot, VIEWPORTS } from '../support/fixtures';

/** The context gauge under the thread ("used / window" tokens) and the conversation's cost beside it. */
const gauge = (page: Page) => page.getByTestId('context-gauge');
const cost = (page: Page) => page.getByTestId('conversation-cost');

/** A LibreChat export of one conversation: `count` messages in one chain, `word` in message `wordAt`. */
function longConversation(count: number, word: string, wordAt: number) {
  const id = (i: number) => `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`;
  const start = Date.parse('2026-01-01T00:00:00Z');
  return {
    conversationId: '10000000-0000-4000-8000-000000000001',
    title: 'A very long chat',
    endpoint: 'openAI',
    messages: Array.from({ length: count }, (_, i) => ({
      messageId: id(i),
      parentMessageId: i === 0 ? '00000000-0000-0000-0000-000000000000' : id(i - 1),
      isCreatedByUser: i % 2 === 0,
      sender: i % 2 === 0 ? 'User' : 'GPT-4o',
      text: i === wordAt ? `Message ${i} mentions the ${word} here.` : `Message ${i} of the long chat.`,
      createdAt: new Date(start + i * 60_000).toISOString(),
    })),
  };
}

async function importJson(page: Page, data: unknown): Promise<void> {
  const { token } = (await (await page.request.post('/api/auth/refresh')).json()) as { token: string };
  const response = await page.request.post('/api/convos/import', {
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    data: JSON.stringify(data),
  });
  expect(response.status(), await response.text()).toBe(200);
}

test('an edited branch is where the conversation reopens, after a reload and on another device', async ({
  page,
  fake,
  browser,
  baseURL,
}) => {
  const email = await signUp(page);
  await expect(messageBox(page)).toBeFocused();
  // gpt-4o: 2.5 credits a prompt token, 10 a completion token; two replies of 4,500 credits: $0.0090.
  const usage = { prompt_tokens: 1000, completion_tokens: 200 };
  await fake.script({
    replies: [
      { text: 'Cats purr.', usage },
      { text: 'Dogs bark.', usage },
    ],
  });
  await send(page, 'Tell me about cats');
  await expect(messages(page).nth(1)).toContainText('Cats purr.');

  const question = messages(page).nth(0);
  await question.getByRole('button', { name: 'Edit' }).click();
  await question.getByRole('textbox', { name: 'Edit message' }).fill('Tell me about dogs');
  await question.getByRole('button', { name: 'Save & Submit' }).click();
  await expect(messages(page).nth(1)).toContainText('Dogs bark.');
  await expect(messages(page).nth(0).getByRole('group', { name: 'Versions' })).toContainText('2 / 2');
  // The gauge of the edit's prompt, and what both replies cost.
  await expect(gauge(page)).toContainText(/ \/ 128,000$/);
  const used = (await gauge(page).textContent()) ?? '';
  await expect(cost(page)).toContainText('$0.0090');
  await expect(page.getByText('Cost of this conversation so far: $0.0090')).toBeAttached();

  await page.reload();
  await expect(messages(page).nth(0)).toContainText('Tell me about dogs');
  await expect(messages(page).nth(1)).toContainText('Dogs bark.');
  // The numbers came with the stream; after a reload the server's kept ones show.
  await expect(gauge(page)).toHaveText(used);
  await expect(cost(page)).toContainText('$0.0090');

  // Another device: a new browser context signed in to the same account, opening it from the sidebar.
  const other = await browser.newContext({ baseURL });
  const device = await other.newPage();
  const login = await device.request.post('/api/auth/login', {
    data: { email, password: 'correct horse battery' },
  });
  expect(login.status()).toBe(200);
  await device.goto('/c/new');
  await device
    .getByRole('link', { name: /Tell me about/ })
    .first()
    .click();
  await expect(messages(device).nth(0)).toContainText('Tell me about dogs');
  await expect(messages(device).nth(1)).toContainText('Dogs bark.');
  const versions = messages(device).nth(0).getByRole('group', { name: 'Versions' });
  await expect(versions).toContainText('2 / 2');
  await expect(gauge(device)).toHaveText(used);
  await expect(cost(device)).toContainText('$0.0090');
  for (const size of ['mobile', 'desktop'] as const) {
    for (const scheme of COLOR_SCHEMES) {
      await sized(device, size, scheme);
      await expect(gauge(device)).toBeInViewport();
      await expect(cost(device)).toBeInViewport();
      // Both messages fit: nothing below to scroll to, whatever the width was before.
      await expect(device.getByRole('button', { name: 'Scroll to bottom' })).toBeHidden();
      await snapshot(device, `context-gauge-${VIEWPORTS[size].width}-${scheme}`);
    }
  }

  // The pager on that device moves the kept leaf too: the first page reopens on the first question.
  await versions.getByRole('button', { name: 'Previous version' }).click();
  await expect(messages(device).nth(1)).toContainText('Cats purr.');
  await expect
    .poll(async () => {
      await page.reload();
      return messages(page).nth(1).textContent();
    })
    .toContain('Cats purr.');
  await other.close();
});

test('a long conversation loads older messages on scrolling up and a search result is brought into view', async ({
  page,
}) => {
  await signUp(page);
  await expect(messageBox(page)).toBeFocused();
  await importJson(page, longConversation(600, 'quasar', 30));
  await page.goto('/c/new');

  await page.getByRole('link', { name: 'A very long chat' }).click();
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(messages(page).last()).toContainText('Message 599 of the long chat.');
  // The first page is the newest 100 messages of the path; scrolling up brings older ones in above, and
  // the message that was at the top stays where the reader saw it.
  const older = log.getByText('Message 499 of the long chat.', { exact: true });
  await expect(older).toHaveCount(0);
  // Up to the top until the older page comes, as a reader would: a scroll made while the view is still being put
  // at the end on opening (one frame later on a loaded machine) is undone by it once.
  await expect
    .poll(async () => {
      await log.evaluate((element) => {
        if (!element.textContent?.includes('Message 499 of the long chat.')) element.scrollTo({ top: 0 });
      });
      return older.count();
    })
    .toBe(1);
  await expect(log.getByText('Message 500 of the long chat.', { exact: true })).toBeInViewport();
  // Two more pages: the top of the list is then message 300 (rows off screen are not rendered).
  const firstNumber = async () =>
    Number(/Message (\d+) /.exec((await messages(page).first().textContent()) ?? '')?.[1]);
  await expect
    .poll(async () => {
      await log.evaluate((element) => element.scrollTo({ top: 0 }));
      return firstNumber();
    })
    .toBeLessThanOrEqual(300);

  // Search for a word far above everything loaded: the message is scrolled into view and highlighted.
  await page.goto('/c/new');
  await page.getByRole('searchbox', { name: 'Search messages' }).fill('quasar');
  const results = page.getByRole('region', { name: 'Search results' });
  await results.getByRole('button', { name: /mentions the quasar/ }).click();
  const hit = log.locator('[data-highlighted="true"]');
  await expect(hit).toContainText('Message 30 mentions the quasar here.');
  await expect(hit).toBeInViewport();
  await page.screenshot({ path: 'artifacts/long-conversation-search-1280-light.png' });
});
