import { snapshot, VIEWPORTS } from '../support/fixtures';
import { expect, messages, send, signUp, test as chatTest } from '../support/chat-fixtures';

// An assistants run past its time limit (`timeoutMs`, 3 s here): the partial reply stays, the user is told why
// it ended, and Continue is offered.
const test = chatTest.extend({
  parleyEnv: [
    {
      ASSISTANTS_API_KEY: 'test',
      ASSISTANTS_BASE_URL: '{FAKE_URL}/v1',
      ASSISTANTS_MODELS: 'gpt-4o',
      EMBEDDINGS_PROVIDER: 'none',
    },
    { scope: 'worker' },
  ],
  parleyConfig: [
    ['version: 1.0.8', 'endpoints:', '  assistants:', '    timeoutMs: 3000'].join('\n'),
    { scope: 'worker' },
  ],
});

test('a run that takes too long keeps its text and says it was stopped', async ({ page, fake }) => {
  test.setTimeout(240_000);
  await page.setViewportSize(VIEWPORTS.desktop);
  await signUp(page);
  await page.getByRole('button', { name: /^Endpoint:/ }).click();
  await page.getByRole('menuitemradio', { name: /Assistants/ }).click();
  await page.getByRole('button', { name: 'Open side panel' }).click();
  const builder = page.getByTestId('assistant-builder');
  await builder.getByLabel('Name').fill('Harbour guide');
  await builder.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('button', { name: 'Assistant: Harbour guide' })).toBeVisible();

  await fake.script({ replies: [{ chunks: ['The tide tables say', ' more'], stallAfterChunks: 1 }] });
  await send(page, 'Tell me about the tides');
  const reply = messages(page).nth(1);
  await expect(reply).toContainText('The run took too long and was stopped.', { timeout: 60_000 });
  await expect(reply).toContainText('The tide tables say');
  await expect(reply).not.toContainText('This response is incomplete');
  await expect(reply.getByRole('button', { name: 'Continue' })).toBeVisible();
  // The same after a reload: it is what was saved.
  await page.reload();
  await expect(messages(page).nth(1)).toContainText('The run took too long and was stopped.');
  for (const viewport of Object.values(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await snapshot(page, `assistants-expired-${colorScheme}-${viewport.width}`);
    }
  }
});
