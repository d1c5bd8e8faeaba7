import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { CONVERSATIONS_PAGE_SIZE } from '@parley/shared/schemas/conversation';
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

async function load(server: BenchServer, user: BenchUser): Promise<string> {
  const result = await autocannon({
    url: `${server.url}/api/convos?pageNumber=1`,
    headers: user.headers,
    ...LOAD,
  });
  const failures = result.errors + result.timeouts + result.non2xx;
  return `${result.requests.average.toFixed(0)} req/s (latency p50 ${ms(result.latency.p50)}, p99 ${ms(result.latency.p99)}; ${failures} errors or non-2xx)`;
}

async function measure(engine: Engine, server: BenchServer, user: BenchUser): Promise<Figure[]> {
  const scale = scaleOf(engine);
  const lastPage = Math.ceil(scale.conversations / CONVERSATIONS_PAGE_SIZE);
  const pick = (i: number) => seededConversationId(1 + (((i + 1_000) * 7_919) % scale.conversations));
  const at = `${engine} · ${describe(scale)}`;
  return [
    say({
      name: `${at} · GET /api/convos (first page)`,
      value: await latency(server, user, () => '/api/convos?pageNumber=1'),
    }),
    say({
      name: `${at} · GET /api/convos?pageNumber=${lastPage} (last page)`,
      value: await latency(server, user, () => `/api/convos?pageNumber=${lastPage}`),
    }),
    say({
      name: `${at} · GET /api/messages/{id} (${scale.messagesPerConversation} messages, random conversation)`,
      value: await latency(server, user, (i) => `/api/messages/${pick(i)}`),
    }),
    say({
      name: `${at} · GET /api/convos under autocannon, ${LOAD.connections} connections, ${LOAD.duration} s`,
      value: await load(server, user),
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
      'bench process, so the server has well under the 2 cores (shared with other engineers’ test runs too). Every',
      'page request also counts all of the user’s conversations (for `pages`) and pages with OFFSET, so deep pages',
      'cost more than the first.',
    ].join(' '),
  };
}
