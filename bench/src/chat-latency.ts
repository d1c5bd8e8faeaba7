import { startFakeOpenAI, type FakeOpenAI } from '@parley/fakes/openai-server';
import {
  benchEnv,
  ENGINES,
  onEngine,
  registerUser,
  startBenchServer,
  type BenchServer,
  type BenchUser,
  type Engine,
} from './bench-server';
import { closedLoop } from './closed-loop';
import { holdStreams } from './held-streams';
import { cpuTimeMs, loadAverage } from './proc-readings';
import type { Figure, Section } from './report';
import { newChatBody, timeAsk, timeCompletion, type StreamTiming } from './sse-timing';
import { ms, percentile } from './stats';

/** Streams in flight when a probe is sent (the probe included), and probes sent at each level. */
const LEVELS = [1, 50, 500] as const;
const PROBES = 200;
const PROBE_BUDGET_MS = 45_000;
const WARM_UP = 100;
const SATURATION = { clients: 50, requests: 500 };
const REPLY = { text: 'Hello from the bench, a short reply.', chunkSize: 6 };
const RELAY_DELTAS = 200;
const RELAY_RUNS = 30;
/** New chats sent at once, and how many such bursts (each followed by the same requests sent to the fake alone). */
const BURST = { size: 50, rounds: 6 };
const CPU_TARGET: Record<Engine, string> = { PostgreSQL: '< 2 ms', PGlite: '< 4 ms' };

interface Target {
  server: BenchServer;
  user: BenchUser;
  fake: FakeOpenAI;
}

const firstDeltaMs = (t: StreamTiming): number => (t.firstDelta ?? Number.NaN) - t.started;
const deltaSpanMs = (t: StreamTiming): number => (t.lastDelta ?? Number.NaN) - (t.firstDelta ?? Number.NaN);

function checked(timings: StreamTiming[], what: string): StreamTiming[] {
  const failed = timings.filter((t) => t.status !== 200 || !t.completed || t.errors > 0 || t.deltas === 0);
  const first = failed[0];
  if (first) {
    const { status, completed, deltas, firstError } = first;
    const detail = JSON.stringify({ status, completed, deltas, firstError });
    throw new Error(`${failed.length}/${timings.length} ${what} failed, first: ${detail}`);
  }
  return timings;
}

async function askMany(target: Target, concurrency: number, requests: number, reply: object) {
  target.fake.script({ replies: Array.from({ length: requests }, () => reply) });
  const ask = () => timeAsk(target.server.url, target.user.headers, newChatBody());
  return checked(await closedLoop(concurrency, requests, ask), 'streams through Parley');
}

/** The fake alone, sent the very request Parley sent it, at the same concurrency. */
async function completeMany(fake: FakeOpenAI, concurrency: number, requests: number, reply: object) {
  const body = fake.requests.at(-1)?.body;
  fake.script({ replies: Array.from({ length: requests }, () => reply) });
  return checked(
    await closedLoop(concurrency, requests, () => timeCompletion(fake.baseURL, body)),
    'direct streams',
  );
}

interface Probes {
  through: number[];
  alone: number[];
  /** Server CPU time per probe (its own work plus its share of the held streams'). */
  cpuMs: number;
}

/**
 * Sequential probes, each once through Parley and once straight to the fake with the request Parley sent it;
 * PROBES of them, or fewer when PROBE_BUDGET_MS runs out first.
 */
async function probe(target: Target): Promise<Probes> {
  const probes: Probes = { through: [], alone: [], cpuMs: 0 };
  const [started, cpuBefore] = [performance.now(), cpuTimeMs(target.server.pid)];
  while (probes.through.length < PROBES && performance.now() - started < PROBE_BUDGET_MS) {
    target.fake.script({ replies: [REPLY, REPLY] });
    const [viaParley] = checked(
      [await timeAsk(target.server.url, target.user.headers, newChatBody())],
      'probe',
    );
    const body = target.fake.requests.at(-1)?.body;
    const [direct] = checked([await timeCompletion(target.fake.baseURL, body)], 'direct probe');
    if (viaParley && direct) {
      probes.through.push(firstDeltaMs(viaParley));
      probes.alone.push(firstDeltaMs(direct));
    }
  }
  probes.cpuMs = (cpuTimeMs(target.server.pid) - cpuBefore) / probes.through.length;
  return probes;
}

