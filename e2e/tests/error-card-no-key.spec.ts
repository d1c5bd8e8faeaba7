import type { Page } from '@playwright/test';
import { COLOR_SCHEMES, sized, snapshot } from '../support/fixtures';
import { expect, messageBox, messages, send, signUp, test } from '../support/chat-fixtures';
import { expectApart, expectNoSidewaysScroll, expectShown } from '../support/layout';

/**
 * Issue 16 item 4: a user key that is gone gives SPEC §8's "No key found" text, and the card offers to set a key
 * (the endpoint lets users bring their own). Screenshots light/dark, 375/1280.
 */

// Every user brings their own key; this one is revoked elsewhere after the page loaded.
test.use({ parleyEnv: { OPENAI_API_KEY: 'user_provided' } });

async function keyThenRevokeElsewhere(page: Page) {
  await signUp(page);
  const refreshed = await page.request.post('/api/auth/refresh');
  const { token } = (await refreshed.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const set = await page.request.put('/api/keys', {
    headers,
    data: {
      name: 'openAI',
      value: 'sk-user-gone',
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    },
  });
  expect(set.status(), await set.text()).toBeLessThan(300);
  // Another tab (or a "revoke all keys") will take the key away; this page keeps hearing that it has one, however
  // late it asks (on a loaded machine its first answer came after the revocation).
  const expiry = await page.request.get('/api/keys?name=openAI', { headers });
  const stale = (await expiry.json()) as unknown;
  await page.route('**/api/keys?name=openAI', (route) =>
    route.request().method() === 'GET' ? route.fulfill({ json: stale }) : route.fallback(),
  );
  await page.reload();
  await expect(messageBox(page)).toBeEnabled();
  const revoked = await page.request.delete('/api/keys/openAI', { headers });
  expect(revoked.status(), await revoked.text()).toBeLessThan(300);
}

test('says SPEC’s “No key found” and offers to set a key in the card', async ({ page, fake }) => {
  await keyThenRevokeElsewhere(page);
  await send(page, 'Are you there?');
  const card = messages(page).nth(1).getByRole('alert');
  await expect(card).toContainText('No key found. Please provide a key and try again.');
  await card.getByRole('button', { name: 'Set API key' }).click();
  await expect(page.getByRole('dialog', { name: 'Config key for OpenAI' })).toBeVisible();
  expect(await fake.chatRequests()).toEqual([]);
});

for (const size of ['mobile', 'desktop'] as const) {
  for (const colorScheme of COLOR_SCHEMES) {
    test(`no-key card screenshot (${size}, ${colorScheme})`, async ({ page }) => {
      await sized(page, size, colorScheme);
      await keyThenRevokeElsewhere(page);
      await send(page, 'Are you there?');
      // What the picture shows: SPEC's words, the Set API key button and the message box, in view and apart.
      const card = messages(page).nth(1).getByRole('alert');
      await expect(card).toContainText('No key found. Please provide a key and try again.');
      const setKey = card.getByRole('button', { name: 'Set API key' });
      await expectShown(card);
      await expectShown(setKey);
      await expectShown(messageBox(page));
      await expectApart(card, messageBox(page));
      await expectNoSidewaysScroll(page);
      await snapshot(page, `error-card-no-key-${size}-${colorScheme}`);
    });
  }
}
