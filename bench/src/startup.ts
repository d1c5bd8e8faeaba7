import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startParley } from '../../e2e/support/parley-server';
import { percentile, ms } from './stats';
import type { Section } from './report';

const DIST = fileURLToPath(new URL('../../server/dist', import.meta.url));
/** A copy of the build without its prepared database, beside it (so packages and migrations resolve alike). */
const WITHOUT_TEMPLATE = fileURLToPath(new URL('../../server/.bench-dist-without-template', import.meta.url));

/** Process start to ready, median of `runs`, each on a new data dir (or `dataDir`, kept). */
async function startToReady(
  runs: number,
  options: { main?: string; dataDir?: string } = {},
): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const server = await startParley({}, options);
    times.push(performance.now() - started);
    await server.stop();
  }
  return percentile(times, 50);
}

/**
 * Start to ready on a fresh data dir (the build's prepared database unpacked), the same without that
 * database (initdb and every migration, as before issue 28), and a later start on an existing data dir.
 */
export async function benchStartup(): Promise<Section> {
  rmSync(WITHOUT_TEMPLATE, { recursive: true, force: true });
  cpSync(DIST, WITHOUT_TEMPLATE, {
    recursive: true,
    filter: (source) => !source.includes('embedded-template.tar.gz'),
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-bench-later-'));
  try {
    const fresh = await startToReady(3);
    const freshInitdb = await startToReady(3, { main: join(WITHOUT_TEMPLATE, 'main.js') });
    await startToReady(1, { dataDir });
    const later = await startToReady(3, { dataDir });
    const latency = await benchConfigLatency();
    return {
      title: 'Start-up and a public route (PGlite)',
      figures: [
        {
          name: 'start to ready, fresh DATA_DIR: the prepared database unpacked (median of 3)',
          value: ms(fresh),
          target: '≤ 2 s',
        },
        {
          name: 'before: the same with initdb and every migration (median of 3, same run)',
          value: ms(freshInitdb),
        },
        {
          name: 'start to ready, a later start on the same DATA_DIR (median of 3)',
          value: ms(later),
          target: '≤ 1 s',
        },
        { name: 'GET /api/config p50 (1,000 sequential)', value: ms(latency.p50) },
        { name: 'GET /api/config p99 (1,000 sequential)', value: ms(latency.p99) },
      ],
    };
  } finally {
    rmSync(WITHOUT_TEMPLATE, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
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
