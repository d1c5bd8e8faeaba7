// The code interpreter's Python sandbox (server/src/sandbox): cold start of one interpreter, a warm
// `print(1)`, and 20 code-interpreter runs at once on this 2-core machine (all must complete without error).
// In-process: the workers are threads of the bench process, so its peak resident memory is theirs plus the
// bench's own.
import { createSandboxPool } from '../../server/src/sandbox/index';
import { loadAverage, mb, residentMemory } from './proc-readings';
import type { Figure, Section } from './report';
import { ms, percentile } from './stats';

const COLD_SAMPLES = 3;
const WARM_SAMPLES = 10;
const CONCURRENT_RUNS = 20;

export async function benchSandbox(): Promise<Section> {
  const loads = [loadAverage()];
  const figures: Figure[] = [];

  const cold: number[] = [];
  for (let i = 0; i < COLD_SAMPLES; i++) {
    const pool = createSandboxPool({ warm: 0, capacity: 1 });
    const started = performance.now();
    const result = await pool.run({ userId: 'bench', code: 'print(1)', files: [] });
    cold.push(performance.now() - started);
    if (result.stdout !== '1\n') throw new Error(`cold print(1) failed: ${JSON.stringify(result)}`);
    await pool.close();
  }
  figures.push({
    name: `sandbox cold start to print(1) done (median of ${COLD_SAMPLES})`,
    value: ms(percentile(cold, 50)),
  });
  loads.push(loadAverage());

  const warmPool = createSandboxPool({ warm: 1, capacity: 1 });
  const warm: number[] = [];
  for (let i = 0; i < WARM_SAMPLES; i++) {
    await warmPool.ready();
    const started = performance.now();
    const result = await warmPool.run({ userId: 'bench', code: 'print(1)', files: [] });
    warm.push(performance.now() - started);
    if (result.stdout !== '1\n') throw new Error(`warm print(1) failed: ${JSON.stringify(result)}`);
  }
  await warmPool.close();
  figures.push({
    name: `warm print(1) p50 (${WARM_SAMPLES} runs, an interpreter loaded ahead)`,
    value: ms(percentile(warm, 50)),
  });
  figures.push({ name: `warm print(1) p99 (${WARM_SAMPLES} runs)`, value: ms(percentile(warm, 99)) });
  loads.push(loadAverage());

  const pool = createSandboxPool();
  await pool.ready();
  const started = performance.now();
  const results = await Promise.all(
    Array.from({ length: CONCURRENT_RUNS }, (_, i) =>
      pool.run({
        userId: `bench-${i}`,
        code: `total = sum(n * n for n in range(200_000))\nopen('out.txt', 'w').write(str(total))\nprint(${i}, total)`,
        files: [{ name: 'in.csv', bytes: new TextEncoder().encode('a,b\n1,2\n') }],
      }),
    ),
  );
  const elapsed = performance.now() - started;
  await pool.close();
  const failed = results.filter((result) => result.error !== undefined || result.files.length !== 1);
  figures.push({
    name: `${CONCURRENT_RUNS} concurrent runs (default pool: 2 at a time, 1 warm), all completed`,
    value: `${CONCURRENT_RUNS - failed.length}/${CONCURRENT_RUNS} without error in ${(elapsed / 1000).toFixed(1)} s`,
    target: `${CONCURRENT_RUNS}/${CONCURRENT_RUNS}`,
  });
  figures.push({
    name: 'bench process peak resident memory (VmHWM, workers included)',
    value: mb(residentMemory(process.pid).peak),
  });
  loads.push(loadAverage());

  return {
    title: 'Code interpreter sandbox (Pyodide in worker threads)',
    figures,
    note:
      `Each run gets a fresh interpreter in its own worker thread, which is terminated afterwards (no state carries ` +
      `from one user's code to the next); the pool loads one ahead, so "warm" is a run whose interpreter was ` +
      `already loaded and "cold" includes loading Pyodide (WebAssembly compile and the standard library). The ` +
      `concurrent runs queue for the pool's 2 slots, so their wall time is ~10 cold starts on 2 cores. ` +
      `1-minute load average over the section: ${loads.join(' → ')} (the machine is shared with other engineers' test runs).`,
  };
}
