import { deflateSync } from 'node:zlib';
import { expect, type Locator, type Page } from '@playwright/test';

/** An 8×8 red PNG: a real image the server can read, resize and hand to the model. */
/** A real PNG of one colour (8-bit RGB), as big as a photo thumbnail needs to be. */
export function solidPng(width: number, height: number, [r, g, b] = [220, 38, 38]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const check = Buffer.alloc(4);
    check.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, check]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat()),
  ]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

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
