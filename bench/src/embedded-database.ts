import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeOpenAI, type FakeOpenAI } from '@parley/fakes/openai-server';
import { benchEnv, logIn, registerUser, startBenchServer, type BenchUser } from './bench-server';
import { loadAverage, mb, residentMemory } from './proc-readings';
import type { Figure, Section } from './report';
import { seedPglite, type HistoryScale } from './seed-history';
import { newChatBody, timeAsk } from './sse-timing';
import { ms, percentile } from './stats';

/** Lets the server settle (timers, GC) before its memory is read. */
const SETTLE_MS = 3_000;
/** The searching user's history: every message holds the searched words, so each search ranks them all. */
const HISTORY: HistoryScale = { conversations: 10_000, messagesPerConversation: 10 };
const SEARCH = 'quick brown fox';
/** The streamed reply: a delta every `DELTA_MS`, long enough for several searches to run meanwhile. */
const DELTAS = 400;
const DELTA_MS = 10;

const sleep = (msToWait: number) => new Promise((resolve) => setTimeout(resolve, msToWait));

function say(figure: Figure): Figure {
  console.log(`  ${figure.name}: ${figure.value}`);
  return figure;
}

async function search(url: string, user: BenchUser): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${url}/api/search?q=${encodeURIComponent(SEARCH)}`, {
    headers: user.headers,
  });
  if (!response.ok) throw new Error(`search answered ${response.status}: ${await response.text()}`);
  await response.arrayBuffer();
  return performance.now() - started;
}

/**
 * Streams one reply to `streamer` and returns the longest wait between two deltas beyond the fake's own
 * spacing; while `searcher` is given, it searches back to back until the reply ends.
 */
async function streamGap(
  url: string,
  fake: FakeOpenAI,
  streamer: BenchUser,
  searcher?: BenchUser,
): Promise<{ gap: number; searches: number[] }> {
  fake.script({ replies: [{ chunks: Array.from({ length: DELTAS }, () => 'word '), delayMs: DELTA_MS }] });
  let last: number | undefined;
  let gap = 0;
  let streaming = true;
  const searches: number[] = [];
  let firstDelta: () => void = () => undefined;
  const started = new Promise<void>((resolve) => (firstDelta = resolve));
  const stream = timeAsk(url, streamer.headers, newChatBody(), {
    onFirstDelta: () => firstDelta(),
    onDelta: (at) => {
      if (last !== undefined) gap = Math.max(gap, at - last - DELTA_MS);
      last = at;
    },
  }).finally(() => (streaming = false));
  const searching = (async () => {
    if (!searcher) return;
    await started;
    while (streaming) searches.push(await search(url, searcher));
  })();
  const timing = await stream;
  await searching;
  if (!timing.completed || timing.deltas !== DELTAS) {
    throw new Error(`the stream ended early: ${timing.deltas} deltas, ${timing.firstError ?? 'no error'}`);
  }
  return { gap: Math.max(0, gap), searches };
}

/**
 * Issue 14 "Embedded default": the server's footprint on PGlite right after a first start and after a
 * restart, and what a streaming client notices while another user's search runs on the embedded database.
 */
export async function benchEmbeddedDatabase(): Promise<Section> {
  const fake = await startFakeOpenAI();
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-bench-embedded-'));
  const env = { ...benchEnv(fake), DATA_DIR: dataDir };
  const loads = [loadAverage()];
  try {
    const first = await startBenchServer(env);
    let streamer: BenchUser;
    let searcher: BenchUser;
    let firstIdle: number;
    try {
      await sleep(SETTLE_MS);
      firstIdle = residentMemory(first.pid).rss;
      streamer = await registerUser(first.url, `streamer-${Date.now()}@example.com`);
      searcher = await registerUser(first.url, `searcher-${Date.now()}@example.com`);
    } finally {
      await first.stop();
    }
    console.log(`  seeding ${HISTORY.conversations * HISTORY.messagesPerConversation} messages…`);
    await seedPglite(join(dataDir, 'db'), searcher.id, HISTORY);
    loads.push(loadAverage());

    const server = await startBenchServer(env);
    try {
      await sleep(SETTLE_MS);
      const restartIdle = residentMemory(server.pid).rss;
      streamer = await logIn(server.url, streamer);
      searcher = await logIn(server.url, searcher);
      for (let i = 0; i < 3; i += 1) await search(server.url, searcher); // warm the caches
      const alone: number[] = [];
      const during: number[] = [];
      const searches: number[] = [];
      for (let round = 0; round < 3; round += 1) {
        alone.push((await streamGap(server.url, fake, streamer)).gap);
        const run = await streamGap(server.url, fake, streamer, searcher);
        during.push(run.gap);
        searches.push(...run.searches);
      }
      loads.push(loadAverage());
      const history = (HISTORY.conversations * HISTORY.messagesPerConversation).toLocaleString('en');
      return {
        title: 'Embedded database (PGlite) off the event loop',
        figures: [
          say({
            name: 'server resident memory (VmRSS), idle, right after a first start on a fresh DATA_DIR (initdb)',
            value: mb(firstIdle),
            target: '< 150 MB',
          }),
          say({
            name: 'server resident memory (VmRSS), idle, restarted on an initialised DATA_DIR',
            value: mb(restartIdle),
            target: '< 150 MB',
          }),
          say({
            name: `another user's search ("${SEARCH}" over ${history} messages that all match), client-observed`,
            value: `p50 ${ms(percentile(searches, 50))}, max ${ms(Math.max(...searches))} (${searches.length} searches)`,
          }),
          say({
            name: 'largest extra wait between two deltas of a streaming reply while that user searches back to back',
            value: `${ms(Math.max(...during))} (runs: ${during.map(ms).join(', ')})`,
            target: '< 10 ms',
          }),
          say({
            name: 'the same with nobody searching (the machine’s own noise)',
            value: `${ms(Math.max(...alone))} (runs: ${alone.map(ms).join(', ')})`,
          }),
        ],
        note: [
          `Both figures of memory are read from /proc/<pid>/status ${SETTLE_MS / 1000} s after the ready line; the`,
          'embedded database runs in a worker thread of that process, so they include it. The streaming client',
          `gets a reply of ${DELTAS} deltas sent ${DELTA_MS} ms apart by the fake; the figure is the longest gap`,
          `between two deltas beyond those ${DELTA_MS} ms, the largest of 3 runs, while a second user runs the`,
          'search above again and again through `GET /api/search`; the same without the searches shows what the',
          'shared machine adds by itself. The searching user’s history is seeded in SQL in the stopped data dir',
          `(as in the list figures). 1-minute load average: ${loads.join(' → ')}.`,
        ].join(' '),
      };
    } finally {
      await server.stop();
    }
  } finally {
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
