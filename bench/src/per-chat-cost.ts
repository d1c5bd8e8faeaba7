import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeOpenAI, type FakeOpenAI } from '@parley/fakes/openai-server';
import { startParley } from '../../e2e/support/parley-server';
import { createBenchDatabase } from './bench-database';
import { backendPids, cpuTimeOfMs } from './database-processes';
import { benchEnv, ENGINES, registerUser, type BenchUser, type Engine } from './bench-server';
import { closedLoop } from './closed-loop';
import { cpuTimeMs, loadAverage, pidListeningOn, residentMemory } from './proc-readings';
import type { Figure, Section } from './report';
import { chatRequestFor, newChatBody, timeAsk, timeCompletion, type StreamTiming } from './sse-timing';
import { ms, percentile } from './stats';

/**
 * Issue 28's table, measured on this machine: what one new chat costs the server (time added to the first
 * token, alone and in a burst; CPU; memory; start-up), for the build under test ("after") and, when
 * `BENCH_BEFORE_MAIN` names another build's main.js, for that one ("before"), in rotating order in one run.
 */
const ROUNDS = Number(process.env.BENCH_COST_ROUNDS) || 3;
const WARM_UP = 50;
const SEQUENTIAL = 200;
const BURST = { size: 50, rounds: 4 };
const MANY_CHATS = 1_000;
/** How long the server is left without requests before its memory is read. */
const SETTLE_MS = 3_000;

interface Build {
  label: 'after' | 'before';
  main?: string;
}

