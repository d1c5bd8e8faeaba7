import { expect, messageBox, messages, send, signUp, test } from '../support/chat-fixtures';
import { snapshot, VIEWPORTS } from '../support/fixtures';

const REPLY =
  'Here is a plan:\n\n1. **Pack** light\n2. Book the *train*\n\n```python\ndef greet(name):\n    return f"Hello, {name}!"\n```\n\n| Day | Place |\n|---|---|\n| 1 | Lyon |\n| 2 | Nice |';

test.describe('sending a message', () => {
  test('the reply streams in, then the conversation is saved under its own URL', async ({ page, fake }) => {
    await signUp(page);
    // Held after "Here is a plan:" until the checks of a reply in progress are done.
    await fake.script({ replies: [{ text: REPLY, chunkSize: 4, delayMs: 40, holdAfterChunks: 4 }] });
    await send(page, 'Plan a trip to France');

    const reply = messages(page).nth(1);
    await expect(page.getByRole('button', { name: 'Stop generating' })).toBeVisible();
    await expect(reply).toContainText('Here is');
    // One author label, decided once: the same while streaming and after reload (SPEC §9 family label).
    await expect(reply).toHaveAttribute('aria-label', 'GPT-4o');
    await expect(messageBox(page)).toHaveValue('');
    await fake.release();
    await expect(reply.getByRole('table')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible();
    await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
    await expect(reply.getByText('Copy code')).toBeVisible();
    // No title model here: the first message names the conversation.
    await expect(
      page.getByRole('navigation').getByRole('link', { name: 'Plan a trip to France', exact: true }),
    ).toBeVisible();

    // What was streamed is what was saved.
    await page.reload();
    await expect(messages(page).nth(1).getByRole('table')).toBeVisible();
    await expect(messages(page).nth(0)).toContainText('Plan a trip to France');
    await expect(messages(page).nth(1)).toHaveAttribute('aria-label', 'GPT-4o');
  });

  test('the model never gets to put HTML or script links on the page', async ({ page, fake }) => {
    await signUp(page);
    await fake.script({
      replies: [
        { text: 'Look <img src=x onerror="window.pwned=1"> [click](javascript:window.pwned=2) <b>bold</b>' },
      ],
    });
    await send(page, 'Try to break out');
    const reply = messages(page).nth(1);
    await expect(reply).toContainText('<b>bold</b>');
    await expect(reply.locator('img')).toHaveCount(0);
    await expect(reply.locator('a[href^="javascript"]')).toHaveCount(0);
    expect(await page.evaluate(() => (globalThis as { pwned?: number }).pwned)).toBeUndefined();
  });
});

test.describe('a reply in progress', () => {
  test('Stop ends it and keeps what was written', async ({ page, fake }) => {
    await signUp(page);
    const words = Array.from({ length: 80 }, (_, i) => `word${i}`).join(' ');
    // Held after word8 or so: Stop is pressed while the reply is in progress, whatever the machine's load.
    await fake.script({ replies: [{ text: words, chunkSize: 6, delayMs: 80, holdAfterChunks: 10 }] });
    await send(page, 'Count slowly');
    const reply = messages(page).nth(1);
    await expect(reply).toContainText('word3');
    await page.getByRole('button', { name: 'Stop generating' }).click();
    await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible();
    const stopped = (await reply.innerText()).trim();
    expect(stopped).not.toContain('word79');
    // Stopped is not a failure: no "incomplete … cancelled or censored" notice, and Continue is offered.
    await expect(reply.getByRole('button', { name: 'Continue' })).toBeVisible();
    await expect(reply.getByText(/This response is incomplete/)).toHaveCount(0);

    await page.reload();
    await expect(messages(page).nth(1)).toContainText('word3');
    expect((await messages(page).nth(1).innerText()).trim()).not.toContain('word79');
    await expect(
      messages(page)
        .nth(1)
        .getByText(/This response is incomplete/),
    ).toHaveCount(0);
    await expect(messages(page).nth(1).getByRole('button', { name: 'Continue' })).toBeVisible();
  });

  test('a reply the provider cuts off says it stopped answering, with Continue and Regenerate', async ({
    page,
    fake,
  }) => {
    await signUp(page);
    const words = Array.from({ length: 40 }, (_, i) => `part${i}`).join(' ');
    await fake.script({ replies: [{ text: words, chunkSize: 6, delayMs: 20, dropAfterChunks: 5 }] });
    await send(page, 'Tell me everything');
    const reply = messages(page).nth(1);
    await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible();
    await expect(reply).toContainText('part1');
    // Not stopped by the user: the provider cut it off, and the notice says so (issue 27 trip-over item 1),
    // with Continue and Retry beside it; the footer keeps its Continue and Regenerate.
    const stopped = /The provider stopped answering before this reply was finished/;
    await expect(reply.getByRole('status')).toContainText(stopped);
    await expect(reply.getByText(/This response is incomplete/)).toHaveCount(0);
    await expect(reply.getByRole('status').getByRole('button', { name: 'Continue' })).toBeVisible();
    await expect(reply.getByRole('status').getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(reply.getByRole('button', { name: 'Regenerate' })).toBeVisible();

    await page.reload();
    await expect(messages(page).nth(1).getByRole('status')).toContainText(stopped);

    // Continue finishes it; the notice goes once the reply is whole.
    await fake.script({ replies: [{ text: ' and the rest.' }] });
    await messages(page).nth(1).getByRole('status').getByRole('button', { name: 'Continue' }).click();
    await expect(messages(page).nth(1)).toContainText('and the rest.');
    await expect(messages(page).nth(1).getByText(stopped)).toHaveCount(0);
  });

  test('survives a page reload and finishes', async ({ page, fake }) => {
    await signUp(page);
    const words = Array.from({ length: 40 }, (_, i) => `step${i}`).join(' ');
    // Held after step4 until the reloaded page has re-attached to the reply in progress.
    await fake.script({ replies: [{ text: words, chunkSize: 8, delayMs: 100, holdAfterChunks: 5 }] });
    await send(page, 'Take your time');
    await expect(messages(page).nth(1)).toContainText('step2');
    await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);

    await page.reload();
    await expect(page.getByRole('button', { name: 'Stop generating' })).toBeVisible();
    await fake.release();
    await expect(messages(page).nth(1)).toContainText('step39');
    await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible();
    // One request reached the model: the reload re-attached rather than asking again.
    expect(await fake.chatRequests()).toHaveLength(1);
  });
});

test.describe('errors', () => {
  test('a provider error becomes an error reply in words', async ({ page, fake }) => {
    await signUp(page);
    await fake.script({
      replies: [{ error: { status: 401, code: 'invalid_api_key', message: 'Incorrect API key' } }],
    });
    await send(page, 'Hello?');
    const alert = messages(page).nth(1).getByRole('alert');
    // The server's key, not the user's: the card names the endpoint and sends them to the administrator.
    await expect(alert).toContainText(
      'OpenAI did not accept the API key this server uses for it. Please contact your administrator.',
    );
    await expect(alert.getByRole('button', { name: 'Set API key' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible();
    // SPEC §8: the thread cannot be appended to as it stands; the card says what to do, beside the error, and
    // the message box keeps its usual placeholder (typing still works).
    const actions = alert.getByRole('group', { name: 'Edit your message or Regenerate' });
    await expect(actions.getByRole('button', { name: 'Edit your message' })).toBeVisible();
    await expect(actions.getByRole('button', { name: 'Regenerate' })).toBeVisible();
    await expect(alert.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    await expect(messageBox(page)).toHaveAttribute('placeholder', /^Message /);

    // Regenerate asks again.
    await fake.script({ replies: [{ text: 'Here I am.' }] });
    await actions.getByRole('button', { name: 'Regenerate' }).click();
    await expect(messages(page).nth(1)).toContainText('Here I am.');
    await expect(messageBox(page)).toHaveAttribute('placeholder', /^Message /);
  });
});

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`error card screenshots (${size}, ${colorScheme})`, async ({ page, fake }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await signUp(page);
      await fake.script({ replies: [{ error: { status: 500, message: 'upstream exploded' } }] });
      await send(page, 'Will this work?');
      const alert = messages(page).nth(1).getByRole('alert');
      await expect(alert.getByRole('button', { name: 'Regenerate' })).toBeInViewport();
      await expect(alert.getByRole('button', { name: 'Edit your message' })).toBeInViewport();
      await expect(messageBox(page)).toHaveAttribute('placeholder', /^Message /);
      await snapshot(page, `error-card-${size}-${colorScheme}`);
    });
  }
}
