import { expect, messageBox, messages, send, signUp, test } from '../support/chat-fixtures';

test.use({
  parleyConfig: `version: 1.0.8
modelSpecs:
  list:
    - name: quick
      label: Quick answers
      description: The small model
      default: true
      preset: { endpoint: openAI, model: gpt-4o-mini, temperature: 0.2 }
    - name: deep
      label: Deep thinker
      preset: { endpoint: openAI, model: gpt-4o, promptPrefix: Think step by step. }
`,
});

test('the default model spec applies to a new chat and picking another starts a conversation with it', async ({
  page,
  fake,
}) => {
  await signUp(page);
  // The message box takes the focus once the screen has loaded; a menu opened before that would close.
  await expect(messageBox(page)).toBeFocused();
  const specButton = page.getByRole('button', { name: /^Model spec:/ });
  await expect(specButton).toHaveAccessibleName('Model spec: Quick answers');

  await specButton.click();
  await page.getByRole('menuitemradio', { name: /Deep thinker/ }).click();
  await expect(page).toHaveURL(/\/c\/new$/);
  await expect(specButton).toHaveAccessibleName('Model spec: Deep thinker');

  await fake.script({ replies: [{ text: 'Deep reply' }] });
  await send(page, 'Ponder this');
  await expect(messages(page).nth(1)).toContainText('Deep reply');
  const [request] = await fake.chatRequests();
  expect(request?.body).toMatchObject({ model: 'gpt-4o' });
  expect(JSON.stringify(request?.body)).toContain('Think step by step.');
});
