import type { Page } from '@playwright/test';
import { snapshot, VIEWPORTS } from '../support/fixtures';
import { expectApart, expectNoSidewaysScroll, expectShown } from '../support/layout';
import { expect, messages, send, signUp, test } from '../support/chat-fixtures';

// Bing and Google are listed (their keys are set) so their settings can be opened; no message goes to them.
test.use({ parleyEnv: { BINGAI_TOKEN: 'test-cookie', GOOGLE_KEY: 'test-google-key' } });

async function openParameters(page: Page) {
  await page.getByRole('button', { name: 'Parameters' }).click();
  return page.getByRole('dialog', { name: 'Parameters' });
}

async function chooseEndpoint(page: Page, name: string) {
  await page.getByRole('button', { name: /^Endpoint:/ }).click();
  await page.getByRole('menuitemradio', { name }).click();
  await expect(page.getByRole('button', { name: `Endpoint: ${name}` })).toBeVisible();
}

test('OpenAI advanced settings: stop sequences as tags, image detail and resend files reach the request', async ({
  page,
  fake,
}) => {
  await signUp(page);
  const parameters = await openParameters(page);
  await expect(parameters.getByRole('radio', { name: 'Default' })).toHaveAttribute('aria-checked', 'true');
  await expect(parameters.getByRole('textbox', { name: 'Stop sequences' })).toHaveCount(0);
  await parameters.getByRole('radio', { name: 'Advanced' }).click();
  const stop = parameters.getByRole('textbox', { name: 'Stop sequences' });
  for (const value of ['END', 'STOP', '###', 'Human:', 'Q:']) {
    await stop.fill(value);
    await stop.press('Enter');
  }
  await expect(parameters.getByText('Maximum number allowed is 4, using latest values')).toBeVisible();
  await expect(parameters.getByRole('button', { name: 'Remove END' })).toHaveCount(0);
  await parameters.getByRole('combobox', { name: 'Image detail' }).selectOption('high');
  // Resend files is on by default (SPEC §9); turned off, the request says so.
  await expect(parameters.getByRole('switch', { name: 'Resend files' })).toBeChecked();
  await parameters.getByRole('switch', { name: 'Resend files' }).click();
  await expect(parameters.getByRole('switch', { name: 'Resend files' })).not.toBeChecked();
  await page.keyboard.press('Escape');

  await fake.script({ replies: [{ text: 'Stopped early.' }] });
  const asked = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/ask/openAI'));
  await send(page, 'Count to ten');
  await expect(messages(page).nth(1)).toContainText('Stopped early.');
  // Parley is asked with the chosen image detail and resend files; the model gets the last four stops.
  expect((await asked).postDataJSON()).toMatchObject({
    imageDetail: 'high',
    resendFiles: false,
    stop: ['STOP', '###', 'Human:', 'Q:'],
  });
  const [request] = await fake.chatRequests();
  expect(request?.body).toMatchObject({ stop: ['STOP', '###', 'Human:', 'Q:'] });

  // The advanced view is remembered.
  await page.reload();
  const again = await openParameters(page);
  await expect(again.getByRole('radio', { name: 'Advanced' })).toHaveAttribute('aria-checked', 'true');
  await expect(again.getByRole('button', { name: 'Remove Q:' })).toBeVisible();
});

test('Bing settings: mode, tone style, context counted by the tokenizer, Sydney’s system message', async ({
  page,
}) => {
  await signUp(page);
  await chooseEndpoint(page, 'Bing');
  const parameters = await openParameters(page);
  await expect(parameters.getByRole('combobox', { name: 'Tone style' })).toHaveValue('creative');
  await expect(parameters.getByRole('radio', { name: 'Advanced' })).toHaveCount(0);
  await parameters.getByRole('textbox', { name: 'Context' }).fill('hello world '.repeat(4000));
  await expect(parameters.getByText(/^\d+ tokens$/)).toHaveText('8001 tokens');
  await expect(parameters.getByText(/about 7k tokens of context/)).toBeVisible();
  await parameters.getByRole('textbox', { name: 'Context' }).fill('The user is a gardener.');
  await expect(parameters.getByText(/^\d+ tokens$/)).toHaveText('7 tokens');
  await expect(parameters.getByText(/about 7k tokens of context/)).toHaveCount(0);
  await expect(parameters.getByRole('textbox', { name: 'System message' })).toHaveCount(0);
  await parameters.getByRole('combobox', { name: 'Mode' }).selectOption('sydney');
  await expect(parameters.getByRole('textbox', { name: 'System message' })).toBeVisible();
});

