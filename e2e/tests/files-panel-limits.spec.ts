import type { Page } from '@playwright/test';
import { expect, send, signUp, test } from '../support/chat-fixtures';
import { VIEWPORTS } from '../support/fixtures';
import {
  attachFiles,
  attachmentChips,
  openFilesPanel,
  panelFiles,
  textFile,
  waitForUploads,
} from '../support/files';
import { expectToastShown } from '../support/toasts';

// Two more endpoints: one that takes only small plain-text files, one that takes no files at all.
test.use({
  parleyConfig: [
    'version: 1.0.8',
    'endpoints:',
    '  custom:',
    '    - name: Small',
    '      apiKey: test',
    "      baseURL: '{FAKE_URL}/v1'",
    '      models:',
    '        default: [local-llama]',
    '    - name: NoFiles',
    '      apiKey: test',
    "      baseURL: '{FAKE_URL}/v1'",
    '      models:',
    '        default: [local-llama]',
    'fileConfig:',
    '  endpoints:',
    '    Small:',
    '      fileSizeLimit: 0.0001',
    "      supportedMimeTypes: ['^text/plain$']",
    '    NoFiles:',
    '      disabled: true',
  ].join('\n'),
});

async function chooseEndpoint(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: /^Endpoint: / }).click();
  await page.getByRole('menuitemradio', { name }).click();
  await expect(page.getByRole('button', { name: `Endpoint: ${name}` })).toBeVisible();
}

test("files from the list are judged by the endpoint's limits (SPEC §5 Attach from files list)", async ({
  page,
  fake,
}) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await signUp(page);
  await attachFiles(page, [
    textFile('small.txt', 'tiny'),
    textFile('big.txt', 'x'.repeat(200)),
    textFile('readme.md', '# Title'),
  ]);
  await waitForUploads(page, 3);
  await fake.script({ replies: [{ text: 'Stored.' }] });
  await send(page, 'Keep these.');
  await expect(page.getByText('Stored.')).toBeVisible();

  await page.getByRole('link', { name: 'New chat', exact: true }).click();
  await chooseEndpoint(page, 'Small');
  const section = await openFilesPanel(page);
  await expect(panelFiles(section)).toHaveCount(3);

  await section.getByRole('button', { name: 'Attach big.txt' }).click();
  await expectToastShown(page, 'File size limit exceeded for endpoint: Small');
  await section.getByRole('button', { name: 'Attach readme.md' }).click();
  await expectToastShown(page, 'Unsupported file type for endpoint: Small');
  await expect(page.getByRole('list', { name: 'Attached files' })).toHaveCount(0);
  await section.getByRole('button', { name: 'Attach small.txt' }).click();
  await waitForUploads(page, 1);
  await expect(attachmentChips(page)).toContainText('small.txt');

  // An endpoint that takes no files lists them without an attach action.
  await chooseEndpoint(page, 'NoFiles');
  await expect(panelFiles(section)).toHaveCount(3);
  await expect(section.getByRole('button', { name: /^Attach / })).toHaveCount(0);
});
