import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { CONVERSATIONS_PAGE_SIZE, conversationCursorPageSchema } from '@parley/shared/schemas/conversation';
import {
  benchEnv,
  ENGINES,
  logIn,
  onEngine,
  registerUser,
  startBenchServer,
  type BenchServer,
  type BenchUser,
  type Engine,
} from './bench-server';
import type { Figure, Section } from './report';
import { seededConversationId, seedPglite, seedPostgres, type HistoryScale } from './seed-history';
import { ms, percentile } from './stats';

const FULL: HistoryScale = { conversations: 100_000, messagesPerConversation: 10 };
/** Scaled down: seeding PGlite (single-threaded WebAssembly) with the full history takes ~2 minutes here. */
const PGLITE: HistoryScale = { conversations: 10_000, messagesPerConversation: 10 };
const SAMPLES = 200;
const LOAD = { connections: 100, duration: 10 };

const scaleOf = (engine: Engine): HistoryScale => (engine === 'PGlite' ? PGLITE : FULL);
const describe = (s: HistoryScale) =>
  `${s.conversations.toLocaleString('en')} conversations, ${(s.conversations * s.messagesPerConversation).toLocaleString('en')} messages`;

function say(figure: Figure): Figure {
  console.log(`  ${figure.name}: ${figure.value}`);
  return figure;
}

/** Sequential GETs (after 20 unmeasured), p50 and p99. */
async function latency(server: BenchServer, user: BenchUser, path: (i: number) => string) {
  const samples: number[] = [];
  for (let i = -20; i < SAMPLES; i++) {
    const url = `${server.url}${path(i)}`;
    const started = performance.now();
    const response = await fetch(url, { headers: user.headers });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
    if (i >= 0) samples.push(performance.now() - started);
  }
  return `p50 ${ms(percentile(samples, 50))}, p99 ${ms(percentile(samples, 99))}`;
}

async function load(server: BenchServer, user: BenchUser, path: string): Promise<string> {
  const result = await autocannon({ url: `${server.url}${path}`, headers: user.headers, ...LOAD });
  const failures = result.errors + result.timeouts + result.non2xx;
  return `${result.requests.average.toFixed(0)} req/s (latency p50 ${ms(result.latency.p50)}, p99 ${ms(result.latency.p99)}; ${failures} errors or non-2xx)`;
}

/**
 * Follows `nextCursor` from the first page to the end, as the sidebar's infinite scroll does; checks that
 * every conversation came exactly once and returns the cursor of the last page.
 */
async function walkCursors(server: BenchServer, user: BenchUser, expected: number) {
  const started = performance.now();
  const seen = new Set<string>();
  let cursor: string | null = null;
  let lastCursor = '';
  let pages = 0;
  do {
    if (cursor) lastCursor = cursor;
    const query: string = cursor ? `?${new URLSearchParams({ cursor })}` : '';
    const response = await fetch(`${server.url}/api/convos${query}`, { headers: user.headers });
    const page = conversationCursorPageSchema.parse(await response.json());
    page.conversations.forEach((c) => seen.add(c.conversationId));
    pages += 1;
    cursor = page.nextCursor;
  } while (cursor);
  if (seen.size !== expected) throw new Error(`walking the cursors saw ${seen.size} of ${expected}`);
  return { lastCursor, pages, seconds: (performance.now() - started) / 1000 };
}