function firstTextFigure(engine: Engine, level: number, p: 50 | 99, probes: Probes): Figure {
  const [viaParley, fakeAlone] = [percentile(probes.through, p), percentile(probes.alone, p)];
  const count =
    probes.through.length < PROBES ? ` (only ${probes.through.length} probes in the time budget)` : '';
  const figure: Figure = {
    name: `${engine} · server-added time to first \`text\`, ${level} concurrent, p${p}${count}`,
    value: `${ms(viaParley - fakeAlone)} (through Parley ${ms(viaParley)}, fake alone ${ms(fakeAlone)})`,
  };
  if (level === 50) figure.target = p === 50 ? '< 5 ms' : '< 25 ms';
  if (level === 1 && p === 50) figure.target = '< 3 ms';
  console.log(`  ${figure.name}: ${figure.value}`);
  return figure;
}

async function firstTextFigures(engine: Engine, target: Target): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const level of LEVELS) {
    const rampStarted = performance.now();
    const held = await holdStreams(target.server, target.user, target.fake, level - 1);
    if (level > 1)
      console.log(`  ${engine}: ${level - 1} streams open in ${ms(performance.now() - rampStarted)}`);
    const probes = await probe(target);
    const earlyEnds = held.endedEarly();
    const released = await held.release();
    if (earlyEnds > 0 || released.failed > 0) {
      throw new Error(
        `${level - 1} held streams: ${earlyEnds} ended early, ${released.failed} without final`,
      );
    }
    figures.push(firstTextFigure(engine, level, 50, probes), firstTextFigure(engine, level, 99, probes));
    if (level === 1) figures.push(cpuFigure(engine, probes));
  }
  return figures;
}

function cpuFigure(engine: Engine, probes: Probes): Figure {
  const figure = {
    name: `${engine} · server CPU time per new chat (1 concurrent)`,
    value: ms(probes.cpuMs),
    target: CPU_TARGET[engine],
  };
  console.log(`  ${figure.name}: ${figure.value}`);
  return figure;
}

/**
 * BURST.size new chats sent at the same moment, then the very requests Parley sent the fake sent to it alone, at
 * the same moment: the added time to first `text` is the difference of the two distributions' percentiles.
 */
async function burstFigures(engine: Engine, target: Target): Promise<Figure[]> {
  const [through, alone] = [[] as number[], [] as number[]];
  for (let round = 0; round < BURST.rounds; round++) {
    const replies = Array.from({ length: BURST.size }, () => REPLY);
    target.fake.script({ replies });
    const asks = Array.from({ length: BURST.size }, () =>
      timeAsk(target.server.url, target.user.headers, newChatBody()),
    );
    through.push(...checked(await Promise.all(asks), 'burst through Parley').map(firstDeltaMs));
    const bodies = target.fake.requests.slice(-BURST.size).map((request) => request.body);
    target.fake.script({ replies });
    const direct = bodies.map((body) => timeCompletion(target.fake.baseURL, body));
    alone.push(...checked(await Promise.all(direct), 'burst to the fake alone').map(firstDeltaMs));
  }
  return ([50, 99] as const).map((p) => {
    const [viaParley, fakeAlone] = [percentile(through, p), percentile(alone, p)];
    const figure: Figure = {
      name: `${engine} · burst: ${BURST.size} new chats sent at once (${BURST.rounds} bursts), server-added time to first \`text\`, p${p}`,
      value: `${ms(viaParley - fakeAlone)} (through Parley ${ms(viaParley)}, fake alone ${ms(fakeAlone)})`,
      target: p === 50 ? '< 30 ms' : '< 60 ms',
    };
    console.log(`  ${figure.name}: ${figure.value}`);
    return figure;
  });
}

/** New chats per second with clients sending back to back (each waits for its stream to end). */
async function saturationFigure(engine: Engine, target: Target): Promise<Figure> {
  const started = performance.now();
  await askMany(target, SATURATION.clients, SATURATION.requests, REPLY);
  const perSecond = SATURATION.requests / ((performance.now() - started) / 1000);
  const figure = {
    name: `${engine} · new chats streamed to the end per second, ${SATURATION.clients} clients back to back`,
    value: `${perSecond.toFixed(0)} /s`,
  };
  console.log(`  ${figure.name}: ${figure.value}`);
  return figure;
}