test('Google examples editor: add appends a pair, remove leaves one', async ({ page }) => {
  await signUp(page);
  await chooseEndpoint(page, 'Google');
  const parameters = await openParameters(page);
  await parameters.getByRole('radio', { name: 'Advanced' }).click();
  await parameters.getByRole('textbox', { name: 'Input 1' }).fill('Hi');
  await parameters.getByRole('button', { name: 'Add example' }).click();
  await expect(parameters.getByRole('textbox', { name: 'Output 2' })).toBeVisible();
  await parameters.getByRole('button', { name: 'Remove example' }).click();
  await expect(parameters.getByRole('textbox', { name: 'Output 2' })).toHaveCount(0);
  await expect(parameters.getByRole('textbox', { name: 'Input 1' })).toHaveValue('Hi');
  await expect(parameters.getByRole('button', { name: 'Remove example' })).toBeDisabled();
});

test('Google: choosing a model with a smaller limit lowers max output tokens to it (SPEC §4)', async ({
  page,
}) => {
  await signUp(page);
  await chooseEndpoint(page, 'Google');
  const chooseModel = async (model: string) => {
    await page
      .getByRole('button', { name: /^Model: / })
      .first()
      .click();
    await page.getByRole('option', { name: model, exact: true }).click();
    await expect(page.getByRole('button', { name: `Model: ${model}` }).first()).toBeVisible();
  };
  await chooseModel('gemini-pro');
  let parameters = await openParameters(page);
  // Max output tokens is an advanced setting; the view is remembered.
  await parameters.getByRole('radio', { name: 'Advanced' }).click();
  const maxTokens = () => parameters.getByRole('spinbutton', { name: /^Max output tokens/ });
  await maxTokens().fill('8192');
  await expect(maxTokens()).toHaveValue('8192');
  await page.keyboard.press('Escape');

  // chat-bison allows 2048: the choice is lowered with the model change, not refused at the next send.
  await chooseModel('chat-bison');
  parameters = await openParameters(page);
  await expect(maxTokens()).toHaveValue('2048');
  await page.keyboard.press('Escape');
  // Back on Gemini the lowered value stays (a clamp never raises what was chosen).
  await chooseModel('gemini-pro');
  parameters = await openParameters(page);
  await expect(maxTokens()).toHaveValue('2048');
});

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`endpoint settings screenshots (${size}, ${colorScheme})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await signUp(page);
      let parameters = await openParameters(page);
      await parameters.getByRole('radio', { name: 'Advanced' }).click();
      const stop = parameters.getByRole('textbox', { name: 'Stop sequences' });
      for (const value of ['END', 'STOP', '###', 'Human:', 'Q:']) {
        await stop.fill(value);
        await stop.press('Enter');
      }
      // At most four stop sequences, the latest kept, as tags beside one another, and the limit said.
      await expectShown(parameters);
      const tags = ['STOP', '###', 'Human:', 'Q:'].map((value) =>
        parameters.getByText(value, { exact: true }),
      );
      for (const tag of tags) await expectShown(tag);
      await expect(parameters.getByText('END', { exact: true })).toHaveCount(0);
      await expectShown(parameters.getByText('Maximum number allowed is 4, using latest values'));
      await expectApart(...tags, stop);
      await expect(stop).toHaveValue('');
      const resend = parameters.getByRole('switch', { name: 'Resend files' });
      await expectShown(resend);
      await expectNoSidewaysScroll(page);
      await snapshot(page, `endpoint-settings-openai-${size}-${colorScheme}`);
      await page.keyboard.press('Escape');
      await chooseEndpoint(page, 'Bing');
      parameters = await openParameters(page);
      await parameters.getByRole('combobox', { name: 'Mode' }).selectOption('sydney');
      await parameters.getByRole('textbox', { name: 'Context' }).fill('word '.repeat(7500));
      const context = parameters.getByRole('textbox', { name: 'Context' });
      const warning = parameters.getByText(/about 7k tokens of context/);
      await expect(parameters.getByRole('combobox', { name: 'Mode' })).toHaveValue('sydney');
      await expectShown(context);
      await expectShown(warning);
      await expectApart(context, warning);
      await expectNoSidewaysScroll(page);
      await snapshot(page, `endpoint-settings-bing-${size}-${colorScheme}`);
      await page.keyboard.press('Escape');
      await chooseEndpoint(page, 'Google');
      parameters = await openParameters(page);
      await parameters.getByRole('textbox', { name: 'Input 1' }).fill('Hello');
      await parameters.getByRole('textbox', { name: 'Output 1' }).fill('Bonjour');
      const add = parameters.getByRole('button', { name: 'Add example' });
      await add.click();
      // The first example kept, a second one added empty, the button below them.
      const examples = [
        parameters.getByRole('textbox', { name: 'Input 1' }),
        parameters.getByRole('textbox', { name: 'Output 1' }),
        parameters.getByRole('textbox', { name: 'Input 2' }),
        parameters.getByRole('textbox', { name: 'Output 2' }),
      ];
      await expect(examples[0]!).toHaveValue('Hello');
      await expect(examples[1]!).toHaveValue('Bonjour');
      await expect(examples[2]!).toHaveValue('');
      for (const field of [...examples, add]) await expectShown(field);
      await expectApart(...examples, add);
      await expectNoSidewaysScroll(page);
      await snapshot(page, `endpoint-settings-google-${size}-${colorScheme}`);
    });
  }
}
