import type { Page } from '@playwright/test';
import { VIEWPORTS } from './fixtures';
import { expect, messages, send, signUp } from './chat-fixtures';
import { makeDocx, makePdf } from './documents';
import type { FakeOpenAIProcess } from './fake-openai';
import { attachFiles, waitForUploads } from './files';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/**
 * Attach a PDF and a DOCX, ask about a fact on page 2, see the reply's sources and open one at its page.
 * With `screenshots`, the finished chat is saved under /tmp in both themes at 375 and 1280 px.
 */
export async function askDocuments(
  page: Page,
  fake: FakeOpenAIProcess,
  screenshots: string | null,
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
  const chip = sources.getByRole('link', { name: 'harbour.pdf, p. 2' });
  await expect(chip).toBeVisible();
  await expect(chip).toHaveAttribute('href', /\/api\/files\/content\/.+#page=2$/);
  const [request] = await fake.chatRequests();
  expect(JSON.stringify(request?.body)).toContain('The lighthouse keeper is Ingrid Solberg.');

  // The new tab loads the file itself (headless Chromium then downloads a PDF and closes the tab).
  const loaded = page
    .context()
    .waitForEvent('response', (response) => response.url().includes('/api/files/content/'));
  await chip.click();
  expect((await loaded).status()).toBe(200);

  if (screenshots && process.env.KNOWLEDGE_SCREENSHOTS) {
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      for (const [name, size] of Object.entries(VIEWPORTS)) {
        await page.setViewportSize(size);
        await page.screenshot({ path: `/tmp/${screenshots}-${theme}-${name}.png` });
      }
    }
  }
}
