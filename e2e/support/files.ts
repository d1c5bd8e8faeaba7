import { expect, type Locator, type Page } from '@playwright/test';

/** An 8×8 red PNG: a real image the server can read, resize and hand to the model. */
export const RED_DOT_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR42mO4Y6OBFTEMLQkAb5lQAau661EAAAAASUVORK5CYII=',
  'base64',
);

export interface FileToAttach {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

export const textFile = (name: string, text: string): FileToAttach => ({
  name,
  mimeType: 'text/plain',
  buffer: Buffer.from(text),
});

export function attachButton(page: Page): Locator {
  return page.getByRole('button', { name: 'Attach files', exact: true });
}

/** Picks files through the composer's attach button (its hidden file input). */
export async function attachFiles(page: Page, files: FileToAttach[]): Promise<void> {
  await expect(attachButton(page)).toBeVisible();
  await page.getByTestId('attach-files-input').setInputFiles(files);
}

/** The chips above the message box. */
export function attachmentChips(page: Page): Locator {
  return page.getByRole('list', { name: 'Attached files' }).first();
}

/** Waits until every chip has finished uploading (no progress ring left). */
export async function waitForUploads(page: Page, count: number): Promise<void> {
  await expect(attachmentChips(page).getByRole('listitem')).toHaveCount(count);
  await expect(attachmentChips(page).getByRole('progressbar')).toHaveCount(0);
}

/** Drags files in from outside the page onto `target` (the browser's own DataTransfer), optionally dropping. */
export async function dragFiles(
  target: Locator,
  files: { name: string; type: string; text: string }[],
  drop: boolean,
): Promise<void> {
  // The drop target arrives with the attach button, once the file limits are known.
  await expect(attachButton(target.page())).toBeVisible();
  const dataTransfer = await target.page().evaluateHandle((list) => {
    const browser = globalThis as unknown as BrowserFiles;
    const transfer = new browser.DataTransfer();
    for (const file of list)
      transfer.items.add(new browser.File([file.text], file.name, { type: file.type }));
    return transfer;
  }, files);
  await target.dispatchEvent('dragenter', { dataTransfer });
  await target.dispatchEvent('dragover', { dataTransfer });
  if (drop) await target.dispatchEvent('drop', { dataTransfer });
}

/** The few browser classes these helpers use (the e2e project compiles without the DOM library). */
interface BrowserFiles {
  DataTransfer: new () => { items: { add: (file: unknown) => void } };
  File: new (parts: string[], name: string, options: { type: string }) => unknown;
  ClipboardEvent: new (
    type: string,
    init: { clipboardData: unknown; bubbles: boolean; cancelable: boolean },
  ) => unknown;
}

/** Pastes a text file into `target` as the clipboard would (a `paste` event carrying the file). */
export async function pasteFile(
  target: Locator,
  file: { name: string; type: string; text: string },
): Promise<void> {
  await target.evaluate((element, pasted) => {
    const browser = globalThis as unknown as BrowserFiles;
    const transfer = new browser.DataTransfer();
    transfer.items.add(new browser.File([pasted.text], pasted.name, { type: pasted.type }));
    const event = new browser.ClipboardEvent('paste', {
      clipboardData: transfer,
      bubbles: true,
      cancelable: true,
    });
    (element as unknown as { dispatchEvent: (event: unknown) => boolean }).dispatchEvent(event);
  }, file);
}

/** The natural width of a loaded image (0 until it has loaded). */
export function loadedWidth(image: Locator): Promise<number> {
  return image.evaluate((element) => {
    const loaded = element as unknown as { complete: boolean; naturalWidth: number };
    return loaded.complete ? loaded.naturalWidth : 0;
  });
}

/** Opens the side panel (collapsed by default) and answers its "Attach files" section. */
export async function openFilesPanel(page: Page): Promise<Locator> {
  const panel = page.getByRole('complementary', { name: 'Side panel' });
  const expand = panel.getByRole('button', { name: 'Open side panel' });
  if (await expand.isVisible()) await expand.click();
  const section = panel.getByRole('region', { name: 'Attach files' });
  await expect(section).toBeVisible();
  return section;
}

/** The rows of the user's files listed in the side panel. */
export function panelFiles(section: Locator): Locator {
  return section.getByRole('list', { name: 'My files' }).getByRole('listitem');
}
