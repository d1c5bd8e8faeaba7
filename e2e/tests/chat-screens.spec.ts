import { snapshot, VIEWPORTS } from '../support/fixtures';
import { expect, messages, send, signUp, test } from '../support/chat-fixtures';

const REPLY =
  'Here is a plan:\n\n1. **Pack** light\n2. Book the *train*\n\n```python\ndef greet(name):\n    return f"Hello, {name}!"\n```\n\n| Day | Place |\n|---|---|\n| 1 | Lyon |\n| 2 | Nice |';

test.describe('screenshots', () => {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    for (const colorScheme of ['light', 'dark'] as const) {
      test(`chat screen (${size}, ${colorScheme})`, async ({ page, fake }) => {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme });
        await signUp(page);
        await snapshot(page, `chat-empty-${size}-${colorScheme}`);
        await fake.script({
          replies: [
            { text: REPLY, chunkSize: 6, delayMs: 120 },
            { error: { status: 429, code: 'insufficient_quota', message: 'You exceeded your quota' } },
          ],
        });
        await send(page, 'Plan a trip to France');
        await expect(messages(page).nth(1)).toContainText('Pack');
        await snapshot(page, `chat-streaming-${size}-${colorScheme}`);
        await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible({ timeout: 30_000 });
        await snapshot(page, `chat-code-reply-${size}-${colorScheme}`);
        await send(page, 'And again?');
        await expect(messages(page).nth(3).getByRole('alert')).toBeVisible();
        await snapshot(page, `chat-error-reply-${size}-${colorScheme}`);
      });
    }
  }
});
