import { startParley } from '../../e2e/support/parley-server';
import { percentile, ms } from './stats';
import type { Section } from './report';

/** Cold start (fresh data dir: PGlite initdb + migrations) and warm restart, server process to ready. */
export async function benchStartup(): Promise<Section> {
  const cold: number[] = [];
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    const server = await startParley();
    cold.push(performance.now() - started);
    await server.stop();
  }
  const latency = await benchConfigLatency();
  return {
    title: 'Start-up and a public route (PGlite)',
    figures: [
      {
        name: 'cold start to ready, fresh DATA_DIR (median of 3)',
        value: ms(percentile(cold, 50)),
        target: '< 10 s',
      },
      { name: 'GET /api/config p50 (1,000 sequential)', value: ms(latency.p50) },
      { name: 'GET /api/config p99 (1,000 sequential)', value: ms(latency.p99) },
    ],
  };
}

async function benchConfigLatency(): Promise<{ p50: number; p99: number }> {
  const server = await startParley({ LOG_LEVEL: 'error' });
  try {
    const samples: number[] = [];
    for (let i = 0; i < 1100; i++) {
      const started = performance.now();
      const response = await fetch(`${server.url}/api/config`);
      await response.arrayBuffer();
      if (i >= 100) samples.push(performance.now() - started);
    }
    return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
  } finally {
    await server.stop();
  }
}
