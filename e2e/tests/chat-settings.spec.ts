import { expect, messageBox, messages, send, signUp, test } from '../support/chat-fixtures';

test.use({
  parleyConfig: [
    'version: 1.0.8',
    'endpoints:',
    '  custom:',
    '    - name: Local',
    '      apiKey: test',
    "      baseURL: '{FAKE_URL}/v1'",
    '      models:',
    '        default: [local-llama]',
  ].join('\n'),
});

test('the model and a parameter chosen in the header are what the model is asked with', async ({
  page,
  fake,
}) => {
  await signUp(page);
  await page.getByRole('button', { name: /^Model:/ }).click();
  await page.getByRole('option', { name: 'gpt-4o-mini' }).click();
  await expect(page.getByRole('button', { name: 'Model: gpt-4o-mini' })).toBeVisible();

  await page.getByRole('button', { name: 'Parameters' }).click();
  const parameters = page.getByRole('dialog', { name: 'Parameters' });
  await parameters.getByRole('spinbutton', { name: /Temperature/ }).fill('0.3');
  await parameters.getByRole('textbox', { name: 'Custom instructions' }).fill('Answer in one word.');
  await page.keyboard.press('Escape');

  await fake.script({ replies: [{ text: 'Blue.' }] });
  await send(page, 'What colour is the sky?');
  await expect(messages(page).nth(1)).toContainText('Blue.');
  const [request] = await fake.chatRequests();
  expect(request?.body).toMatchObject({ model: 'gpt-4o-mini', temperature: 0.3 });
  expect(JSON.stringify(request?.body)).toContain('Answer in one word.');

  // A new chat starts from the last setup (SPEC §3 lastConversationSetup).
  await page.getByRole('link', { name: 'New chat', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Model: gpt-4o-mini' })).toBeVisible();
});

test('switching endpoint mid-conversation starts a new one on that endpoint', async ({ page, fake }) => {
  await signUp(page);
  await fake.script({ replies: [{ text: 'From OpenAI.' }, { text: 'From the local model.' }] });
  await send(page, 'Hello OpenAI');
  await expect(messages(page).nth(1)).toContainText('From OpenAI.');
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);

  await page.getByRole('button', { name: 'Endpoint: OpenAI' }).click();
  await page.getByRole('menuitemradio', { name: 'Local' }).click();
  await expect(page).toHaveURL(/\/c\/new$/);
  await expect(page.getByRole('button', { name: 'Endpoint: Local' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Model: local-llama' })).toBeVisible();

  await send(page, 'Hello local');
  await expect(messages(page).nth(1)).toContainText('From the local model.');
  const requests = await fake.chatRequests();
  expect(requests[1]?.body).toMatchObject({ model: 'local-llama' });
  expect(JSON.stringify(requests[1]?.body)).not.toContain('Hello OpenAI');
});

test('theme and language apply at once and after a reload', async ({ page }) => {
  await signUp(page);
  await page.getByRole('button', { name: 'Ada Lovelace' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('combobox', { name: 'Theme' }).selectOption('dark');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await settings.getByRole('combobox', { name: 'Language' }).selectOption('de-DE');
  await expect(page.getByRole('dialog', { name: 'Einstellungen' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
  await page.keyboard.press('Escape');

  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
  await expect(page.getByRole('textbox', { name: 'Nachricht', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Wie kann ich Ihnen heute helfen?' })).toBeVisible();
});

test('enter-to-send off makes Enter a new line', async ({ page, fake }) => {
  await signUp(page);
  await page.getByRole('button', { name: 'Ada Lovelace' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await page
    .getByRole('dialog', { name: 'Settings' })
    .getByRole('switch', { name: 'Press Enter to send' })
    .click();
  await page.keyboard.press('Escape');

  const box = messageBox(page);
  await box.fill('line one');
  await box.press('Enter');
  await box.pressSequentially('line two');
  await expect(box).toHaveValue('line one\nline two');
  await fake.script({ replies: [{ text: 'Two lines.' }] });
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(messages(page).nth(1)).toContainText('Two lines.');
});
