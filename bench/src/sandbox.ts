// The code interpreter's sandbox (server/src/sandbox, issue 22): OS processes under bubblewrap — CPython, or
// Pyodide in Node where python3 is missing. Per backend: cold start, warm and kept-interpreter `print(1)`;
// pandas + a matplotlib PNG on CPython; another user's `print(1)` while one user's two endless loops run; 20
// runs at once on 2 cores (issue 23) with the peak memory of the bench process and its sandbox processes and
// the worst delay of the bench's event loop, which hosts the pool as the server's does.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { detectSandbox } from '../../server/src/sandbox/detect';
import {
  createSandboxPool,
  type PythonRunRequest,
  type PythonRunResult,
  type SandboxBackend,
  type SandboxPool,
  type SandboxPoolOptions,
} from '../../server/src/sandbox/index';
import { childrenSettled, watchTreeMemory } from './process-tree';
import { cpuWaitMs, loadAverage, mb } from './proc-readings';
import type { Figure, Section } from './report';
import { ms, percentile } from './stats';

const COLD_SAMPLES = 3;
const WARM_SAMPLES = 10;
const PLOT_SAMPLES = 5;
const LOOP_LIMIT_MS = 20_000;
const PROBES_DURING_LOOPS = 10;
const PROBE_GAP_MS = 1_000;
const CONCURRENT_RUNS = 20;
const SAMPLE_EVERY_MS = 100;

type LiveBackend = Exclude<SandboxBackend, { kind: 'off' }>;

const PLOT = [
  'import pandas as pd, matplotlib.pyplot as plt',
  "frame = pd.DataFrame({'x': range(200), 'y': [i * i for i in range(200)]})",
  "frame.plot(x='x', y='y')",
  "plt.savefig('plot.png')",
  'print(len(frame))',
].join('\n');

const BUSY_WORK = (i: number): string =>
  `total = sum(n * n for n in range(200_000))\nopen('out.txt', 'w').write(str(total))\nprint(${i}, total)`;

async function timed(pool: SandboxPool, request: PythonRunRequest): Promise<[number, PythonRunResult]> {
  const started = performance.now();
  const result = await pool.run(request);
  return [performance.now() - started, result];
}

function expectPrinted(result: PythonRunResult, stdout: string, what: string): void {
  if (result.stdout !== stdout || result.failure !== undefined || result.error !== undefined) {
    throw new Error(`${what} failed: ${JSON.stringify(result)}`);
  }
}

const p50max = (samples: number[]): string =>
  `p50 ${ms(percentile(samples, 50))}, max ${ms(Math.max(...samples))}`;

/** When a process started ahead was last seen busy, to the 100 ms poll (under 100: idle by the second poll). */
const loadedIn = (elapsed: number): string =>
  elapsed < 100 ? 'within 0.1 s' : `~${(elapsed / 1000).toFixed(1)} s`;

/** Each distinct failure (or Python error) of a set of runs, with how many runs it ended. */
function failures(results: PythonRunResult[]): string {
  const counts = new Map<string, number>();
  for (const result of results) {
    const why = result.failure ?? result.error;
    if (why !== undefined) counts.set(why, (counts.get(why) ?? 0) + 1);
  }
  return [...counts].map(([why, count]) => `${count} × “${why.trim()}”`).join('; ');
}

/**
 * Runs `code` `count + 1` times in one conversation's kept interpreter (issue 23 item 2); answers the times of
 * the runs after the first (which takes a process like a one-off run).
 */
async function sessionTimes(
  pool: SandboxPool,
  code: string,
  stdout: string,
  count: number,
): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i <= count; i++) {
    await childrenSettled();
    const [took, result] = await timed(pool, { userId: 'bench', session: 'conversation', code, files: [] });
    expectPrinted(result, stdout, `run ${i + 1} in a kept interpreter`);
    if (i > 0) times.push(took);
  }
  return times;
}

