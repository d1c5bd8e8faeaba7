import { type Browser, type Page } from '@playwright/test';
import { expect, messages, send, signUp, test } from '../support/chat-fixtures';
import { loadedWidth } from '../support/files';
import { openPluginStore, pickTools, toolsButton, usePluginsEndpoint } from '../support/plugins';
import { DALLE_KEY, installWithKey, searchTurn, TAVILY_KEY, VENDOR_ENV } from '../support/vendor-tools';

// Vendor tools with a user's credentials, against the vendors' fakes that ride along in the fake OpenAI process
// (`/vendor/*`): Tavily search and DALL·E 3. Each fake checks the key it is sent.
test.use({ parleyEnv: VENDOR_ENV });

async function otherUser(browser: Browser, page: Page): Promise<Page> {
  const context = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const other = await context.newPage();
  await signUp(other, 'Grace Hopper');
  await usePluginsEndpoint(other);
  return other;
}

test('a user installs Tavily with a key, picks it, and the answer used the search; another user has neither', async ({
  page,
  fake,
  browser,
}) => {
  test.setTimeout(120_000);
  await signUp(page);
  await usePluginsEndpoint(page);
  const store = await installWithKey(page, 'Tavily Search', 'Tavily API Key', TAVILY_KEY);
  await store.getByRole('button', { name: 'Close' }).click();

  // The key is stored, never sent back.
  const listed = await page.request.get('/api/plugins', { headers: await bearer(page) });
  expect(await listed.text()).not.toContain(TAVILY_KEY);
  expect(
    (await listed.json()).find((p: { pluginKey: string }) => p.pluginKey === 'tavily_search_results_json'),
  ).toMatchObject({ authenticated: true });

  await pickTools(page, ['Tavily Search']);
  await expect(toolsButton(page)).toHaveAccessibleName('Tools: Tavily Search');
  await fake.script({ replies: searchTurn });
  const ask = page.waitForRequest((request) => request.url().endsWith('/api/ask/gptPlugins'));
  await send(page, 'Which lighthouse is the tallest?');
  expect((await ask).postDataJSON()).toMatchObject({ tools: ['tavily_search_results_json'] });

  const reply = messages(page).nth(1);
  await expect(reply).toContainText('the tallest lighthouse is well documented', { timeout: 45_000 });
  const step = reply.getByRole('button', { name: 'Used Tavily Search' });
  await step.click();
  await expect(step).toHaveAttribute('aria-expanded', 'true');
  await expect(reply).toContainText('"query": "tallest lighthouse"');
  await expect(reply).toContainText('Answer: The Tavily answer about tallest lighthouse.');
  await expect(reply).toContainText('https://example.com/tallest-lighthouse/1');

  // The fake Tavily got the user's key; the model got Tavily's results as its call's result.
  const searches = await fake.vendorRequests();
  expect(searches.map((r) => [r.path, r.headers.authorization])).toEqual([
    ['/vendor/tavily/search', `Bearer ${TAVILY_KEY}`],
  ]);
  const last = JSON.stringify((await fake.chatRequests()).at(-1)?.body);
  expect(last).toContain('The Tavily answer about tallest lighthouse.');

  await page.reload();
  const saved = messages(page).nth(1);
  await saved.getByRole('button', { name: 'Used Tavily Search' }).click();
  await expect(saved).toContainText('Answer: The Tavily answer about tallest lighthouse.');

  // Another user sees Tavily not installed, is asked for a key of their own (Ada's is not offered), and
  // the server refuses the tool for them.
  const grace = await otherUser(browser, page);
  let graceStore = await openPluginStore(grace, 'Tavily Search');
  await expect(graceStore.getByRole('button', { name: 'Install Tavily Search' })).toBeVisible();
  await grace.keyboard.press('Escape');
  await expect(graceStore).toBeHidden();
  // The plugin list has loaded (the store showed it): only now does an empty tools menu mean "not installed".
  await toolsButton(grace).click();
  await expect(grace.getByRole('menuitem', { name: 'Plugin store' })).toBeVisible();
  await expect(grace.getByRole('menuitemcheckbox')).toHaveCount(0);
  await grace.keyboard.press('Escape');
  graceStore = await openPluginStore(grace, 'Tavily Search');
  await graceStore.getByRole('button', { name: 'Install Tavily Search' }).click();
  await expect(graceStore.getByLabel('Tavily API Key', { exact: true })).toHaveValue('');
  await expect(graceStore.getByRole('button', { name: 'Save' })).toBeDisabled();
  const theirs = await grace.request.get('/api/plugins', { headers: await bearer(grace) });
  expect(
    (await theirs.json()).find((p: { pluginKey: string }) => p.pluginKey === 'tavily_search_results_json'),
  ).toMatchObject({ authenticated: false });
  const refused = await grace.request.post('/api/ask/gptPlugins', {
    headers: await bearer(grace),
    data: {
      endpoint: 'gptPlugins',
      model: 'gpt-4o-mini',
      conversationId: null,
      text: 'Search with Ada’s key',
      tools: ['tavily_search_results_json'],
    },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toMatchObject({
    message: 'The tool "tavily_search_results_json" is not installed',
  });
  expect(await fake.vendorRequests()).toHaveLength(1);
  await grace.context().close();
});

/** An access token for API calls the page makes itself (the refresh cookie is in the context). */
async function accessToken(page: Page): Promise<string> {
  const response = await page.request.post('/api/auth/refresh');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

const imageTurn = [
  {
    toolCalls: [{ id: 'call_image', name: 'dalle', arguments: '{"prompt":"A lighthouse at sunset"}' }],
    finishReason: 'tool_calls' as const,
  },
  // The answer waits until the test releases it, so the image is seen while the reply is still streaming.
  { text: 'Here is your lighthouse at sunset.', holdAfterChunks: 0 },
];

test('a user installs DALL-E-3 with a key; the generated image shows while streaming and after a reload', async ({
  page,
  fake,
}) => {
  test.setTimeout(120_000);
  await signUp(page);
  await usePluginsEndpoint(page);
  const store = await installWithKey(page, 'DALL-E-3', 'OpenAI API Key', DALLE_KEY);
  await store.getByRole('button', { name: 'Close' }).click();
  await pickTools(page, ['DALL-E-3']);

  await fake.script({ replies: imageTurn });
  await send(page, 'Paint a lighthouse at sunset');
  const reply = messages(page).nth(1);
  const image = reply.getByRole('img', { name: 'Generated image' });
  await expect(image).toBeVisible({ timeout: 45_000 });
  await expect(page.getByRole('button', { name: 'Stop generating' })).toBeVisible();
  await expect(reply).not.toContainText('Here is your lighthouse at sunset.');
  await expect.poll(() => loadedWidth(image)).toBe(256);

  await fake.release();
  await expect(reply).toContainText('Here is your lighthouse at sunset.', { timeout: 30_000 });
  await expect(reply.getByRole('button', { name: 'Finished' })).toBeVisible();

  const [generation] = await fake.vendorRequests();
  expect(generation).toMatchObject({
    path: '/vendor/openai/v1/images/generations',
    headers: { authorization: `Bearer ${DALLE_KEY}` },
    body: { model: 'dall-e-3', prompt: 'A lighthouse at sunset', response_format: 'b64_json' },
  });

  // The image is the user's file, and the saved reply shows it again.
  const files = (await (
    await page.request.get('/api/files', { headers: await bearer(page) })
  ).json()) as Array<{
    context: string;
    type: string;
  }>;
  expect(files).toMatchObject([{ context: 'image_generation', type: 'image/png' }]);
  await page.reload();
  const saved = messages(page).nth(1).getByRole('img', { name: 'Generated image' });
  await expect(saved).toBeVisible();
  await expect.poll(() => loadedWidth(saved)).toBe(256);
});

async function bearer(page: Page): Promise<Record<string, string>> {
  return { authorization: `Bearer ${await accessToken(page)}` };
}
