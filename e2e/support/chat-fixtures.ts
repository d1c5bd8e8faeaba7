import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { startFakeOpenAI, type FakeOpenAIProcess } from './fake-openai';
import { journeyTest as base } from './fixtures';
import { startParley } from './parley-server';

export { expect };

interface ChatWorld {
  url: string;
  fake: FakeOpenAIProcess;
}

/**
 * Chat journeys: each worker runs its own fake OpenAI and a Parley pointed at it (`parleyEnv` adds to the
 * environment, e.g. a user-provided key); every test starts with an empty script and signs up a new user.
 */
interface WorkerOptions {
  /** More environment for the server; `{FAKE_URL}` in a value stands for the fake's address. */
  parleyEnv: Record<string, string>;
  /** A YAML server config; `{FAKE_URL}` stands for the fake's address. */
  parleyConfig: string | null;
  world: ChatWorld;
}

export const test = base.extend<{ fake: FakeOpenAIProcess }, WorkerOptions>({
  parleyEnv: [{}, { scope: 'worker', option: true }],
  parleyConfig: [null, { scope: 'worker', option: true }],
  world: [
    async ({ parleyEnv, parleyConfig }, use) => {
      const fake = await startFakeOpenAI();
      const configDir = mkdtempSync(join(tmpdir(), 'parley-e2e-config-'));
      const configEnv: Record<string, string> = {};
      if (parleyConfig) {
        configEnv.CONFIG_PATH = join(configDir, 'librechat.yaml');
        writeFileSync(configEnv.CONFIG_PATH, parleyConfig.replaceAll('{FAKE_URL}', fake.url));
      }
      const server = await startParley({
        OPENAI_API_KEY: 'test',
        OPENAI_REVERSE_PROXY: `${fake.url}/v1`,
        OPENAI_MODELS: 'gpt-4o,gpt-4o-mini',
        // Titles would take scripted replies out of turn; the journeys that want one turn them on.
        TITLE_CONVO: 'false',
        ...configEnv,
        // Vendor tools point at the fake's `/vendor/*` routes, e.g. `TAVILY_BASE_URL: '{FAKE_URL}/vendor/tavily'`.
        ...Object.fromEntries(
          Object.entries(parleyEnv).map(([name, value]) => [name, value.replaceAll('{FAKE_URL}', fake.url)]),
        ),
      });
      await use({ url: server.url, fake });
      await server.stop();
      await fake.stop();
      rmSync(configDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: Number(process.env.PARLEY_READY_TIMEOUT_MS) || 90_000 },
  ],
  baseURL: async ({ world }, use) => use(world.url),
  fake: async ({ world }, use) => {
    await world.fake.reset();
    await use(world.fake);
  },
});

let users = 0;

/** Signs up a fresh user (the refresh cookie lands in the page's context) and opens a new chat. */
export async function signUp(page: Page, name = 'Ada Lovelace'): Promise<string> {
  users += 1;
  const email = `user${Date.now()}-${process.pid}-${users}@example.com`;
  const response = await page.request.post('/api/auth/register', {
    data: { name, email, password: 'correct horse battery', confirm_password: 'correct horse battery' },
  });
  expect(response.status(), await response.text()).toBe(200);
  await page.goto('/c/new');
  await expect(messageBox(page)).toBeVisible();
  return email;
}

export function messageBox(page: Page) {
  return page.getByRole('textbox', { name: 'Message', exact: true });
}

/**
 * Types into the message box and sends with Enter, once Send is enabled: Enter in a box that cannot send yet
 * (the previous reply still ending, an upload still running) is silently ignored, and the journey would then
 * wait for a reply that was never asked for.
 */
export async function send(page: Page, text: string): Promise<void> {
  const box = messageBox(page);
  await box.fill(text);
  await expect(page.getByRole('button', { name: 'Send message' })).toBeEnabled();
  await box.press('Enter');
}

/** The messages of the visible thread, as articles named by their sender. */
export function messages(page: Page) {
  return page.getByRole('log', { name: 'Messages' }).getByRole('article');
}
