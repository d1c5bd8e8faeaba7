import { chromium, type Browser, type Page } from 'playwright-core';
import { libreChatFile } from './big-conversations';
import { benchEnv, registerUser, startBenchServer, type BenchServer, type BenchUser } from './bench-server';
import type { Figure } from './report';
import { ms, percentile } from './stats';
import {
  LONG_TASK_OBSERVER,
  logScrollTop,
  readLongTasks,
  resetLongTasks,
  visibleAt,
  type LongTasks,
} from './web-perf-page';

/**
 * Issue 26 "Done when", in the browser: a 200,000-message conversation opens in < 500 ms, and scrolling back
 * 2,000 messages keeps every frame under 50 ms.
 */
const OPEN_RUNS = 5;
const OPEN_TARGET_MS = 500;
const FRAME_TARGET_MS = 50;
const SCROLL_BACK = 2_000;
const SCROLL_STEP_PX = 1_200;
const SCROLL_PAUSE_MS = 40;
const SCROLL_MAX_STEPS = 3_000;
/** Scrolling back gives up after this long (the first PGlite run wheeled 17 minutes without getting there). */
const SCROLL_MAX_MS = 300_000;
const VIEWPORT = { width: 1280, height: 800 };
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
];

/** Headless Debian Chromium as the benches drive it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** A 1280×800 page signed in as `user`, recording long tasks and frames (FRAME_RECORDER). */
export async function signedInPage(browser: Browser, url: string, user: BenchUser): Promise<Page> {
  const context = await browser.newContext({ baseURL: url, viewport: VIEWPORT, bypassCSP: true });
  const page = await context.newPage();
  await page.addInitScript(LONG_TASK_OBSERVER);
  await page.addInitScript(FRAME_RECORDER);
  const login = await page.request.post('/api/auth/login', {
    data: { email: user.email, password: user.password },
  });
  if (!login.ok()) throw new Error(`login answered ${login.status()}: ${await login.text()}`);
  return page;
}

/**
 * For the tools beside the bench (profile, A/B): a bench server with one user who imported one linear
 * conversation of `size` messages (the bench's own import, for 200,000, waits longer than fetch does).
 */
