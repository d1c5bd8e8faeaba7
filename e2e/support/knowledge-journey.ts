import type { Browser, Page } from '@playwright/test';
import { VIEWPORTS } from './fixtures';
import { expect, messages, send, signUp } from './chat-fixtures';
import { makeDocx, makePdf } from './documents';
import type { FakeOpenAIProcess } from './fake-openai';
import { attachFiles, attachmentChips, textFile, waitForUploads } from './files';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** The embedding requests the fake received (their `input` texts). */
async function embeddingInputs(fake: FakeOpenAIProcess): Promise<string[]> {
  const requests = await fake.requests();
  return requests
    .filter((request) => request.path === '/v1/embeddings')
    .flatMap((request) => {
      const input = (request.body as { input?: unknown }).input;
      return Array.isArray(input) ? input.map(String) : [String(input)];
    });
}

/** Saves the page under /tmp in both themes at 375 and 1280 px (with KNOWLEDGE_SCREENSHOTS set). */
async function screenshotsOf(page: Page, name: string): Promise<void> {
  if (!process.env.KNOWLEDGE_SCREENSHOTS) return;
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      await page.screenshot({ path: `/tmp/${name}-${theme}-${size}.png` });
    }
  }
}

/**
 * Attach a PDF and a DOCX, ask about a fact on page 2, see the reply's sources and open one at its page.
 * `embeddings`: whether the documents and the question must reach the fake's embeddings API (and nothing
 * of them when off). With `screenshots`, the finished chat is saved under /tmp.
 */
export async function askDocuments(
  page: Page,
  fake: FakeOpenAIProcess,
  screenshots: string | null,
  embeddings: boolean,
): Promise<void> {
  await signUp(page);
  const pdf = await makePdf(['Harbour report, cover page.', 'The lighthouse keeper is Ingrid Solberg.']);
  const docx = await makeDocx(['Budget notes.', 'Fuel costs 42 crowns.']);
  await attachFiles(page, [
    { name: 'harbour.pdf', mimeType: 'application/pdf', buffer: pdf },
    { name: 'budget.docx', mimeType: DOCX, buffer: docx },
  ]);
  await waitForUploads(page, 2);
  await fake.script({ replies: [{ text: 'The keeper is Ingrid Solberg (page 2).' }] });
  await send(page, 'Who is the lighthouse keeper?');
  const reply = messages(page).nth(1);
  await expect(reply).toContainText('The keeper is Ingrid Solberg (page 2).');
  const sources = reply.getByRole('region', { name: 'Sources' });
  // Only the passage that answers is a source (issue 23), not the DOCX the model was also given.
  await expect(sources.getByRole('button')).toHaveText(['harbour.pdf, p. 2']);
  const chip = sources.getByRole('button', { name: 'harbour.pdf, p. 2' });
  const [request] = await fake.chatRequests();
  expect(JSON.stringify(request?.body)).toContain('The lighthouse keeper is Ingrid Solberg.');

  // It opens in the app: the PDF, served inline, in the browser's viewer at page 2.
  const loaded = page.waitForResponse((response) => response.url().includes('inline=1'));
  await chip.click();
  const preview = page.getByRole('dialog', { name: 'harbour.pdf, p. 2' });
  await expect(preview.locator('iframe')).toHaveAttribute('src', /\/api\/files\/content\/.+inline=1#page=2$/);
  const response = await loaded;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  await preview.getByRole('button', { name: 'Close' }).last().click();

  const embedded = await embeddingInputs(fake);
  if (embeddings) {
    expect(embedded).toContain('Who is the lighthouse keeper?');
    await expect
      .poll(async () => (await embeddingInputs(fake)).some((text) => text.includes('Ingrid Solberg')))
      .toBe(true);
  } else {
    expect(embedded).toEqual([]);
  }
  if (screenshots) await screenshotsOf(page, screenshots);
}

/** About 3 MB of log lines with one line that answers the question. */
function bigLog(): string {
  const lines: string[] = [];
  const filler = (index: number) =>
    `2026-11-25T10:${String(index % 60).padStart(2, '0')}:00Z INFO worker-${index % 17} request ${index} served in ${index % 90} ms`;
  for (let index = 0; index < 48_000; index += 1) {
    lines.push(filler(index));
    if (index === 23_456) lines.push('2026-11-25T11:00:00Z ERROR volume Tarragon ran out of inodes at 03:12');
  }
  return lines.join('\n');
}

/**
 * A 3 MB log attached to a message: the model is given the passages about the question (named as the
 * reply's sources), not the whole file.
 */
export async function askBigLog(page: Page, fake: FakeOpenAIProcess): Promise<void> {
  await signUp(page);
  const log = bigLog();
  expect(log.length).toBeGreaterThan(3_000_000);
  await attachFiles(page, [textFile('server.log', log)]);
  // Reading, chunking and indexing 3 MB takes a few seconds on a busy machine. The chip first: before it shows,
  // there is no progress bar either.
  await expect(attachmentChips(page).getByRole('listitem')).toHaveCount(1);
  await expect(attachmentChips(page).getByRole('progressbar')).toHaveCount(0, { timeout: 90_000 });
  await waitForUploads(page, 1);
  await fake.script({ replies: [{ text: 'Tarragon ran out of inodes at 03:12.' }] });
  await send(page, 'What happened to volume Tarragon?');
  const reply = messages(page).nth(1);
  await expect(reply).toContainText('Tarragon ran out of inodes at 03:12.');
  await expect(reply.getByRole('region', { name: 'Sources' }).getByRole('button').first()).toHaveText(
    'server.log',
  );
  const [request] = await fake.chatRequests();
  const sent = JSON.stringify(request?.body);
  expect(sent).toContain('ERROR volume Tarragon ran out of inodes at 03:12');
  // A few passages of 1,500 characters, not 3 MB.
  expect(sent.length).toBeLessThan(40_000);
  expect(sent).not.toContain('request 47999 served');
}

/**
 * Another user's file id slipped into a message (the request rewritten on its way out, as a hostile client
 * would): 404 "File not found", shown in the chat, and nothing reaches the model.
 */
export async function askWithForeignFile(
  browser: Browser,
  page: Page,
  fake: FakeOpenAIProcess,
): Promise<void> {
  const owner = await browser.newPage();
  let foreignId = '';
  try {
    await signUp(owner, 'Grace Hopper');
    const uploaded = owner.waitForResponse(
      (response) => response.url().endsWith('/api/files') && response.request().method() === 'POST',
    );
    await attachFiles(owner, [textFile('secret.txt', 'The vault code is 7319.')]);
    foreignId = ((await (await uploaded).json()) as { file_id: string }).file_id;
    await waitForUploads(owner, 1);
  } finally {
    await owner.close();
  }

  await signUp(page);
  await attachFiles(page, [textFile('mine.txt', 'My own notes.')]);
  await waitForUploads(page, 1);
  let status = 0;
  await page.route('**/api/ask/**', async (route) => {
    const body = route.request().postDataJSON() as { files?: { file_id: string }[] };
    body.files = (body.files ?? []).map((file) => ({ ...file, file_id: foreignId }));
    const response = await route.fetch({ postData: JSON.stringify(body) });
    status = response.status();
    await route.fulfill({ response });
  });
  await fake.script({ replies: [{ text: 'should never be asked' }] });
  await send(page, 'What is the vault code?');
  await expect(page.getByText('File not found')).toBeVisible();
  expect(status).toBe(404);
  expect(await fake.chatRequests()).toEqual([]);
  expect(JSON.stringify(await fake.requests())).not.toContain('7319');
}
