// Not part of `npm run bench`: what a burst of new chats waits for inside the server (issue 28).
//   npx tsx bench/src/probe-burst.ts [PostgreSQL|PGlite] [sequential chats before the bursts]
// Runs per-chat-cost's sequence on the built server (server/dist/main.js) — sign-up, a first chat, 50 chats 10 at
// a time, `sequential` chats one at a time (200 in the bench: long enough for idle pooled connections to time
// out), then 4 bursts of 50 new chats, each followed by the same requests sent to the fake alone — with
// burst-probe-preload.ts loaded into the server. Per burst it prints the added time to first text (p50/p99),
// the server's and PostgreSQL's CPU, and from inside the server: how long statements waited for a pooled
// connection, the pool's counts when they asked, new connections, time on the connection per statement, the
// event loop's delay and utilisation. PROBE_POOL_MAX / PROBE_POOL_MIN / PROBE_POOL_IDLE_MS (passed through)
// change the pool without changing the server.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeOpenAI } from '@parley/fakes/openai-server';
import { startParley } from '../../e2e/support/parley-server';
import { benchEnv, onEngine, registerUser, type BenchUser, type Engine } from './bench-server';
import { closedLoop } from './closed-loop';
import { compilePreload } from './compile-preload';
import { backendPids, cpuTimeOfMs } from './database-processes';
import { cpuTimeMs, loadAverage } from './proc-readings';
import { chatRequestFor, newChatBody, timeAsk, timeCompletion, type StreamTiming } from './sse-timing';
import { percentile } from './stats';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MAIN = process.env.BENCH_SERVER_MAIN ?? join(ROOT, 'server/dist/main.js');
const engine = (process.argv[2] ?? 'PostgreSQL') as Engine;
const SEQUENTIAL = Number(process.argv[3] ?? 200);
const BURST = 50;
const BURSTS = Number(process.env.PROBE_BURSTS ?? 4);

