import { snapshot, VIEWPORTS } from '../support/fixtures';
import { expect, messages, send, signUp, test } from '../support/chat-fixtures';
import { openPluginStore, pickTools, toolsButton, usePluginsEndpoint } from '../support/plugins';

// The first calculation starts the math worker, which took over 10 s under load: the answer gets a longer wait.

const calculatorTurn = [
  {
    toolCalls: [{ id: 'call_calc', name: 'calculator', arguments: '{"input":"12*34"}' }],
    finishReason: 'tool_calls' as const,
  },
  { text: '12 × 34 is 408.' },
];

test('a user installs the calculator, picks it, and the answer shows the tool call, also after a reload', async ({
  page,
  fake,
}) => {
  await signUp(page);
  await usePluginsEndpoint(page);
  const store = await openPluginStore(page, 'Calculator');
  await store.getByRole('button', { name: 'Install Calculator' }).click();
  await expect(store.getByRole('button', { name: 'Uninstall Calculator' })).toBeVisible();
  await store.getByRole('button', { name: 'Close' }).click();

  await pickTools(page, ['Calculator']);
  await expect(toolsButton(page)).toHaveAccessibleName('Tools: Calculator');

  await fake.script({ replies: calculatorTurn });
  const ask = page.waitForRequest((request) => request.url().endsWith('/api/ask/gptPlugins'));
  await send(page, 'What is 12*34?');
  expect((await ask).postDataJSON()).toMatchObject({ tools: ['calculator'] });

  const reply = messages(page).nth(1);
  await expect(reply).toContainText('12 × 34 is 408.', { timeout: 45_000 });
  const call = reply.getByRole('button', { name: 'Used Calculator' });
  await expect(call).toBeVisible();
  await call.click();
  await expect(call).toHaveAttribute('aria-expanded', 'true');
  await expect(reply).toContainText('"input": "12*34"');
  await expect(reply.locator('pre').nth(1)).toHaveText('408');

  // The model got the tool's output as the result of its call.
  const requests = await fake.chatRequests();
  expect(JSON.stringify(requests.at(-1)?.body)).toContain('408');

  await page.reload();
  const saved = messages(page).nth(1);
  await expect(saved).toContainText('12 × 34 is 408.');
  await saved.getByRole('button', { name: 'Used Calculator' }).click();
  await expect(saved.locator('pre').nth(1)).toHaveText('408');
});

test('screens: the store, the tools menu and a reply with a tool call, light and dark, phone and desktop', async ({
  page,
  fake,
}) => {
  test.setTimeout(180_000);
  await signUp(page);
  await usePluginsEndpoint(page);
  const store = await openPluginStore(page, 'Calculator');
  await store.getByRole('button', { name: 'Install Calculator' }).click();
  await expect(store.getByRole('button', { name: 'Uninstall Calculator' })).toBeVisible();
  await store.getByRole('button', { name: 'Close' }).click();
  await pickTools(page, ['Calculator']);
  await fake.script({ replies: calculatorTurn });
  await send(page, 'What is 12*34?');
  await expect(messages(page).nth(1)).toContainText('12 × 34 is 408.', { timeout: 45_000 });
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);

  for (const viewport of Object.values(VIEWPORTS)) {
    for (const colorScheme of ['light', 'dark'] as const) {
      const suffix = `${colorScheme}-${viewport.width}`;
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await page.reload();
      const reply = messages(page).nth(1);
      await reply.getByRole('button', { name: 'Used Calculator' }).click();
      await expect(reply.locator('pre').nth(1)).toHaveText('408');
      await snapshot(page, `plugins-reply-${suffix}`);
      await toolsButton(page).click();
      await expect(page.getByRole('menuitemcheckbox', { name: 'Calculator' })).toBeVisible();
      await snapshot(page, `plugins-tools-menu-${suffix}`);
      await page.getByRole('menuitem', { name: 'Plugin store' }).click();
      await page.getByRole('searchbox', { name: 'Search plugins' }).fill('Calculator');
      await expect(page.getByRole('button', { name: 'Uninstall Calculator' })).toBeVisible();
      await snapshot(page, `plugins-store-${suffix}`);
      await page.keyboard.press('Escape');
    }
  }
});
