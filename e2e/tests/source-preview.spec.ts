import type { Locator, Page } from '@playwright/test';
import { snapshot, VIEWPORTS } from '../support/fixtures';
import { expect, messages, send, signUp, test } from '../support/chat-fixtures';
import { makePdf } from '../support/documents';
import { attachFiles, textFile, waitForUploads } from '../support/files';

// Issue 23 item 6: a reply's source opens in the app at the cited place — the PDF in the browser's viewer at
// its page, a text file with the passage marked — instead of a blank tab that downloads the file; its snippet
// shows on hover and keyboard focus; only passages that match the question are listed.
test.use({ parleyEnv: { EMBEDDINGS_MODEL: 'fake-embed' } });

/** Field notes of about 9,000 characters with one line, in the middle, that answers the second question. */
function fieldNotes(): string {
  const lines = Array.from(
    { length: 160 },
    (_, index) => `Row ${index + 1}: grass mowed, ladders stored, gate ${index % 7} checked.`,
  );
  lines.splice(80, 0, 'The pruning crew starts on 3 March, beginning with the old Bramley trees.');
  return lines.join('\n');
}

/** Saves the screen in both colour schemes (e2e/artifacts), back to light after. */
async function bothSchemes(page: Page, name: string): Promise<void> {
  // A slow upload's notice (shown for 7 s) would cover the dialog's buttons on a phone.
  await expect(page.getByText(/is taking more time than anticipated/)).toHaveCount(0);
  for (const colorScheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme });
    // The scheme is applied (the picture fast-forwards the colours' transition: animations disabled).
    await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    await snapshot(page, `${name}-${colorScheme}-${page.viewportSize()?.width ?? 0}`);
  }
}

/** Whether Chromium's PDF viewer (frames of its own inside the iframe) has a document in its plugin. */
async function viewerHoldsPdf(page: Page): Promise<boolean> {
  for (const frame of page.frames()) {
    if ((await frame.locator('embed[type="application/x-google-chrome-pdf"]').count()) > 0) return true;
  }
  return false;
}

async function expectWhollyInView(page: Page, locator: Locator): Promise<void> {
  await expect(locator).toBeInViewport({ ratio: 1 });
  const box = await locator.boundingBox();
  const size = page.viewportSize();
  expect(box && size && box.x >= 0 && box.x + box.width <= size.width).toBe(true);
}

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  test(`at ${viewport.width} px a source opens in the app: the PDF at its page, a text file at the passage`, async ({
    page,
    fake,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    await signUp(page);
    const pdf = await makePdf([
      'Orchard report, cover page.',
      'Apple yields rose 12 percent in the north orchard.',
    ]);
    await attachFiles(page, [
      { name: 'orchard-report.pdf', mimeType: 'application/pdf', buffer: pdf },
      textFile('field-notes.txt', fieldNotes()),
    ]);
    await waitForUploads(page, 2);
    await fake.script({ replies: [{ text: 'Yields rose 12 percent (page 2).' }] });
    await send(page, 'How much did apple yields rise?');
    const first = messages(page).nth(1);
    await expect(first).toContainText('Yields rose 12 percent (page 2).');
    const sources = first.getByRole('region', { name: 'Sources' });
    // The field notes were given to the model too, but say nothing about yields: not a source.
    await expect(sources.getByRole('button')).toHaveText(['orchard-report.pdf, p. 2']);
    const chip = sources.getByRole('button', { name: 'orchard-report.pdf, p. 2' });

    // The snippet on keyboard focus, once the reply has ended and the chat has its address (nothing
    // re-renders the chip between the keys), and with the chip focused again after them.
    await expect(page.getByRole('button', { name: 'Stop generating' })).toBeHidden();
    await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
    await chip.focus();
    await expect(chip).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(chip).not.toBeFocused();
    await page.keyboard.press('Tab');
    await expect(chip).toBeFocused();
    await expect(page.getByRole('tooltip')).toHaveText(/Apple yields rose 12 percent/);

    // The PDF at page 2, in the app.
    const shown = page.waitForResponse((response) => response.url().includes('inline=1'));
    await chip.click();
    const preview = page.getByRole('dialog', { name: 'orchard-report.pdf, p. 2' });
    await expect(preview).toBeVisible();
    expect((await shown).headers()['content-type']).toBe('application/pdf');
    const viewer = preview.locator('iframe');
    await expect(viewer).toHaveAttribute('src', /inline=1#page=2$/);
    await expect(preview.getByText('Apple yields rose 12 percent in the north orchard.')).toBeVisible();
    await expectWhollyInView(page, preview);
    expect(page.context().pages()).toHaveLength(1);
    // Chromium's viewer holds the PDF: one of its frames has the document in the viewer's plugin.
    await expect.poll(() => viewerHoldsPdf(page)).toBe(true);
    await bothSchemes(page, `source-preview-pdf-${size}`);
    await preview.getByRole('button', { name: 'Close' }).last().click();
    await expect(preview).toHaveCount(0);

    // A text file: the passage marked, in view.
    await fake.script({ replies: [{ text: 'On 3 March.' }] });
    await send(page, 'When does the pruning crew start?');
    const second = messages(page).nth(3);
    await expect(second).toContainText('On 3 March.');
    // The line sits where two chunks overlap: both are sources; the first opens at it.
    const notes = second
      .getByRole('region', { name: 'Sources' })
      .getByRole('button', { name: 'field-notes.txt' });
    await notes.first().click();
    const text = page.getByRole('dialog', { name: 'field-notes.txt' });
    const mark = text.locator('mark');
    await expect(mark).toContainText('The pruning crew starts on 3 March');
    await expectWhollyInView(page, mark);
    await bothSchemes(page, `source-preview-text-${size}`);
  });
}
