import { expect, type Page } from '@playwright/test';

/** What the recorder uses of the page's globals (this package is typed without the DOM library). */
interface ToastPage {
  __toastsShown?: string[];
  document: { body: unknown; querySelectorAll(selector: string): Iterable<{ textContent: string | null }> };
  MutationObserver: new (callback: () => void) => {
    observe(target: unknown, options: Record<string, boolean>): void;
  };
}

/**
 * Keeps the text of every toast shown on the page from now on (until it reloads). A toast lasts 3 s (SPEC §9);
 * a check that polls for it on a busy machine can miss the whole window, so a journey asks whether it showed.
 */
export async function recordToasts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const browser = globalThis as unknown as ToastPage;
    const shown: string[] = [];
    browser.__toastsShown = shown;
    const collect = () => {
      for (const toast of browser.document.querySelectorAll(
        '[role="region"][aria-label^="Notifications"] ol > li',
      )) {
        const text = toast.textContent?.trim() ?? '';
        if (text !== '' && !shown.includes(text)) shown.push(text);
      }
    };
    new browser.MutationObserver(collect).observe(browser.document.body, {
      childList: true,
      subtree: true,
      characterData: true,
    });
  });
}

/** Waits until a toast with exactly this text has shown since `recordToasts`. */
export async function expectToastShown(page: Page, text: string): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => (globalThis as unknown as ToastPage).__toastsShown ?? []))
    .toContain(text);
}
