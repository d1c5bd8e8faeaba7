// The probe every server bench uses to see what another user waits: GET /health sent back to back from the bench
// process (not the server's), 10 ms apart, until stopped.
import type { BenchServer } from './bench-server';
import { cpuWaitMs } from './proc-readings';
import { ms, percentile } from './stats';

/** Starts probing `server`; the returned function stops and answers the worst and p99 (and failures, CPU wait). */
export function probeHealth(server: BenchServer): () => Promise<string> {
  const samples: number[] = [];
  let failures = 0;
  let running = true;
  const started = performance.now();
  const waitedBefore = cpuWaitMs(server.pid);
  const done = (async () => {
    while (running) {
      const sent = performance.now();
      try {
        const response = await fetch(`${server.url}/health`);
        await response.arrayBuffer();
        if (!response.ok) failures += 1;
      } catch {
        failures += 1;
      }
      samples.push(performance.now() - sent);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  return async () => {
    running = false;
    await done;
    const failed = failures > 0 ? `, ${failures} failed` : '';
    const waitedAfter = cpuWaitMs(server.pid);
    const waited =
      waitedBefore === null || waitedAfter === null
        ? ''
        : `; the server's thread waited for a CPU ${(((waitedAfter - waitedBefore) / (performance.now() - started)) * 100).toFixed(0)}% of the time`;
    return `worst ${ms(Math.max(...samples))}, p99 ${ms(percentile(samples, 99))} (${samples.length} probes${failed}${waited})`;
  };
}
