import type { Locator, Page } from '@playwright/test';
import { snapshot, VIEWPORTS } from '../support/fixtures';
import { logInThroughForm } from '../support/accounts';
import { expect, messageBox, messages, send, signUp, test as chatTest } from '../support/chat-fixtures';
import { makePdf } from '../support/documents';

// Issue 23 items 1, 3 and 7: on a fresh server with only key-and-URL settings (no YAML, no model list: the
// assistants' server lists gpt-4o-mini and gpt-4o), a person reaches the assistants from the header on any
// width, creates one (the builder a full-screen sheet on a phone, a panel at least 360 px wide on a laptop),
// adds a PDF to its knowledge (Retrieval turns on, and the builder says so), and gets an answer citing the
// PDF's page.
const test = chatTest.extend({
  parleyEnv: [{ ASSISTANTS_API_KEY: 'test', ASSISTANTS_BASE_URL: '{FAKE_URL}/v1' }, { scope: 'worker' }],
});

const FACT = 'The orchard keeper is Marit Aalto.';
const PASSWORD = 'correct horse battery';

/** The element lies wholly inside the viewport (not just "visible" somewhere on a long page). */
async function expectWhollyInView(page: Page, locator: Locator): Promise<void> {
  await expect(locator).toBeInViewport({ ratio: 1 });
  const box = await locator.boundingBox();
  const size = page.viewportSize();
  expect(box && size && box.x >= 0 && box.x + box.width <= size.width).toBe(true);
}

/** Saves the screen in both colour schemes (e2e/artifacts), back to light after. */
async function bothSchemes(page: Page, name: string): Promise<void> {
  for (const colorScheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme });
    await snapshot(page, `${name}-${colorScheme}-${page.viewportSize()?.width ?? 0}`);
  }
}

