import { readFileSync } from 'node:fs';
import { snapshot, VIEWPORTS } from '../support/fixtures';
import { expect, messages, send, signUp, test as chatTest } from '../support/chat-fixtures';
import { startFactApi, type FactApi } from '../support/fact-api';
import { RED_DOT_PNG } from '../support/files';
import { expectToastShown } from '../support/toasts';

// Issue 15's journey: a user builds an assistant (avatar, an action with a bearer key against a local
// OpenAPI server the YAML allow-lists, a knowledge file, code interpreter) and chats with it on the OpenAI
// fake, which calls the tools; the answers quote what the tools really returned.
const test = chatTest.extend({
  parleyEnv: [
    {
      ASSISTANTS_API_KEY: 'test',
      ASSISTANTS_BASE_URL: '{FAKE_URL}/v1',
      ASSISTANTS_MODELS: 'gpt-4o,gpt-4o-mini',
      EMBEDDINGS_PROVIDER: 'none',
    },
    { scope: 'worker' },
  ],
  parleyConfig: [
    [
      'version: 1.0.8',
      'endpoints:',
      '  assistants:',
      '    retrievalModels: [gpt-4o, gpt-4o-mini]',
      'actions:',
      "  allowedDomains: ['127.0.0.1']",
    ].join('\n'),
    { scope: 'worker' },
  ],
});

const KEY = 'sk-harbour-e2e-7731';
const API_FACT = 'The harbour bell was cast in 1887 and rings at noon.';
const FILE_FACT = 'The harbour master of Port Ellery is Ottoline Vance.';
/** getFact of the 127.0.0.1 server: SPEC §3's `<operationId>_action_<encoded domain>`. */
const ACTION_FUNCTION = 'getFact_action_127---0---0---1';
const REPORT = 'High tide at 06:12, low tide at 12:31.\n';
const PYTHON_PRINTED = 'Tide report written';
const PYTHON = [
  "with open('/mnt/data/report.txt', 'w') as f:",
  `    f.write(${JSON.stringify(REPORT)})`,
  `print('${PYTHON_PRINTED}')`,
].join('\n');

let api: FactApi;
test.beforeEach(async () => {
  api = await startFactApi(KEY, API_FACT);
});
test.afterEach(async () => {
  await api.close();
});

