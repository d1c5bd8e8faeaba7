import type { Page } from 'playwright-core';

/**
 * In-page scripts for the web-perf bench, passed as strings: the bench compiles without the DOM library.
 * Long tasks (over 50 ms, by the Long Tasks API's definition) collect in `window.__parleyLongTasks`.
 */
export const LONG_TASK_OBSERVER = `
  window.__parleyLongTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__parleyLongTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
`;

export interface LongTasks {
  count: number;
  longestMs: number;
}

export async function resetLongTasks(page: Page): Promise<void> {
  await page.evaluate('void (window.__parleyLongTasks = [])');
}

export async function readLongTasks(page: Page): Promise<LongTasks> {
  const durations = (await page.evaluate('window.__parleyLongTasks.slice()')) as number[];
  return { count: durations.length, longestMs: durations.length > 0 ? Math.max(...durations) : 0 };
}

/**
 * Resolves with `performance.now()` (ms since navigation start) at the first animation frame where a message
 * of the log containing `text` intersects the log's viewport.
 */
export async function visibleAt(page: Page, text: string, timeout = 60_000): Promise<number> {
  const handle = await page.waitForFunction(
    `(() => {
      const log = document.querySelector('[role="log"]');
      if (!log) return false;
      const view = log.getBoundingClientRect();
      for (const article of log.querySelectorAll('article')) {
        if (!(article.textContent ?? '').includes(${JSON.stringify(text)})) continue;
        const box = article.getBoundingClientRect();
        if (box.height > 0 && box.bottom > view.top && box.top < view.bottom) return performance.now();
      }
      return false;
    })()`,
    undefined,
    { polling: 'raf', timeout },
  );
  return (await handle.jsonValue()) as number;
}

/** The log's scroll offset from the top. */
export async function logScrollTop(page: Page): Promise<number> {
  return (await page.evaluate(`document.querySelector('[role="log"]')?.scrollTop ?? -1`)) as number;
}

/** Waits until the log is no longer busy (the reply is saved) and its last message contains `text`. */
export async function replyDone(page: Page, text: string, timeout = 60_000): Promise<void> {
  await page.waitForFunction(
    `(() => {
      const log = document.querySelector('[role="log"]');
      if (!log || log.getAttribute('aria-busy') === 'true') return false;
      const articles = log.querySelectorAll('article');
      const last = articles[articles.length - 1];
      return !!last && (last.textContent ?? '').includes(${JSON.stringify(text)});
    })()`,
    undefined,
    { polling: 100, timeout },
  );
}
