import { snapshot, VIEWPORTS } from '../support/fixtures';
import { expect, messageBox, messages, send, signUp, test } from '../support/chat-fixtures';
import { expectApart, expectNoSidewaysScroll, expectShown } from '../support/layout';

const REPLY =
  'Here is a plan:\n\n1. **Pack** light\n2. Book the *train*\n\n```python\ndef greet(name):\n    return f"Hello, {name}!"\n```\n\n| Day | Place |\n|---|---|\n| 1 | Lyon |\n| 2 | Nice |';

test.describe('screenshots', () => {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    for (const colorScheme of ['light', 'dark'] as const) {
      test(`chat screen (${size}, ${colorScheme})`, async ({ page, fake }) => {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme });
        await signUp(page);
        // What each picture shows is asserted too: here the message box, ready, and the header's endpoint.
        const endpoint = page.getByRole('button', { name: /^Endpoint:/ });
        await expect(messageBox(page)).toBeFocused();
        await expectShown(messageBox(page));
        await expectShown(endpoint);
        await expectApart(endpoint, messageBox(page));
        await expectNoSidewaysScroll(page);
        await snapshot(page, `chat-empty-${size}-${colorScheme}`);
        await fake.script({
          replies: [
            // Held after "Here is a plan:\n\n1. **Pack** light" until the streaming picture is taken.
            { text: REPLY, chunkSize: 6, delayMs: 20, holdAfterChunks: 7 },
            { error: { status: 429, code: 'insufficient_quota', message: 'You exceeded your quota' } },
          ],
        });
        await send(page, 'Plan a trip to France');
        const reply = messages(page).nth(1);
        await expect(reply).toContainText('Pack');
        // Streaming: the question and the reply so far, and the stop button.
        await expectShown(messages(page).first());
        await expectShown(reply);
        await expectShown(page.getByRole('button', { name: 'Stop generating' }));
        await snapshot(page, `chat-streaming-${size}-${colorScheme}`);
        await fake.release();
        await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible({ timeout: 30_000 });
        // The whole reply rendered: the list, the code block and the table, in view and apart, none wider
        // than the window.
        await expect(reply.getByRole('listitem')).toHaveText(['Pack light', 'Book the train']);
        const code = reply.locator('pre');
        await expect(code).toContainText('def greet(name):');
        const table = reply.getByRole('table');
        await expect(table.getByRole('row')).toHaveCount(3);
        await expect(table).toContainText('Lyon');
        await expect(table).toContainText('Nice');
        await expectShown(code);
        await expectShown(table);
        await expectApart(reply.getByRole('list'), code, table);
        await expectNoSidewaysScroll(page);
        await snapshot(page, `chat-code-reply-${size}-${colorScheme}`);
        await send(page, 'And again?');
        // The failed reply: its card with Regenerate, in view above the message box.
        const card = messages(page).nth(3).getByRole('alert');
        await expect(card).toBeVisible();
        await expectShown(card);
        await expectShown(card.getByRole('button', { name: 'Regenerate' }));
        await expectApart(card, messageBox(page));
        await expectNoSidewaysScroll(page);
        await snapshot(page, `chat-error-reply-${size}-${colorScheme}`);
      });
    }
  }
});
