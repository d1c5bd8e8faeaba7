import { snapshot, VIEWPORTS } from '../support/fixtures';
import { expect, messageBox, messages, send, signUp, test } from '../support/chat-fixtures';
import { expectApart, expectNoSidewaysScroll, expectShown } from '../support/layout';

// Every user brings their own OpenAI key (SPEC §5 "User key dialog").
test.use({ parleyEnv: { OPENAI_API_KEY: 'user_provided' } });

test('set a key, chat with it, then revoke it', async ({ page, fake }) => {
  await signUp(page);
  await expect(page.getByText('Set an API key for OpenAI to start chatting.')).toBeVisible();
  await expect(messageBox(page)).toBeDisabled();

  await page.getByRole('button', { name: 'Set API key', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Config key for OpenAI' });
  await expect(dialog).toContainText('No key set yet.');
  await expect(dialog.getByRole('combobox', { name: 'Expires in' })).toHaveValue('12h');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('The following fields are required: API key');

  await dialog.getByLabel('API key', { exact: true }).fill('sk-user-123');
  await dialog.getByRole('combobox', { name: 'Expires in' }).selectOption('1d');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog).toBeHidden();
  await expect(messageBox(page)).toBeEnabled();

  await fake.script({ apiKey: 'sk-user-123', replies: [{ text: 'Your key works.' }] });
  await send(page, 'Does my key work?');
  await expect(messages(page).nth(1)).toContainText('Your key works.');
  const [request] = await fake.chatRequests();
  expect(request?.headers.authorization).toBe('Bearer sk-user-123');

  await page.getByRole('button', { name: 'Set API key for OpenAI' }).click();
  const again = page.getByRole('dialog', { name: 'Config key for OpenAI' });
  await expect(again).toContainText('Your key expires on');
  await again.getByRole('button', { name: 'Revoke' }).click();
  await expect(again).toContainText('No key set yet.');
  await again.getByRole('button', { name: 'Cancel' }).click();
  await expect(messageBox(page)).toBeDisabled();
  await expect(page.getByText('Set an API key for OpenAI to start chatting.')).toBeVisible();
});

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`key dialog screenshots (${size}, ${colorScheme})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await signUp(page);
      // What the first picture shows: why the message box is off, and the button that sets a key, apart.
      const why = page.getByText('Set an API key for OpenAI to start chatting.');
      const setKey = page.getByRole('button', { name: 'Set API key', exact: true });
      await expectShown(why);
      await expectShown(setKey);
      await expect(messageBox(page)).toBeDisabled();
      await expectApart(why, setKey);
      await expectNoSidewaysScroll(page);
      await snapshot(page, `key-required-${size}-${colorScheme}`);
      await setKey.click();
      const dialog = page.getByRole('dialog', { name: 'Config key for OpenAI' });
      await dialog.getByRole('button', { name: 'Submit' }).click();
      // The second: the dialog with the refusal beside the field it is about, every control in view.
      await expect(dialog.getByRole('alert')).toHaveText('The following fields are required: API key');
      const parts = [
        dialog.getByLabel('API key', { exact: true }),
        dialog.getByRole('combobox', { name: 'Expires in' }),
        dialog.getByRole('alert'),
        dialog.getByRole('button', { name: 'Submit' }),
      ];
      await expectShown(dialog);
      for (const part of parts) await expectShown(part);
      await expectApart(...parts);
      await expectNoSidewaysScroll(page);
      await snapshot(page, `key-dialog-${size}-${colorScheme}`);
    });
  }
}
