import { expect, messages, send, signUp, test } from '../support/chat-fixtures';
import { loadedWidth } from '../support/files';
import { snapshot, VIEWPORTS } from '../support/fixtures';
import { openPluginStore, pickTools, usePluginsEndpoint } from '../support/plugins';
import { DALLE_KEY, installWithKey, searchTurn, TAVILY_KEY, VENDOR_ENV } from '../support/vendor-tools';

// Vendor tools with a user's credentials, against the vendors' fakes that ride along in the fake OpenAI process
// (`/vendor/*`): Tavily search and DALL·E 3. Each fake checks the key it is sent.
test.use({ parleyEnv: VENDOR_ENV });

const imageCall = {
  toolCalls: [{ id: 'call_image', name: 'dalle', arguments: '{"prompt":"A lighthouse at sunset"}' }],
  finishReason: 'tool_calls' as const,
};
test('screens: the store, the auth form, a search step and a generated image, light and dark, phone and desktop', async ({
  page,
  fake,
}) => {
  test.setTimeout(240_000);
  await signUp(page);
  await usePluginsEndpoint(page);
  let store = await installWithKey(page, 'Tavily Search', 'Tavily API Key', TAVILY_KEY);
  await store.getByRole('button', { name: 'Close' }).click();
  store = await installWithKey(page, 'DALL-E-3', 'OpenAI API Key', DALLE_KEY);
  await store.getByRole('button', { name: 'Close' }).click();
  await pickTools(page, ['Tavily Search', 'DALL-E-3']);
  await fake.script({
    replies: [...searchTurn, imageCall, { text: 'Here is your lighthouse at sunset.' }],
  });
  await send(page, 'Which lighthouse is the tallest?');
  await expect(messages(page).nth(1)).toContainText('well documented', { timeout: 45_000 });
  await send(page, 'Paint a lighthouse at sunset');
  await expect(messages(page).nth(3)).toContainText('Here is your lighthouse at sunset.', {
    timeout: 45_000,
  });
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);

  for (const viewport of Object.values(VIEWPORTS)) {
    for (const colorScheme of ['light', 'dark'] as const) {
      const suffix = `${colorScheme}-${viewport.width}`;
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await page.reload();
      const search = messages(page).nth(1);
      await search.getByRole('button', { name: 'Used Tavily Search' }).click();
      await expect(search).toContainText('Answer: The Tavily answer about tallest lighthouse.');
      const image = messages(page).nth(3).getByRole('img', { name: 'Generated image' });
      await expect.poll(() => loadedWidth(image)).toBe(256);
      await snapshot(page, `plugins-vendors-search-${suffix}`);
      await image.scrollIntoViewIfNeeded();
      await snapshot(page, `plugins-vendors-image-${suffix}`);

      const open = await openPluginStore(page, 'search');
      await expect(open.getByRole('button', { name: 'Uninstall Tavily Search' })).toBeVisible();
      await snapshot(page, `plugins-vendors-store-${suffix}`);
      await open.getByRole('searchbox', { name: 'Search plugins' }).fill('Google');
      await open.getByRole('button', { name: 'Install Google' }).click();
      await expect(open.getByLabel('Google CSE ID', { exact: true })).toBeFocused();
      await expect(open.getByLabel('Google API Key', { exact: true })).toBeVisible();
      await snapshot(page, `plugins-vendors-auth-${suffix}`);
      await page.keyboard.press('Escape');
      await expect(open).toBeHidden();
    }
  }
});