async function measure(engine: Engine, server: BenchServer, user: BenchUser): Promise<Figure[]> {
  const scale = scaleOf(engine);
  const lastPage = Math.ceil(scale.conversations / CONVERSATIONS_PAGE_SIZE);
  const pick = (i: number) => seededConversationId(1 + (((i + 1_000) * 7_919) % scale.conversations));
  const at = `${engine} · ${describe(scale)}`;
  const walk = await walkCursors(server, user, scale.conversations);
  const deep = `/api/convos?${new URLSearchParams({ cursor: walk.lastCursor })}`;
  return [
    say({
      name: `${at} · GET /api/convos (first page, cursor pagination)`,
      value: await latency(server, user, () => '/api/convos'),
      target: '< 5 ms p50',
    }),
    say({
      name: `${at} · GET /api/convos?cursor=… (last page, ${lastPage.toLocaleString('en')})`,
      value: await latency(server, user, () => deep),
      target: '< 5 ms p50',
    }),
    say({
      name: `${at} · every page by cursor, one after the other (all ${scale.conversations.toLocaleString('en')} conversations once each)`,
      value: `${walk.pages.toLocaleString('en')} pages in ${walk.seconds.toFixed(1)} s`,
    }),
    say({
      name: `${at} · GET /api/convos?pageNumber=1 (numbered pages, kept for compatibility)`,
      value: await latency(server, user, () => '/api/convos?pageNumber=1'),
    }),
    say({
      name: `${at} · GET /api/convos?pageNumber=${lastPage} (last numbered page)`,
      value: await latency(server, user, () => `/api/convos?pageNumber=${lastPage}`),
    }),
    say({
      name: `${at} · GET /api/messages/{id} (${scale.messagesPerConversation} messages, random conversation)`,
      value: await latency(server, user, (i) => `/api/messages/${pick(i)}`),
    }),
    say({
      name: `${at} · GET /api/convos (first page) under autocannon, ${LOAD.connections} connections, ${LOAD.duration} s`,
      value: await load(server, user, '/api/convos'),
      ...(engine === 'PostgreSQL' ? { target: '≥ 2,000 req/s' } : {}),
    }),
  ];
}

async function timed<T>(what: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await run();
  console.log(`  ${what} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

async function benchPostgres(env: Record<string, string>): Promise<Figure[]> {
  const server = await startBenchServer({ ...benchEnv(), ...env });
  try {
    const user = await registerUser(server.url);
    const url = env.DATABASE_URL ?? '';
    await timed(`PostgreSQL: seeded ${describe(FULL)}`, () => seedPostgres(url, user.id, FULL));
    return await measure('PostgreSQL', server, user);
  } finally {
    await server.stop();
  }
}

/** PGlite: migrate and register on a first run, seed the stopped data dir, measure on a second run. */
async function benchPglite(): Promise<Figure[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-bench-'));
  try {
    const env = { ...benchEnv(), DATA_DIR: dataDir };
    const first = await startBenchServer(env);
    const registered = await registerUser(first.url).finally(() => first.stop());
    await timed(`PGlite: seeded ${describe(PGLITE)}`, () =>
      seedPglite(join(dataDir, 'db'), registered.id, PGLITE),
    );
    const server = await startBenchServer(env);
    try {
      return await measure('PGlite', server, await logIn(server.url, registered));
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Issue 8 "One benchmark report": list routes over a large history, and `GET /api/convos` under load. */
export async function benchListLatency(): Promise<Section> {
  const figures: Figure[] = [];
  for (const engine of ENGINES) {
    figures.push(
      ...(await onEngine(engine, (env) => (engine === 'PGlite' ? benchPglite() : benchPostgres(env)))),
    );
  }
  return {
    title: 'Conversation and message lists over a large history',
    figures,
    note: [
      'One user; history seeded in SQL (`INSERT … SELECT generate_series`), then `VACUUM ANALYZE`. PGlite is',
      `seeded with a tenth of the history (${describe(PGLITE)}): the full one took ~2 minutes to seed on this`,
      'machine and the whole `npm run bench` must stay near 15 minutes. Latency:',
      `${SAMPLES} sequential requests after 20 unmeasured ones, client-observed; the load run uses autocannon in the`,
      'bench process, so the server has well under the 2 cores (shared with other engineers’ test runs too).',
      'The sidebar pages by cursor (keyset: one range scan of the `(user_id, updated_at, conversation_id)` index,',
      'no count); the last cursor page is reached by following every `nextCursor` from the first page. Numbered',
      'pages are kept for compatibility: they still count the conversations (for `pages`) and skip with OFFSET.',
    ].join(' '),
  };
}
