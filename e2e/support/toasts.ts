import { expect, type Page } from '@playwright/test';

interface ToastLog {
  __toastsShown?: string[];
}

/**
 * Keeps the text of every toast shown on the page from now on (until it reloads). A toast lasts 3 s (SPEC §9);
 * a check that polls for it on a busy machine can miss the whole window, so a journey asks whether it showed.
 */
export async function recordToasts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const shown: string[] = [];
    (window as ToastLog).__toastsShown = shown;
    const collect = () => {
      for (const toast of document.querySelectorAll('[role="region"][aria-label^="Notifications"] ol > li')) {
        const text = toast.textContent?.trim() ?? '';
        if (text !== '' && !shown.includes(text)) shown.push(text);
      }
    };
    new MutationObserver(collect).observe(document.body, {
      childList: true,
      subtree: true,
      characterData: true,
    });
  });
}

/** Waits until a toast with exactly this text has shown since `recordToasts`. */
export async function expectToastShown(page: Page, text: string): Promise<void> {
  await expect.poll(() => page.evaluate(() => (window as ToastLog).__toastsShown ?? [])).toContain(text);
}