/** Cold start (the process started at the request) and warm `print(1)` (started ahead and loaded). */
async function startFigures(backend: LiveBackend): Promise<Figure[]> {
  const print = { userId: 'bench', code: 'print(1)', files: [] };
  const coldPool = createSandboxPool({ backend, warm: 0, capacity: 1 });
  const cold: number[] = [];
  for (let i = 0; i < COLD_SAMPLES; i++) {
    await childrenSettled();
    const [took, result] = await timed(coldPool, print);
    expectPrinted(result, '1\n', `${backend.kind} cold print(1)`);
    cold.push(took);
  }
  await coldPool.close();

  const warmPool = createSandboxPool({ backend, warm: 1, capacity: 1 });
  const warm: number[] = [];
  const loading: number[] = [];
  for (let i = 0; i < WARM_SAMPLES; i++) {
    await warmPool.ready();
    loading.push(await childrenSettled());
    const [took, result] = await timed(warmPool, print);
    expectPrinted(result, '1\n', `${backend.kind} warm print(1)`);
    warm.push(took);
  }
  const kept = await sessionTimes(warmPool, 'print(1)', '1\n', WARM_SAMPLES);
  await warmPool.close();
  return [
    {
      name: `${backend.kind} · cold start to print(1) done (${COLD_SAMPLES} runs, process started at the request)`,
      value: `median ${ms(percentile(cold, 50))}, max ${ms(Math.max(...cold))}`,
    },
    {
      name: `${backend.kind} · warm print(1) (${WARM_SAMPLES} runs, process started ahead and loaded)`,
      value: `${p50max(warm)} (the next process had loaded ${loadedIn(percentile(loading, 50))} after the previous run)`,
    },
    {
      name: `${backend.kind} · print(1) in a conversation's kept interpreter (${WARM_SAMPLES} runs after its first)`,
      value: p50max(kept),
    },
  ];
}

/** pandas imported and a matplotlib PNG written in a warm CPython process (the imports are in the run), then in a kept one. */
async function plotFigures(backend: LiveBackend): Promise<Figure[]> {
  const pool = createSandboxPool({ backend, warm: 1, capacity: 1 });
  const took: number[] = [];
  for (let i = 0; i < PLOT_SAMPLES; i++) {
    await pool.ready();
    await childrenSettled();
    const [elapsed, result] = await timed(pool, { userId: 'bench', code: PLOT, files: [] });
    expectPrinted(result, '200\n', 'pandas + matplotlib');
    if (!result.files.some((file) => file.name === 'plot.png' && file.mimeType === 'image/png')) {
      throw new Error(`no plot.png came back: ${JSON.stringify(result.notes)}`);
    }
    took.push(elapsed);
  }
  const kept = await sessionTimes(pool, PLOT, '200\n', PLOT_SAMPLES);
  await pool.close();
  return [
    { name: `python · pandas import + a matplotlib PNG, warm (${PLOT_SAMPLES} runs)`, value: p50max(took) },
    {
      name: `python · the same in a conversation's kept interpreter, pandas already imported (${PLOT_SAMPLES} runs after its first)`,
      value: p50max(kept),
    },
  ];
}

/** User A starts two endless loops on the default pool; user B then runs `print(1)` one after another. */
async function loopFigures(backend: LiveBackend): Promise<Figure[]> {
  const pool = createSandboxPool({ backend });
  await pool.ready();
  await childrenSettled();
  const started = performance.now();
  const loop = { userId: 'user-a', code: 'while True: pass', files: [], timeoutMs: LOOP_LIMIT_MS };
  const loops = [pool.run(loop), pool.run(loop)].map((run) =>
    run.then((result) => ({ result, endedAt: performance.now() - started })),
  );
  const latencies: number[] = [];
  for (let i = 0; i < PROBES_DURING_LOOPS; i++) {
    await sleep(PROBE_GAP_MS);
    const [took, result] = await timed(pool, { userId: 'user-b', code: 'print(1)', files: [] });
    expectPrinted(result, '1\n', "user B's print(1)");
    latencies.push(took);
  }
  const probesEnded = performance.now() - started;
  const [first, second] = await Promise.all(loops);
  await pool.close();
  if (!first?.result.timedOut || !second?.result.timedOut) throw new Error("user A's loops did not time out");
  if (probesEnded > first.endedAt) throw new Error("user B's runs outlasted user A's first loop");
  return [
    {
      name: `python · user B's print(1) while user A's two \`while True: pass\` runs (${LOOP_LIMIT_MS / 1000} s limit) hold the default pool (capacity 2, 1 per user; ${PROBES_DURING_LOOPS} runs, 1 s apart)`,
      value: p50max(latencies),
      target: 'no wait for A’s loops',
    },
    {
      name: "python · user A's two loops stopped at their limit, one after the other (1 per user)",
      value: `after ${(first.endedAt / 1000).toFixed(1)} s and ${(second.endedAt / 1000).toFixed(1)} s`,
    },
  ];
}

