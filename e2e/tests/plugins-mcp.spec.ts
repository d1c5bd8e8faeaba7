import { snapshot, VIEWPORTS } from '../support/fixtures';
import { expect, messages, send, signUp, test as chatTest } from '../support/chat-fixtures';
import { mcpServersYaml, startFakeMcp, type FakeMcpProcess } from '../support/fake-mcp';
import { openPluginStore, pickTools, toolsButton, usePluginsEndpoint } from '../support/plugins';

// MCP tools over stdio (`local`, a child process Parley starts) and streamable HTTP (`remote`), from the YAML.
const test = chatTest.extend<object, { mcp: FakeMcpProcess }>({
  mcp: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern
    async ({}, use) => {
      const mcp = await startFakeMcp();
      await use(mcp);
      await mcp.stop();
    },
    { scope: 'worker' },
  ],
  parleyConfig: [
    async ({ mcp }, use) => use(`version: 1.0.8\n${mcpServersYaml(mcp.url)}`),
    { scope: 'worker' },
  ],
});

const mcpTurn = [
  {
    toolCalls: [
      { id: 'call_weather', name: 'forecast_mcp_local', arguments: '{"city":"Paris"}' },
      { id: 'call_add', name: 'add_mcp_remote', arguments: '{"a":19,"b":23}' },
    ],
    finishReason: 'tool_calls' as const,
  },
  { text: 'Tomorrow Paris is sunny at 21 °C, and 19 + 23 = 42.' },
];

async function installMcpTools(page: Parameters<typeof usePluginsEndpoint>[0]): Promise<void> {
  const store = await openPluginStore(page);
  const search = store.getByRole('searchbox', { name: 'Search plugins' });
  for (const name of ['forecast (local)', 'add (remote)']) {
    await search.fill(name.split(' ')[0] ?? name);
    await store.getByRole('button', { name: `Install ${name}` }).click();
    await expect(store.getByRole('button', { name: `Uninstall ${name}` })).toBeVisible();
  }
  await store.getByRole('button', { name: 'Close' }).click();
}

test('a user picks MCP tools from a stdio and an HTTP server and gets an answer that used them', async ({
  page,
  fake,
}) => {
  test.setTimeout(240_000);
  await signUp(page);
  await usePluginsEndpoint(page);
  await installMcpTools(page);
  await pickTools(page, ['forecast (local)', 'add (remote)']);
  await expect(toolsButton(page)).toHaveAccessibleName('Tools: 2 tools');

  await fake.script({ replies: mcpTurn });
  const ask = page.waitForRequest((request) => request.url().endsWith('/api/ask/gptPlugins'));
  await send(page, 'Weather in Paris tomorrow, and what is 19 + 23?');
  expect((await ask).postDataJSON()).toMatchObject({ tools: ['forecast_mcp_local', 'add_mcp_remote'] });

  const reply = messages(page).nth(1);
  await expect(reply).toContainText('Tomorrow Paris is sunny at 21 °C, and 19 + 23 = 42.', {
    timeout: 60_000,
  });
  await reply.getByRole('button', { name: 'Used forecast (local)' }).click();
  await expect(reply).toContainText('Paris: sunny, 21 °C, light wind from the west.');
  await reply.getByRole('button', { name: 'Used add (remote)' }).click();
  await expect(reply.getByText('42', { exact: true })).toBeVisible();

  // The model got both servers' outputs as its calls' results.
  const requests = await fake.chatRequests();
  const last = JSON.stringify(requests.at(-1)?.body);
  expect(last).toContain('light wind from the west');
  expect(last).toContain('"content":"42"');

  for (const viewport of Object.values(VIEWPORTS)) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await page.reload();
      const saved = messages(page).nth(1);
      await saved.getByRole('button', { name: 'Used forecast (local)' }).click();
      await expect(saved).toContainText('light wind from the west');
      await snapshot(page, `plugins-mcp-reply-${colorScheme}-${viewport.width}`);
    }
  }
});