interface ProbeReport {
  windowStart: number;
  windowMs: number;
  eventLoopUtilization: number;
  delayMs: { p50: number; p99: number; max: number; mean: number };
  acquires: { at: number; waitMs: number; waiting: number; idle: number; total: number }[];
  statements: { name: string; at: number; waitMs: number; runMs: number }[];
  connects: { at: number; connectMs: number }[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const firstTextMs = (t: StreamTiming) => (t.firstDelta ?? Number.NaN) - t.started;
const r1 = (value: number) => Math.round(value * 10) / 10;
const spread = (values: number[]) =>
  values.length === 0
    ? '—'
    : `p50 ${r1(percentile(values, 50))} / p99 ${r1(percentile(values, 99))} / max ${r1(Math.max(...values))}`;

function checked(timing: StreamTiming): StreamTiming {
  if (timing.status !== 200 || !timing.completed || timing.errors > 0 || timing.deltas === 0) {
    throw new Error(`a chat failed: ${JSON.stringify(timing)}`);
  }
  return timing;
}

let count = 0;
async function newChat(url: string, user: BenchUser) {
  const text = `Hello, probe ${++count}`;
  return { timing: checked(await timeAsk(url, user.headers, newChatBody(text))), text };
}

/** Asks the server for what the probe recorded since the last ask, and waits for the file. */
async function probe(pid: number, out: string, n: number): Promise<ProbeReport> {
  process.kill(pid, 'SIGUSR2');
  const file = `${out}.${n}.json`;
  while (!existsSync(file)) await sleep(20);
  for (;;) {
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as ProbeReport;
    } catch {
      await sleep(20); // still being written
    }
  }
}

function describeProbe(report: ProbeReport): string[] {
  const byName = new Map<string, ProbeReport['statements']>();
  for (const s of report.statements) byName.set(s.name, [...(byName.get(s.name) ?? []), s]);
  const waits = report.acquires.map((a) => a.waitMs);
  return [
    `    event loop: utilisation ${(report.eventLoopUtilization * 100).toFixed(0)}%, delay ms p50 ${r1(report.delayMs.p50)} p99 ${r1(report.delayMs.p99)} max ${r1(report.delayMs.max)}`,
    `    pool acquire wait ms (${waits.length}): ${spread(waits)}; queue ahead when asked: max ${Math.max(0, ...report.acquires.map((a) => a.waiting))}, total connections when asked: ${spread(report.acquires.map((a) => a.total))}`,
    `    new connections: ${report.connects.length}${report.connects.length ? `, connect ms ${spread(report.connects.map((c) => c.connectMs))}` : ''}`,
    ...[...byName].flatMap(([name, runs]) => [
      `    ${name} (${runs.length}):`,
      `      asked at (ms into the burst) ${spread(runs.map((s) => s.at - report.windowStart))}`,
      `      waited for a connection ${spread(runs.map((s) => s.waitMs))}`,
      `      on the connection ${spread(runs.map((s) => s.runMs))}`,
      `      done at ${spread(runs.map((s) => s.at - report.windowStart + s.waitMs + s.runMs))}`,
    ]),
  ];
}

const { work, preload, out } = await compilePreload('burst-probe-preload.ts', 'parley-probe-');

const fake = await startFakeOpenAI();
await onEngine(engine, async (engineEnv) => {
  const passed = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => key.startsWith('PROBE_POOL_')),
  ) as Record<string, string>;
  const server = await startParley(
    {
      ...benchEnv(fake),
      TITLE_CONVO: 'true',
      PROBE_OUT: out,
      PROBE_RESOLVE_FROM: join(ROOT, 'server/package.json'),
      ...passed,
      ...engineEnv,
    },
    { main: MAIN, nodeArgs: ['--import', preload] },
  );
  const { url, pid } = server;
  let dumps = 0;
  try {
    const user = await registerUser(url);
    console.log(`first chat ${r1(firstTextMs((await newChat(url, user)).timing))} ms`);
    await closedLoop(10, 50, () => newChat(url, user));
    const sequentialStarted = performance.now();
    for (let i = 0; i < SEQUENTIAL; i++) await newChat(url, user);
    await sleep(500);
    console.log(`${SEQUENTIAL} sequential chats in ${r1(performance.now() - sequentialStarted)} ms`);
    // The bench sends the sequential chats' requests to the fake alone here: about as long again.
    await sleep(performance.now() - sequentialStarted);
    await probe(pid, out, ++dumps);
    const through: number[] = [];
    const alone: number[] = [];
    for (let b = 1; b <= BURSTS; b++) {
      const pids = engineEnv.DATABASE_URL ? await backendPids(engineEnv.DATABASE_URL) : [];
      const [cpu, dbCpu, load] = [cpuTimeMs(pid), cpuTimeOfMs(pids), loadAverage()];
      const chats = await Promise.all(Array.from({ length: BURST }, () => newChat(url, user)));
      const firsts = chats.map((chat) => firstTextMs(chat.timing));
      // Until the titles are out: the chats' whole cost.
      await sleep(500);
      const report = await probe(pid, out, ++dumps);
      const [serverCpu, databaseCpu] = [cpuTimeMs(pid) - cpu, cpuTimeOfMs(pids) - dbCpu];
      const direct = await Promise.all(
        chats.map((chat) => timeCompletion(fake.baseURL, chatRequestFor(fake, chat.text))),
      );
      const directs = direct.map((t) => firstTextMs(checked(t)));
      through.push(...firsts);
      alone.push(...directs);
      console.log(
        `burst ${b} (load ${load}): through p50 ${r1(percentile(firsts, 50))} p99 ${r1(percentile(firsts, 99))}, ` +
          `alone p50 ${r1(percentile(directs, 50))} p99 ${r1(percentile(directs, 99))}; ` +
          `server CPU ${r1(serverCpu)} ms, PostgreSQL backends ${r1(databaseCpu)} ms (${pids.length} backends before)`,
      );
      for (const line of describeProbe(report)) console.log(line);
      await probe(pid, out, ++dumps); // what the alone requests did, dropped
      fake.reset();
    }
    console.log(
      `all bursts: added p50 ${r1(percentile(through, 50) - percentile(alone, 50))} ms, ` +
        `p99 ${r1(percentile(through, 99) - percentile(alone, 99))} ms (load ${loadAverage()})`,
    );
  } finally {
    await server.stop();
  }
});
await fake.close();
rmSync(work, { recursive: true, force: true });