test('a user builds an assistant with an action, knowledge and code interpreter, and chats with its tools', async ({
  page,
  fake,
}) => {
  test.setTimeout(480_000);
  await page.setViewportSize(VIEWPORTS.desktop);
  await signUp(page);
  await page.getByRole('button', { name: /^Endpoint:/ }).click();
  await page.getByRole('menuitemradio', { name: /Assistants/ }).click();
  await page.getByRole('button', { name: 'Open side panel' }).click();
  const builder = page.getByTestId('assistant-builder');
  await expect(builder).toBeVisible();

  // Create with an avatar, code interpreter and retrieval.
  await builder.getByLabel('Name').fill('Harbour guide');
  await builder.getByLabel('Description').fill('Knows the harbour, its API and Python');
  await builder.getByLabel('Instructions').fill('Answer from the tools.');
  await builder.getByRole('switch', { name: 'Code interpreter' }).click();
  await builder.getByRole('switch', { name: 'Retrieval' }).click();
  await builder.getByTestId('assistant-avatar-input').setInputFiles({
    name: 'red-dot.png',
    mimeType: 'image/png',
    buffer: RED_DOT_PNG,
  });
  await builder.getByRole('button', { name: 'Create' }).click();
  await expectToastShown(page, 'Successfully created');
  await expect(builder.getByTestId('assistant-id')).toHaveText(/^asst_/);
  await expect(builder.getByRole('button', { name: 'Upload avatar' }).locator('img')).toBeVisible();

  // Knowledge.
  await builder.getByTestId('knowledge-input').setInputFiles({
    name: 'harbour.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(`Notes about the harbour.\n${FILE_FACT}\nThe ferry leaves at nine.`),
  });
  await expect(builder.getByText('harbour.txt')).toBeVisible({ timeout: 30_000 });

  // The action: the spec pasted, bearer auth with the key, created.
  await builder.getByRole('button', { name: 'Add actions' }).click();
  const editor = page.getByTestId('action-editor');
  await editor.getByLabel('Schema').fill(api.spec);
  await expect(editor.getByRole('cell', { name: 'getFact' })).toBeVisible();
  await editor.getByRole('button', { name: /None/ }).click();
  const auth = page.getByRole('dialog', { name: 'Authentication' });
  await auth.getByRole('radio', { name: 'API Key' }).check();
  await auth.getByRole('radio', { name: 'Bearer' }).check();
  await auth.getByRole('textbox', { name: 'API Key' }).fill(KEY);
  await auth.getByRole('button', { name: 'Save' }).click();
  await editor.getByRole('button', { name: 'Create' }).click();
  await expectToastShown(page, 'Successfully created or updated Action');
  await expect(builder.getByRole('button', { name: /127\.0\.0\.1/ })).toBeVisible();

  await expect(page.getByRole('button', { name: 'Assistant: Harbour guide' })).toBeVisible();
  for (const viewport of Object.values(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await snapshot(page, `assistants-built-${colorScheme}-${viewport.width}`);
    }
  }
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.emulateMedia({ colorScheme: 'light' });

  // The action, called with the key; the answer quotes what the API returned.
  await fake.script({
    replies: [
      {
        toolCalls: [{ id: 'call_fact', name: ACTION_FUNCTION, arguments: '{}' }],
        finishReason: 'tool_calls',
      },
      { text: 'The harbour API says: ', quoteToolOutput: true },
    ],
  });
  await send(page, 'What is the fact of the day?');
  const first = messages(page).nth(1);
  await expect(first).toContainText(`The harbour API says: {"fact":"${API_FACT}"}`, { timeout: 45_000 });
  expect(api.seen.map((request) => request.headers.authorization)).toEqual([`Bearer ${KEY}`]);
  const actionStep = first.getByRole('button', { name: 'Used getFact (127.0.0.1)' });
  // The reply is the assistant's, by name (SPEC §2), not the model's family label.
  await expect(first.getByText('Harbour guide', { exact: true })).toBeVisible();
  await expect(first.getByText('GPT-4', { exact: true })).toHaveCount(0);
  await expect(actionStep).toBeVisible();

  // Retrieval: the model searches the knowledge file and quotes the passage it got.
  await fake.script({
    replies: [
      {
        toolCalls: [{ id: 'call_search', name: 'retrieval', arguments: '{"query":"harbour master"}' }],
        finishReason: 'tool_calls',
      },
      { text: 'From your notes: ', quoteToolOutput: true },
    ],
  });
  await send(page, 'Who is the harbour master?');
  const second = messages(page).nth(3);
  await expect(second).toContainText(FILE_FACT, { timeout: 45_000 });
  await expect(second).toContainText('[harbour.txt');
  await expect(second.getByRole('button', { name: 'Used Retrieval' })).toBeVisible();
  // The run searched the assistant's file: the model got the passage as the retrieval call's result.
  const lastRequest = JSON.stringify((await fake.chatRequests()).at(-1)?.body);
  expect(lastRequest).toContain(FILE_FACT);
  expect(lastRequest).toContain('call_search');

  // Code interpreter: Python prints a line and writes a file to /mnt/data; the step shows what it printed and
  // the file as a download link whose content is what the code wrote. Pyodide's first start is slow.
  await fake.script({
    replies: [
      {
        toolCalls: [
          { id: 'call_python', name: 'code_interpreter', arguments: JSON.stringify({ code: PYTHON }) },
        ],
        finishReason: 'tool_calls',
      },
      { text: 'The report is ready: ', quoteToolOutput: true },
    ],
  });
  await send(page, 'Write me the tide report.');
  const third = messages(page).nth(5);
  await expect(third).toContainText('The report is ready: ', { timeout: 180_000 });
  await expect(third).toContainText(PYTHON_PRINTED);
  const codeStep = third.getByRole('button', { name: 'Finished analyzing' });
  await expect(codeStep).toBeVisible();
  if ((await codeStep.getAttribute('aria-expanded')) !== 'true') await codeStep.click();
  const step = third.getByTestId('tool-call');
  await expect(step).toContainText(PYTHON_PRINTED);
  await expect(step).toContainText("open('/mnt/data/report.txt', 'w')");
  const fileLink = step.getByRole('link', { name: /report\.txt/ });
  await expect(fileLink).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), fileLink.click()]);
  expect(download.suggestedFilename()).toBe('report.txt');
  const downloaded = await download.path();
  expect(readFileSync(downloaded, 'utf8')).toBe(REPORT);

  // Screens: the builder (avatar, action, knowledge, code interpreter on) and the chat with its tool steps.
  await actionStep.click();
  await expect(first.getByText(`{"fact":"${API_FACT}"}`).first()).toBeVisible();
  for (const viewport of Object.values(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await snapshot(page, `assistants-chat-${colorScheme}-${viewport.width}`);
    }
  }
});
