// Not part of `npm run bench`: A/B of two web builds opening one long conversation (issue 26), on one server
// and one imported conversation, the builds' index.html swapped in turn (their hashed assets live side by side).
//   npx tsx bench/src/ab-long-conversation-open.ts <indexA> <indexB> [messages] [rounds] [opens]
// Both index files and the union of both builds' assets must be in web/dist (the server's folder); the page
// loads web/dist/index.html, which this copies from A or B before each set of opens.
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import {
  launchChromium,
  scrollBack,
  serverWithLongConversation,
  signedInPage,
  timeOpen,
} from './long-conversation-browser';
import { loadAverage } from './proc-readings';
import { percentile } from './stats';

/** Start and end (ms after navigation start) of the page's API requests and its document milestones. */
async function readMilestones(page: Page): Promise<Record<string, number>> {
  return (await page.evaluate(`(() => {
    const out = {};
    const n = performance.getEntriesByType('navigation')[0];
    out['document interactive'] = n.domInteractive;
    out['DOMContentLoaded end'] = n.domContentLoadedEventEnd;
    for (const r of performance.getEntriesByType('resource')) {
      const path = r.name.replace(location.origin, '').replace(/[0-9a-f]{8}-[0-9a-f-]{27}/, '{id}');
      if (!path.startsWith('/api/') && !path.includes('early-requests')) continue;
      if (out[path + ' sent'] !== undefined) continue;
      out[path + ' sent'] = r.startTime;
      out[path + ' done'] = r.responseEnd;
    }
    for (const m of performance.getEntriesByType('mark')) out['mark ' + m.name] = m.startTime;
    return out;
  })()`)) as Record<string, number>;
}

const DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));
const [indexA = '', indexB = ''] = process.argv.slice(2, 4);
const size = Number(process.argv[4] ?? 20_000);
const rounds = Number(process.argv[5] ?? 3);
const opens = Number(process.argv[6] ?? 5);
/** With `scroll`, each set of opens ends by scrolling back 2,000 messages (frames as the bench counts them). */
const scroll = process.argv[7] === 'scroll';
if (!indexA || !indexB)
  throw new Error('usage: ab-long-conversation-open.ts <indexA> <indexB> [messages] [rounds] [opens]');

const { server, user, conversationId: id } = await serverWithLongConversation(size);
try {
  const browser = await launchChromium();
  const page = await signedInPage(browser, server.url, user);
  const all: Record<'A' | 'B', number[]> = { A: [], B: [] };
  const milestones: Record<'A' | 'B', Record<string, number>[]> = { A: [], B: [] };
  for (let round = 0; round < rounds; round += 1) {
    const order: ('A' | 'B')[] = round % 2 === 0 ? ['A', 'B'] : ['B', 'A'];
    for (const variant of order) {
      copyFileSync(join(DIST, variant === 'A' ? indexA : indexB), join(DIST, 'index.html'));
      await timeOpen(page, id, size - 1); // warm-up: this build's assets in the HTTP cache
      const times: number[] = [];
      for (let i = 0; i < opens; i += 1) {
        times.push(await timeOpen(page, id, size - 1));
        milestones[variant].push(await readMilestones(page));
      }
      all[variant].push(...times);
      if (scroll) {
        const back = await scrollBack(page, size - 1 - 2_000);
        console.log(
          `round ${round + 1} ${variant} scroll back: ${back.reached ? 'reached' : 'NOT reached'} in ${back.seconds.toFixed(1)} s; frames longest ${back.frames.longestMs.toFixed(0)} ms, p99 ${back.frames.p99Ms.toFixed(0)} ms, ${back.frames.over} of ${back.frames.count} ≥ 50 ms, load ${loadAverage()}`,
        );
      }
      console.log(
        `round ${round + 1} ${variant}: median ${percentile(times, 50).toFixed(0)} ms (${times.map((t) => t.toFixed(0)).join(', ')}), load ${loadAverage()}`,
      );
    }
  }
  for (const variant of ['A', 'B'] as const)
    console.log(
      `${variant}: median ${percentile(all[variant], 50).toFixed(0)} ms, p25 ${percentile(all[variant], 25).toFixed(0)}, p75 ${percentile(all[variant], 75).toFixed(0)} over ${all[variant].length} opens`,
    );
  for (const variant of ['A', 'B'] as const) {
    const keys = [...new Set(milestones[variant].flatMap((m) => Object.keys(m)))];
    console.log(`${variant} milestones (median ms after navigation start):`);
    for (const key of keys) {
      const values = milestones[variant].map((m) => m[key]).filter((v): v is number => v !== undefined);
      console.log(`  ${percentile(values, 50).toFixed(0).padStart(6)}  ${key}`);
    }
  }
  await browser.close();
} finally {
  await server.stop();
}