async function chooseAssistantsEndpoint(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Endpoint:/ }).click();
  await page.getByRole('menuitemradio', { name: /Assistants/ }).click();
}

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  const phone = size === 'mobile';

  test(`at ${viewport.width} px an assistant on gpt-4o-mini answers from a PDF added as knowledge, citing its page`, async ({
    page,
    fake,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize(viewport);
    const email = await signUp(page);
    await chooseAssistantsEndpoint(page);

    // No assistant yet: the message box is replaced by what to do, in view; the header holds the picker.
    const standIn = page.getByTestId('assistant-stand-in');
    const createFirst = standIn.getByRole('button', { name: 'Create your first assistant' });
    await expect(createFirst).toBeVisible();
    await expectWhollyInView(page, createFirst);
    await expect(messageBox(page)).toHaveCount(0);
    const picker = page.getByRole('button', { name: 'Select an assistant' });
    await expectWhollyInView(page, picker);
    await bothSchemes(page, 'assistants-stand-in');

    if (!phone) {
      // Signing in again never lands on the assistants endpoint with nothing chosen.
      await page.getByRole('button', { name: 'Ada Lovelace' }).click();
      await page.getByRole('menuitem', { name: 'Log out' }).click();
      await page.waitForURL(/\/login/);
      await logInThroughForm(page, email, PASSWORD);
      await page.waitForURL(/\/c\/new/);
      await expect(messageBox(page)).toBeEnabled();
      await expect(page.getByRole('button', { name: 'Endpoint: OpenAI' })).toBeVisible();
      await expect(standIn).toHaveCount(0);
      await chooseAssistantsEndpoint(page);
      await expect(createFirst).toBeVisible();
    }

    // The builder: a full-screen sheet on a phone, the side panel (at least 360 px) on a laptop.
    await createFirst.click();
    const builder = page.getByTestId('assistant-builder');
    await expect(builder).toBeVisible();
    if (phone) {
      const sheet = page.getByRole('dialog', { name: 'Assistant builder' });
      await expect(sheet).toBeVisible();
      expect(await sheet.boundingBox()).toEqual({ x: 0, y: 0, width: 375, height: 812 });
    } else {
      const panel = page.getByRole('complementary', { name: 'Side panel' });
      expect((await panel.boundingBox())?.width).toBeGreaterThanOrEqual(360);
    }
    await expect(builder.getByLabel('Assistant builder', { exact: true })).toHaveValue('');

    // Every model of the server may retrieve: the switch is open for gpt-4o and gpt-4o-mini alike.
    const retrieval = builder.getByRole('switch', { name: 'Retrieval' });
    await builder.getByLabel('Model').selectOption('gpt-4o');
    await expect(retrieval).not.toHaveAttribute('aria-disabled', 'true');
    await builder.getByLabel('Model').selectOption('gpt-4o-mini');
    await expect(retrieval).not.toHaveAttribute('aria-disabled', 'true');
    await expect(retrieval).toHaveAttribute('aria-checked', 'false');
    await builder.getByLabel('Name').fill('Orchard guide');
    await builder.getByLabel('Description').fill('Knows the orchard report');
    await builder.getByRole('button', { name: 'Create' }).click();
    await expect(builder.getByTestId('assistant-id')).toHaveText(/^asst_/);

    // Knowledge: the first document turns Retrieval on, and the section says so.
    const knowledge = builder.getByRole('region', { name: 'Knowledge' });
    await expect(knowledge).toContainText('Adding the first one turns Retrieval on.');
    const pdf = await makePdf(['Annual report, cover page.', FACT]);
    await builder.getByTestId('knowledge-input').setInputFiles({
      name: 'orchard.pdf',
      mimeType: 'application/pdf',
      buffer: pdf,
    });
    await expect(knowledge.getByText('orchard.pdf')).toBeVisible({ timeout: 30_000 });
    const turnedOn = knowledge.getByRole('status');
    await expect(turnedOn).toHaveText('Retrieval is now on: the assistant searches its knowledge files.');
    await expect(retrieval).toHaveAttribute('aria-checked', 'true');
    await turnedOn.scrollIntoViewIfNeeded();
    await expectWhollyInView(page, turnedOn);
    await bothSchemes(page, 'assistants-builder-knowledge');

    if (phone)
      await page
        .getByRole('dialog', { name: 'Assistant builder' })
        .getByRole('button', { name: 'Close' })
        .click();

    // The header names the assistant where the model was; the message box is back.
    const chosen = page.getByRole('button', { name: 'Assistant: Orchard guide' });
    await expectWhollyInView(page, chosen);
    await expect(messageBox(page)).toBeEnabled();
    await chosen.click();
    const menu = page.getByRole('menu', { name: 'Assistant: Orchard guide' });
    await expect(menu.getByRole('menuitemradio', { name: /Orchard guide/ })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Create assistant' })).toBeVisible();
    await expectWhollyInView(page, menu);
    await bothSchemes(page, 'assistants-header-menu');
    await page.keyboard.press('Escape');

    // The model searches the PDF; the answer cites its page.
    await fake.script({
      replies: [
        {
          toolCalls: [{ id: 'call_search', name: 'retrieval', arguments: '{"query":"orchard keeper"}' }],
          finishReason: 'tool_calls',
        },
        { text: 'From the report: ', quoteToolOutput: true },
      ],
    });
    await send(page, 'Who keeps the orchard?');
    const reply = messages(page).nth(1);
    await expect(reply).toContainText(FACT, { timeout: 60_000 });
    await expect(reply.getByText('Orchard guide', { exact: true })).toBeVisible();
    const sources = reply.getByRole('region', { name: 'Sources' });
    const source = sources.getByText('orchard.pdf, p. 2');
    await expect(source).toBeVisible();
    await source.scrollIntoViewIfNeeded();
    await expectWhollyInView(page, source);
    const request = (await fake.chatRequests()).at(-1)?.body as { model?: string; tools?: unknown[] };
    expect(request.model).toBe('gpt-4o-mini');
    expect(JSON.stringify(request.tools)).toContain('"retrieval"');
    await bothSchemes(page, 'assistants-knowledge-answer');
  });
}