/** A burst of RELAY_DELTAS deltas: first-to-last delta through Parley minus the fake's own, per delta. */
async function relayFigure(engine: Engine, target: Target): Promise<Figure> {
  const reply = { chunks: Array.from({ length: RELAY_DELTAS }, (_, i) => `tok${i} `), delayMs: 0 };
  const through = await askMany(target, 1, RELAY_RUNS, reply);
  const alone = await completeMany(target.fake, 1, RELAY_RUNS, reply);
  const relayed = Math.min(...through.map((t) => t.deltas));
  const perDelta =
    (percentile(through.map(deltaSpanMs), 50) - percentile(alone.map(deltaSpanMs), 50)) / RELAY_DELTAS;
  const figure = {
    name: `${engine} · relay overhead per delta (${RELAY_DELTAS}-delta burst, median of ${RELAY_RUNS}; ${relayed} \`text\` events out)`,
    value: `${(perDelta * 1000).toFixed(0)} µs`,
  };
  console.log(`  ${figure.name}: ${figure.value}`);
  return figure;
}

async function benchEngine(engine: Engine, fake: FakeOpenAI): Promise<Figure[]> {
  return onEngine(engine, async (env) => {
    const server = await startBenchServer({ ...benchEnv(fake), ...env });
    try {
      const target = { server, user: await registerUser(server.url), fake };
      await askMany(target, 10, WARM_UP, REPLY);
      const figures = await firstTextFigures(engine, target);
      figures.push(...(await burstFigures(engine, target)));
      figures.push(await relayFigure(engine, target), await saturationFigure(engine, target));
      return figures;
    } finally {
      await server.stop();
    }
  });
}

/** Issue 5 "Benchmarks": time to first token added by the server, and per-delta relay cost. */
export async function benchChatLatency(): Promise<Section> {
  const fake = await startFakeOpenAI();
  try {
    const figures: Figure[] = [];
    const loads = [loadAverage()];
    for (const engine of ENGINES) {
      figures.push(...(await benchEngine(engine, fake)));
      loads.push(loadAverage());
    }
    const missed = figures.some(
      (f) => f.target && Number.parseFloat(f.value) >= Number.parseFloat(f.target.slice(2)),
    );
    const load = `The 1-minute load average was ${loads.join(' → ')} over this section.`;
    return {
      title: 'Chat streaming latency (fake OpenAI on loopback)',
      figures,
      note: [CHAT_NOTE, load, missed ? HELD_BACK : ''].join(' ').trim(),
    };
  } finally {
    await fake.close();
  }
}

const CHAT_NOTE = [
  '"N concurrent" means N − 1 other chat streams are open while a probe is sent: each a new conversation whose',
  'reply stalls after its first delta with the upstream connection open, until the bench stops it with the abort',
  `route (all of them must end with \`final\`). Then up to ${PROBES} probes (or ${PROBE_BUDGET_MS / 1000} s) per level, one`,
  'at a time: a new conversation (`POST /api/ask/openAI`) whose reply the fake sends at once; "through Parley" is',
  'the client-observed time from sending it to the first `text` event; "fake alone" is the same percentile when the',
  'bench then sends the fake the exact request Parley sent it; server-added is the difference. Server CPU time is',
  'read from /proc/<pid>/stat, which counts all the threads of the server process (PGlite runs in a worker thread',
  'of it, so its share includes the database). The',
  'bench client, the fake and the server share the 2 cores with other engineers’ test runs, so the latencies are',
  'noisy, p99 most of all. "Burst" is what a busy moment looks like from the client: ' +
    `${BURST.size}` +
    ' new',
  'conversations sent at the same moment and read to their end, then the very requests Parley sent the fake sent',
  'straight to it at the same moment; server-added is the difference of the two percentiles.',
].join(' ');

/** Why the 50-concurrent targets are missed (profiled with the inspector's CPU profiler, PostgreSQL and PGlite). */
const HELD_BACK = [
  '**What holds the targets back:** the time is per request, not per open stream — it is already there with a',
  'single stream, and it is CPU: ~7–9 ms of server CPU per new chat on PostgreSQL, ~13–14 ms on PGlite, on 2',
  'cores shared with the bench client, the fake and other test runs, so every step also waits for a turn. The',
  'provider request now goes out while the turn is saved (one statement), so on PostgreSQL the save is off the',
  'path; what is left before the first `text` is JWT verification, zod, the endpoint and model lookups, token',
  'counting, building an OpenAI SDK client for the request, and event framing. On PGlite every query runs as',
  'WebAssembly in the server’s database worker thread: off the event loop, but one query at a time and on the',
  'same 2 cores, so the save waits behind other runs’ writes (the partial and final saves, the balance service’s',
  '5-statement usage transaction) and still delays the first delta; that shows at p50 and p99.',
].join(' ');
