import { expect, type Page } from '@playwright/test';
import { openPluginStore } from './plugins';

/** The server's vendor base URLs, pointed at the vendors' fakes that ride along in the fake OpenAI process. */
export const VENDOR_ENV = {
  TAVILY_BASE_URL: '{FAKE_URL}/vendor/tavily',
  DALLE3_BASEURL: '{FAKE_URL}/vendor/openai/v1',
};

export const TAVILY_KEY = 'tvly-e2e-ada-0123456789';
export const DALLE_KEY = 'sk-e2e-ada-dalle-0123456789';

/** The model searches with Tavily, then answers from the result. */
export const searchTurn = [
  {
    toolCalls: [
      { id: 'call_search', name: 'tavily_search_results_json', arguments: '{"query":"tallest lighthouse"}' },
    ],
    finishReason: 'tool_calls' as const,
  },
  { text: 'According to Tavily, the tallest lighthouse is well documented (result 1).' },
];

/** Installs a tool that needs one credential, typing it into the store's auth form; leaves the store open. */
export async function installWithKey(page: Page, tool: string, label: string, key: string) {
  const store = await openPluginStore(page, tool);
  await store.getByRole('button', { name: `Install ${tool}` }).click();
  const field = store.getByLabel(label, { exact: true });
  await expect(field).toBeFocused();
  const save = store.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await field.fill(key);
  await save.click();
  await expect(store.getByRole('button', { name: `Uninstall ${tool}` })).toBeVisible();
  return store;
}
