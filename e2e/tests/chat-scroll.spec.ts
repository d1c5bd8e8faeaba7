import type { Page } from '@playwright/test';
import { expect, messages, send, signUp, test } from '../support/chat-fixtures';

/** A reply far taller than the window: one numbered line per chunk. */
const LONG_REPLY = Array.from({ length: 90 }, (_, i) => `Line ${i + 1} of the answer.`).join('\n\n');

function log(page: Page) {
  return page.getByRole('log', { name: 'Messages' });
}

/** Pixels between the bottom of the view and the end of the conversation. */
function distanceFromEnd(page: Page): Promise<number> {
  return log(page).evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);
}

test.use({ viewport: { width: 1280, height: 640 } });

test('the view follows a streaming reply, stops when the reader scrolls up, resumes at the end', async ({
  page,
  fake,
}) => {
  await signUp(page);
  // Held at line 31 (24 characters a line) until the reader has scrolled up, so every check below runs
  // while the reply streams.
  await fake.script({ replies: [{ text: LONG_REPLY, chunkSize: 12, delayMs: 40, holdAfterChunks: 62 }] });
  await send(page, 'Write a long answer');
  const reply = messages(page).nth(1);

  // Following: the newest line stays in view while the reply grows past the window.
  await expect(reply).toContainText('Line 30 of', { timeout: 20_000 });
  await expect.poll(() => distanceFromEnd(page)).toBeLessThan(40);
  await expect(page.getByRole('button', { name: 'Stop generating' })).toBeVisible();

  // The reader scrolls up: the view stays where they put it while the reply goes on.
  await log(page).hover();
  await page.mouse.wheel(0, -600);
  await expect.poll(() => distanceFromEnd(page)).toBeGreaterThan(300);
  const held = await log(page).evaluate((el) => el.scrollTop);
  await fake.release();
  await expect(reply).toContainText('Line 55 of', { timeout: 20_000 });
  expect(Math.abs((await log(page).evaluate((el) => el.scrollTop)) - held)).toBeLessThan(5);

  // Back at the end (the ↓ button), the view follows again to the last line.
  await page.getByRole('button', { name: 'Scroll to bottom' }).click();
  await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible({ timeout: 30_000 });
  await expect(reply).toContainText('Line 90 of');
  await expect.poll(() => distanceFromEnd(page)).toBeLessThan(40);
});

test('a conversation opens at the start of its latest reply, or at its end with auto-scroll', async ({
  page,
  fake,
}) => {
  await signUp(page);
  await fake.script({ replies: [{ text: LONG_REPLY }] });
  await send(page, 'Write a long answer');
  await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);

  await page.reload();
  const reply = messages(page).nth(1);
  await expect(reply).toContainText('Line 1 of');
  await expect.poll(() => reply.evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(200);
  await expect.poll(() => distanceFromEnd(page)).toBeGreaterThan(300);

  await page.evaluate(() => {
    const storage = (globalThis as unknown as { localStorage: { setItem: (k: string, v: string) => void } })
      .localStorage;
    storage.setItem('autoScroll', 'true');
  });
  await page.reload();
  await expect(messages(page).nth(1)).toContainText('Line 90 of');
  await expect.poll(() => distanceFromEnd(page)).toBeLessThan(40);
});