/** One round's readings for one build on one engine. */
interface Round {
  freshStartMs: number;
  laterStartMs: number;
  firstChatMs: number;
  warmChatMs: number;
  addedP50: number;
  addedP99: number;
  burstP50: number;
  burstP99: number;
  serverCpuMs: number;
  databaseCpuMs: number;
  startRss: number;
  idleRss: number;
  rssAfterMany: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const firstTextMs = (t: StreamTiming) => (t.firstDelta ?? Number.NaN) - t.started;

function checked(timing: StreamTiming, what: string): StreamTiming {
  if (timing.status !== 200 || !timing.completed || timing.errors > 0 || timing.deltas === 0) {
    const { status, completed, deltas, firstError } = timing;
    throw new Error(`${what} failed: ${JSON.stringify({ status, completed, deltas, firstError })}`);
  }
  return timing;
}

let chatCount = 0;
/** A new conversation with a message no other chat of the run has, timed to its first `text`. */
async function newChat(url: string, user: BenchUser) {
  const text = `Hello, bench ${++chatCount}`;
  const timing = checked(await timeAsk(url, user.headers, newChatBody(text)), 'a chat through Parley');
  return { timing, text };
}

interface Running {
  url: string;
  pid: number;
  dataDir: string;
  startMs: number;
  stop(): Promise<void>;
}

async function start(build: Build, env: Record<string, string>, dataDir: string): Promise<Running> {
  const started = performance.now();
  const server = await startParley(env, { dataDir, ...(build.main ? { main: build.main } : {}) });
  const startMs = performance.now() - started;
  const pid = pidListeningOn(Number(new URL(server.url).port));
  return { url: server.url, pid, dataDir, startMs, stop: server.stop };
}

/** Sequential new chats through Parley, then the same requests sent to the fake alone. */
async function sequential(server: Running, user: BenchUser, fake: FakeOpenAI, databaseUrl?: string) {
  const pids = databaseUrl ? await backendPids(databaseUrl) : [];
  const [cpuBefore, dbBefore] = [cpuTimeMs(server.pid), cpuTimeOfMs(pids)];
  const chats: { timing: StreamTiming; text: string }[] = [];
  for (let i = 0; i < SEQUENTIAL; i++) chats.push(await newChat(server.url, user));
  // Titles are made after the reply: wait until the last one went out before reading the CPU.
  await sleep(500);
  const serverCpuMs = (cpuTimeMs(server.pid) - cpuBefore) / SEQUENTIAL;
  const databaseCpuMs = (cpuTimeOfMs(pids) - dbBefore) / SEQUENTIAL;
  const alone: number[] = [];
  for (const chat of chats) {
    const body = chatRequestFor(fake, chat.text);
    alone.push(firstTextMs(checked(await timeCompletion(fake.baseURL, body), 'a request to the fake')));
  }
  const through = chats.map((chat) => firstTextMs(chat.timing));
  return {
    warmChatMs: percentile(through, 50),
    addedP50: percentile(through, 50) - percentile(alone, 50),
    addedP99: percentile(through, 99) - percentile(alone, 99),
    serverCpuMs,
    databaseCpuMs,
  };
}

/** BURST.size new chats at the same moment, then their requests to the fake alone at the same moment. */
async function burst(server: Running, user: BenchUser, fake: FakeOpenAI) {
  const [through, alone] = [[] as number[], [] as number[]];
  for (let round = 0; round < BURST.rounds; round++) {
    const chats = await Promise.all(Array.from({ length: BURST.size }, () => newChat(server.url, user)));
    through.push(...chats.map((chat) => firstTextMs(chat.timing)));
    await sleep(500);
    const bodies = chats.map((chat) => chatRequestFor(fake, chat.text));
    const direct = await Promise.all(bodies.map((body) => timeCompletion(fake.baseURL, body)));
    alone.push(...direct.map((t) => firstTextMs(checked(t, 'a request to the fake'))));
  }
  return {
    burstP50: percentile(through, 50) - percentile(alone, 50),
    burstP99: percentile(through, 99) - percentile(alone, 99),
  };
}

async function round(build: Build, engine: Engine, fake: FakeOpenAI): Promise<Round> {
  const database = engine === 'PostgreSQL' ? await createBenchDatabase() : undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-bench-cost-'));
  // Default settings for a chat: titles on (the bench's usual environment turns them off).
  const env: Record<string, string> = {
    ...benchEnv(fake),
    TITLE_CONVO: 'true',
    ...(database ? { DATABASE_URL: database.url } : {}),
  };
  try {
    let server = await start(build, env, dataDir);
    const freshStartMs = server.startMs;
    await sleep(SETTLE_MS);
    const startRss = residentMemory(server.pid).rss;
    const user = await registerUser(server.url);
    const firstChatMs = firstTextMs((await newChat(server.url, user)).timing);
    await sleep(SETTLE_MS);
    const idleRss = residentMemory(server.pid).rss;
    await closedLoop(10, WARM_UP, () => newChat(server.url, user));
    const steady = await sequential(server, user, fake, database?.url);
    const bursts = await burst(server, user, fake);
    await closedLoop(10, MANY_CHATS, () => newChat(server.url, user));
    await sleep(SETTLE_MS);
    const rssAfterMany = residentMemory(server.pid).rss;
    await server.stop();
    server = await start(build, env, dataDir);
    const laterStartMs = server.startMs;
    await server.stop();
    return { freshStartMs, laterStartMs, firstChatMs, startRss, idleRss, rssAfterMany, ...steady, ...bursts };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
}

const median = (values: number[]) => percentile(values, 50);
const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;

interface Row {
  name: string;
  value: (r: Round[]) => string;
  target?: Record<Engine, string>;
}

const ROWS: Row[] = [
  {
    name: 'added time to first token, sequential, p50 / p99',
    value: (r) => `${ms(median(r.map((x) => x.addedP50)))} / ${ms(median(r.map((x) => x.addedP99)))}`,
  },
  {
    name: `added time to first token, burst of ${BURST.size}, p50 / p99`,
    value: (r) => `${ms(median(r.map((x) => x.burstP50)))} / ${ms(median(r.map((x) => x.burstP99)))}`,
    target: { PGlite: '≤ 150 / ≤ 300 ms', PostgreSQL: '≤ 150 / ≤ 300 ms' },
  },
  {
    name: 'server CPU per new chat (PostgreSQL: + its backends serving Parley)',
    value: (r) => {
      const server = median(r.map((x) => x.serverCpuMs));
      const database = median(r.map((x) => x.databaseCpuMs));
      return database > 0 ? `${ms(server)} + ${ms(database)} = ${ms(server + database)}` : ms(server);
    },
    target: { PGlite: '≤ 12 ms', PostgreSQL: '≤ 9 ms' },
  },
  {
    name: 'idle memory, server process: RSS after start',
    value: (r) => megabytes(median(r.map((x) => x.startRss))),
    target: { PGlite: '≤ 150 MB', PostgreSQL: '≤ 100 MB' },
  },
  {
    name: 'idle memory, server process: RSS after start, a sign-up and a chat',
    value: (r) => megabytes(median(r.map((x) => x.idleRss))),
    target: { PGlite: '≤ 150 MB', PostgreSQL: '≤ 100 MB' },
  },
  {
    name: `memory after ${MANY_CHATS.toLocaleString('en')} more chats (× idle)`,
    value: (r) => {
      const [after, idle] = [median(r.map((x) => x.rssAfterMany)), median(r.map((x) => x.idleRss))];
      return `${megabytes(after)} (${(after / idle).toFixed(2)}×)`;
    },
    target: { PGlite: '≤ 1.5×', PostgreSQL: '≤ 1.5×' },
  },
  {
    name: 'start to ready, fresh data folder (PostgreSQL: an empty database)',
    value: (r) => ms(median(r.map((x) => x.freshStartMs))),
    target: { PGlite: '≤ 2 s', PostgreSQL: '≤ 2 s' },
  },
  {
    name: 'start to ready, a later start',
    value: (r) => ms(median(r.map((x) => x.laterStartMs))),
    target: { PGlite: '≤ 1 s', PostgreSQL: '≤ 1 s' },
  },
  {
    name: 'first chat after start, time to first token (warm p50 beside it)',
    value: (r) =>
      `${ms(median(r.map((x) => x.firstChatMs)))} (warm ${ms(median(r.map((x) => x.warmChatMs)))})`,
    target: { PGlite: 'within 50 ms of warm', PostgreSQL: 'within 50 ms of warm' },
  },
];

export async function benchPerChatCost(): Promise<Section> {
  const builds: Build[] = [{ label: 'after' }];
  const before = process.env.BENCH_BEFORE_MAIN;
  if (before) builds.push({ label: 'before', main: before });
  const fake = await startFakeOpenAI();
  const loads = [loadAverage()];
  const rounds = new Map<string, Round[]>();
  try {
    for (let i = 0; i < ROUNDS; i++) {
      for (const engine of ENGINES) {
        // Rotating order, so neither build always runs first on a warming machine.
        const order = i % 2 === 0 ? builds : [...builds].reverse();
        for (const build of order) {
          const key = `${engine} ${build.label}`;
          const result = await round(build, engine, fake);
          console.log(
            `  ${key}, round ${i + 1}: ${JSON.stringify(result, (_, v: unknown) => (typeof v === 'number' ? Math.round(v * 10) / 10 : v))}`,
          );
          rounds.set(key, [...(rounds.get(key) ?? []), result]);
          fake.reset();
        }
      }
      loads.push(loadAverage());
    }
  } finally {
    await fake.close();
  }
  const figures: Figure[] = [];
  for (const engine of ENGINES) {
    for (const row of ROWS) {
      const after = rounds.get(`${engine} after`) ?? [];
      const beforeRounds = rounds.get(`${engine} before`);
      const value = row.value(after) + (beforeRounds ? ` (before: ${row.value(beforeRounds)})` : '');
      const figure: Figure = { name: `${engine} · ${row.name}`, value };
      if (row.target) figure.target = row.target[engine];
      console.log(`  ${figure.name}: ${figure.value}`);
      figures.push(figure);
    }
  }
  return {
    title: 'Per-chat cost (issue 28)',
    figures,
    note:
      `Median of ${ROUNDS} rounds per build and engine, builds in rotating order in the same run` +
      (before ? ` ("before" is the build at \`${before}\`)` : '') +
      `. A round starts the built server on a new data folder (PostgreSQL: a new database), waits ${SETTLE_MS / 1000} s and reads the server process's RSS, signs up, sends one ` +
      `chat (the "first chat after start"), waits ${SETTLE_MS / 1000} s and reads the server process's RSS ("idle"), ` +
      `sends ${WARM_UP} chats to warm up, then ${SEQUENTIAL} new conversations one at a time (each a new ` +
      `\`POST /api/ask/openAI\`, default settings: titles on, so two upstream requests per chat), then ` +
      `${BURST.rounds} bursts of ${BURST.size} sent at once, then ${MANY_CHATS.toLocaleString('en')} more chats ` +
      `(10 at a time) and reads the RSS again, then stops and starts the server on the same data ("later start"). ` +
      `Added time is through Parley minus the fake alone (the very requests Parley sent, sent to it the same way). ` +
      `Server CPU is /proc/<pid>/stat of the server process (all its threads, PGlite's worker included) over the ` +
      `sequential chats, titles included; on PostgreSQL the CPU of its backends serving Parley's database is added. ` +
      `The 1-minute load average was ${loads.join(' → ')} over this section.`,
  };
}
