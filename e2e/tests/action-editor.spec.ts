import type { Locator, Page } from '@playwright/test';
import { snapshot, VIEWPORTS } from '../support/fixtures';
import { expect, signUp, test as chatTest } from '../support/chat-fixtures';

// Issue 23 item 7 (after the panel's width): the action editor opens at its title, asks before an Example
// replaces a typed spec, refuses what the server refuses (and shows the server's own refusal), and the tools
// dialog is SPEC §2's "Add tools" with Add and Remove.
const test = chatTest.extend({
  parleyEnv: [{ ASSISTANTS_API_KEY: 'test', ASSISTANTS_BASE_URL: '{FAKE_URL}/v1' }, { scope: 'worker' }],
});

/** Passes the editor's checks, but has no `info`: the server's full validation refuses it. */
const NO_INFO = JSON.stringify(
  {
    openapi: '3.0.3',
    servers: [{ url: 'https://notes.example.com' }],
    paths: { '/notes': { get: { operationId: 'listNotes', responses: { '200': { description: 'ok' } } } } },
  },
  null,
  2,
);

async function bothSchemes(page: Page, name: string): Promise<void> {
  for (const colorScheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme });
    // The scheme is applied (the picture fast-forwards the colours' transition: animations disabled).
    await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    await snapshot(page, `${name}-${colorScheme}-${page.viewportSize()?.width ?? 0}`);
  }
}

async function expectWhollyInView(page: Page, locator: Locator): Promise<void> {
  await expect(locator).toBeInViewport({ ratio: 1 });
  const box = await locator.boundingBox();
  const size = page.viewportSize();
  expect(box && size && box.x >= 0 && box.x + box.width <= size.width).toBe(true);
}

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  test(`at ${viewport.width} px the action editor opens at its title, asks before an Example, shows the server's refusal; tools are added, not installed`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    await signUp(page);
    const createFirst = page.getByRole('button', { name: 'Create your first assistant' });
    await page.getByRole('button', { name: /^Endpoint:/ }).click();
    await page.getByRole('menuitemradio', { name: /Assistants/ }).click();
    await expect(createFirst).toBeVisible();
    await createFirst.click();
    const builder = page.getByTestId('assistant-builder');
    await builder.getByLabel('Name').fill('Note keeper');
    await builder.getByRole('button', { name: 'Create' }).click();
    await expect(builder.getByTestId('assistant-id')).toHaveText(/^asst_/);

    // The tools dialog attaches a tool to this assistant: Add tools, Add and Remove.
    await builder.getByRole('button', { name: 'Add tools' }).click();
    const tools = page.getByRole('dialog', { name: 'Add tools' });
    await tools.getByLabel('Search tools').fill('calc');
    await expect(tools.getByRole('button', { name: 'Add Calculator' })).toBeVisible();
    await expect(tools.getByText(/Plugin store|Install/)).toHaveCount(0);
    await tools.getByRole('button', { name: 'Add Calculator' }).click();
    await expect(tools.getByRole('button', { name: 'Remove Calculator' })).toHaveText('Remove');
    await bothSchemes(page, `action-editor-tools-dialog-${size}`);
    await tools.getByRole('button', { name: 'Close' }).click();
    await expect(tools).toHaveCount(0);

    // "Add actions" sits low in the builder: the editor replaces it scrolled to the top, title in view.
    const addActions = builder.getByRole('button', { name: 'Add actions' });
    await addActions.scrollIntoViewIfNeeded();
    await addActions.click();
    const editor = page.getByTestId('action-editor');
    const title = editor.getByRole('heading', { name: 'Add actions' });
    await expectWhollyInView(page, title);
    await expect(title).toBeFocused();

    // A typed spec is not replaced by an Example without a yes.
    const schema = editor.getByLabel('Schema');
    await schema.fill(NO_INFO);
    await editor.getByLabel('Examples').selectOption('petstore');
    const confirm = page.getByRole('dialog', { name: 'Replace the spec?' });
    await expect(confirm).toBeVisible();
    await bothSchemes(page, `action-editor-example-confirm-${size}`);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(schema).toHaveValue(NO_INFO);

    // The editor's checks pass; the server's refusal is shown under the schema, in its words.
    const create = editor.getByRole('button', { name: 'Create' });
    await expect(create).toBeEnabled();
    await create.click();
    const refusal = editor.getByRole('alert');
    await expect(refusal).toContainText('Error parsing OpenAPI spec.');
    await expect(refusal.locator('p')).toHaveCount(2);
    await expect(schema).toHaveAttribute('aria-invalid', 'true');
    await refusal.scrollIntoViewIfNeeded();
    await bothSchemes(page, `action-editor-refusal-${size}`);

    // A spec the rules refuse never reaches Create.
    await schema.fill(NO_INFO.replace('3.0.3', '2.0'));
    await expect(editor.getByText('Only OpenAPI 3.0 and 3.1 documents are supported.')).toBeVisible();
    await expect(create).toBeDisabled();
  });
}