export async function serverWithLongConversation(
  size: number,
): Promise<{ server: BenchServer; user: BenchUser; conversationId: string }> {
  const server = await startBenchServer({ ...benchEnv() });
  try {
    const user = await registerUser(server.url);
    const imported = await fetch(`${server.url}/api/convos/import`, {
      method: 'POST',
      headers: { ...user.headers, 'content-type': 'application/json' },
      body: libreChatFile(size, 'long'),
    });
    if (!imported.ok) throw new Error(`import answered ${imported.status}: ${await imported.text()}`);
    const { conversationIds } = (await imported.json()) as { conversationIds: string[] };
    return { server, user, conversationId: conversationIds[0] ?? '' };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/**
 * Frame lengths (the time between two animation frames) collect in `window.__parleyFrames` while
 * `window.__parleyFraming` is on; passed as a string, the bench compiles without the DOM library.
 */
export const FRAME_RECORDER = `
  window.__parleyFrames = [];
  window.__parleyFraming = false;
  let last = 0;
  const tick = (now) => {
    if (window.__parleyFraming && last > 0) window.__parleyFrames.push(now - last);
    last = now;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
`;

interface Frames {
  count: number;
  longestMs: number;
  p99Ms: number;
  over: number;
}

async function readFrames(page: Page): Promise<Frames> {
  const frames = (await page.evaluate('window.__parleyFrames.slice()')) as number[];
  return {
    count: frames.length,
    longestMs: frames.length > 0 ? Math.max(...frames) : 0,
    p99Ms: frames.length > 0 ? percentile(frames, 99) : 0,
    over: frames.filter((frame) => frame >= FRAME_TARGET_MS).length,
  };
}

/** The text that starts message `i` of the bench's export (see big-conversations' `libreChatFile`). */
const messageText = (i: number): string => `Message ${i}:`;

/** Milliseconds from navigation start to the conversation's newest message being on screen. */
export async function timeOpen(page: Page, conversationId: string, newest: number): Promise<number> {
  await page.goto('about:blank');
  await page.goto(`/c/${conversationId}`, { waitUntil: 'commit' });
  return visibleAt(page, messageText(newest));
}

/** Is an article containing `text` in the log's viewport? */
async function onScreen(page: Page, text: string): Promise<boolean> {
  return (await page.evaluate(`(() => {
    const log = document.querySelector('[role="log"]');
    if (!log) return false;
    const view = log.getBoundingClientRect();
    for (const article of log.querySelectorAll('article')) {
      if (!(article.textContent ?? '').includes(${JSON.stringify(text)})) continue;
      const box = article.getBoundingClientRect();
      if (box.height > 0 && box.bottom > view.top && box.top < view.bottom) return true;
    }
    return false;
  })()`)) as boolean;
}

interface ScrollBack {
  steps: number;
  seconds: number;
  frames: Frames;
  tasks: LongTasks;
  reached: boolean;
}

/** Wheels the log up until message `target` is on screen (older pages load on the way); frames meanwhile. */
export async function scrollBack(page: Page, target: number): Promise<ScrollBack> {
  const log = await page.locator('[role="log"]').boundingBox();
  if (!log) throw new Error('no message log on screen');
  await page.mouse.move(log.x + log.width / 2, log.y + log.height / 2);
  await page.waitForTimeout(500);
  await resetLongTasks(page);
  await page.evaluate('void ((window.__parleyFrames = []), (window.__parleyFraming = true))');
  const started = performance.now();
  let steps = 0;
  let reached = false;
  while (steps < SCROLL_MAX_STEPS && performance.now() - started < SCROLL_MAX_MS) {
    if (await onScreen(page, messageText(target))) {
      reached = true;
      break;
    }
    // At the top while the older page loads: wait for it rather than wheel in place.
    if ((await logScrollTop(page)) <= 0) await page.waitForTimeout(SCROLL_PAUSE_MS);
    await page.mouse.wheel(0, -SCROLL_STEP_PX);
    await page.waitForTimeout(SCROLL_PAUSE_MS);
    steps += 1;
  }
  const seconds = (performance.now() - started) / 1000;
  await page.evaluate('void (window.__parleyFraming = false)');
  return { steps, seconds, frames: await readFrames(page), tasks: await readLongTasks(page), reached };
}

/**
 * Opens the conversation `OPEN_RUNS` times in headless Chromium (after one warm-up load) and scrolls back
 * `SCROLL_BACK` messages from its newest one.
 */
export async function browserFigures(
  engine: string,
  server: BenchServer,
  user: BenchUser,
  conversationId: string,
  size: number,
): Promise<{ figures: Figure[]; missed: string[] }> {
  const browser = await launchChromium();
  try {
    const page = await signedInPage(browser, server.url, user);
    const newest = size - 1;
    await timeOpen(page, conversationId, newest); // warm-up: the bundle lands in the HTTP cache
    const opens: number[] = [];
    for (let run = 0; run < OPEN_RUNS; run += 1) opens.push(await timeOpen(page, conversationId, newest));
    const scroll = await scrollBack(page, newest - SCROLL_BACK);
    await page.context().close();
    const open = percentile(opens, 50);
    const tasks =
      scroll.tasks.count === 0
        ? `no long task`
        : `${scroll.tasks.count} long tasks, the longest ${ms(scroll.tasks.longestMs)}`;
    const figures: Figure[] = [
      {
        name: `${engine} · browser: open it at its newest message, median of ${OPEN_RUNS} (${opens.map((v) => v.toFixed(0)).join(', ')} ms)`,
        value: ms(open),
        target: `< ${OPEN_TARGET_MS} ms`,
      },
      {
        name: `${engine} · browser: scroll back ${SCROLL_BACK.toLocaleString('en')} messages (${scroll.reached ? 'reached' : 'NOT reached'} in ${scroll.steps} wheel steps of ${SCROLL_STEP_PX} px, ${scroll.seconds.toFixed(1)} s; ${tasks})`,
        value: `longest frame ${ms(scroll.frames.longestMs)}, p99 ${ms(scroll.frames.p99Ms)} (${scroll.frames.over} of ${scroll.frames.count} frames ≥ ${FRAME_TARGET_MS} ms)`,
        target: `< ${FRAME_TARGET_MS} ms`,
      },
    ];
    const missed = [
      open >= OPEN_TARGET_MS ? `${engine}: opening took ${ms(open)}` : null,
      !scroll.reached ? `${engine}: scrolling did not reach ${SCROLL_BACK} messages back` : null,
      scroll.frames.longestMs >= FRAME_TARGET_MS
        ? `${engine}: a ${ms(scroll.frames.longestMs)} frame while scrolling back`
        : null,
    ].filter((line): line is string => line !== null);
    return { figures, missed };
  } finally {
    await browser.close();
  }
}