/** 20 runs of 20 users submitted at once; the pool's queues decide how many are taken. */
async function burst(options: SandboxPoolOptions) {
  const pool = createSandboxPool(options);
  await pool.ready();
  await childrenSettled();
  const memory = watchTreeMemory(SAMPLE_EVERY_MS, 'bwrap');
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const waitedBefore = cpuWaitMs(process.pid);
  const started = performance.now();
  const results = await Promise.all(
    Array.from({ length: CONCURRENT_RUNS }, (_, i) =>
      pool.run({
        userId: `bench-${i}`,
        code: BUSY_WORK(i),
        files: [{ name: 'in.csv', bytes: new TextEncoder().encode('a,b\n1,2\n') }],
      }),
    ),
  );
  const elapsed = performance.now() - started;
  const waitedAfter = cpuWaitMs(process.pid);
  delay.disable();
  const peak = memory.stop();
  await pool.close();
  const done = results.filter(
    (r) => r.failure === undefined && r.error === undefined && r.files.length === 1,
  );
  return {
    done: done.length,
    failures: failures(results),
    seconds: elapsed / 1000,
    peak,
    cpuWait: waitedBefore === null || waitedAfter === null ? null : (waitedAfter - waitedBefore) / elapsed,
    delayMax: delay.max / 1e6,
    delayP99: delay.percentile(99) / 1e6,
  };
}

async function burstFigures(backend: LiveBackend): Promise<Figure[]> {
  const queued = await burst({ backend });
  const { peak } = queued;
  return [
    {
      name: `${backend.kind} · ${CONCURRENT_RUNS} runs of ${CONCURRENT_RUNS} users at once, default pool (2 at a time, up to 32 waiting)`,
      value:
        `${queued.done}/${CONCURRENT_RUNS} without failure in ${queued.seconds.toFixed(1)} s` +
        (queued.failures ? `; ${queued.failures}` : ''),
      target: `${CONCURRENT_RUNS}/${CONCURRENT_RUNS}`,
    },
    {
      name: `${backend.kind} · peak memory meanwhile: bench process + its bwrap process trees (sum of RSS, sampled every ${SAMPLE_EVERY_MS} ms)`,
      value: `${mb(peak.rss)} (of it anonymous ${mb(peak.anon)}; the sandbox processes ${mb(peak.childrenRss)}, at most ${peak.children} bwrap trees at once)`,
    },
    {
      name: `${backend.kind} · worst event-loop delay of the bench process meanwhile (monitorEventLoopDelay)`,
      value:
        `${ms(queued.delayMax)}, p99 ${ms(queued.delayP99)} (its thread waited for a CPU ` +
        `${queued.cpuWait === null ? '?' : `${(queued.cpuWait * 100).toFixed(0)}%`} of the time; ` +
        `one /proc sample took at most ${ms(peak.slowestSampleMs)})`,
    },
  ];
}

export async function benchSandbox(): Promise<Section> {
  const loads = [loadAverage()];
  const figures: Figure[] = [];
  for (const only of ['python', 'pyodide'] as const) {
    const backend = await detectSandbox({ only });
    if (backend.kind === 'off') {
      figures.push({ name: `${only} backend`, value: `unavailable: ${backend.reason}` });
      continue;
    }
    figures.push(...(await startFigures(backend)));
    loads.push(loadAverage());
    if (
      backend.kind === 'python' &&
      ['pandas', 'matplotlib'].every((name) => backend.packages.includes(name))
    ) {
      figures.push(...(await plotFigures(backend)));
    }
    if (backend.kind === 'python') {
      figures.push(...(await loopFigures(backend)));
      loads.push(loadAverage());
    }
    figures.push(...(await burstFigures(backend)));
    loads.push(loadAverage());
  }
  return {
    title: 'Code interpreter sandbox (a process per run under bubblewrap)',
    figures,
    note:
      `A one-off run is a fresh interpreter process under bubblewrap, killed afterwards; a conversation's runs go to ` +
      `its kept process (variables, imports and /mnt/data stay). "Cold" starts the process at ` +
      `the request (bwrap, prlimit, the interpreter and the runner); "warm" is the pool's normal case: a process ` +
      `started ahead and waited on until none of its threads ran or waited to run, so its interpreter had loaded ` +
      `(a run sooner after the previous one waits for the rest of that load). Memory is sampled from ` +
      `/proc/<pid>/status for the bench process and each bwrap process below it with its children (the ` +
      `interpreters); the sum of RSS counts shared pages (libpython, Node, the Pyodide files) once per process, so ` +
      `it overstates what the tree takes; the anonymous part (RssAnon) is each process's own. The event-loop delay ` +
      `is the bench process's, where the pool runs as in the server (the /proc sampling runs there too). ` +
      `1-minute load average over the section: ${loads.join(' → ')} (the machine is shared with other engineers' test runs).`,
  };
}
