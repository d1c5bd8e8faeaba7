import { request } from 'node:http';
import { loadavg } from 'node:os';
import { libreChatFile } from './big-conversations';
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
import { probeHealth } from './health-probe';
import { browserFigures } from './long-conversation-browser';
import type { Figure, Section } from './report';
import { ms, percentile } from './stats';

/**
 * Messages in the one conversation (a linear chain; `BENCH_LONG_MESSAGES` for a quick trial run), readers at
 * once, and first-page samples.
 */
const SIZE = Number(process.env.BENCH_LONG_MESSAGES) || 200_000;
const READERS = 10;
const SAMPLES = 200;
/** How long the ten readers read pages of the path while /health is probed. */
const PAGED_READING_MS = 20_000;

function say(figure: Figure): Figure {
  console.log(`  ${figure.name}: ${figure.value}`);
  return figure;
}

interface Page {
  before: string | null;
}

/**
 * `POST /api/convos/import` over node:http, which waits as long as the import takes (fetch gives up on the
 * answer's headers after 300 s, less than a 200,000-message import on the embedded database of a busy machine).
 */
function importFile(server: BenchServer, user: BenchUser, file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const call = request(
      `${server.url}/api/convos/import`,
      { method: 'POST', headers: { ...user.headers, 'content-type': 'application/json' } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          const id = (JSON.parse(text) as { conversationIds?: string[] }).conversationIds?.[0];
          if (response.statusCode === 200 && id) resolve(id);
          else reject(new Error(`import answered ${response.statusCode}: ${text.slice(0, 300)}`));
        });
      },
    );
    call.on('error', reject);
    call.end(file);
  });
}

/** One GET, its body read whole; the time from sending to the last byte. */
async function timedGet(
  server: BenchServer,
  user: BenchUser,
  path: string,
): Promise<{ ms: number; body: string }> {
  const started = performance.now();
  const response = await fetch(`${server.url}${path}`, { headers: user.headers });
  const body = await response.text();
  if (response.status !== 200)
    throw new Error(`GET ${path} answered ${response.status}: ${body.slice(0, 200)}`);
  return { ms: performance.now() - started, body };
}

/** The first page of the path, sequentially (after 20 unmeasured). */
async function firstPageLatency(server: BenchServer, user: BenchUser, id: string): Promise<string> {
  const samples: number[] = [];
  for (let i = -20; i < SAMPLES; i++) {
    const { ms: took } = await timedGet(server, user, `/api/messages/${id}?limit=100`);
    if (i >= 0) samples.push(took);
  }
  return `p50 ${ms(percentile(samples, 50))}, p99 ${ms(percentile(samples, 99))}`;
}

/** A reader opening the conversation and scrolling back page after page, until `until`. */
async function pagedReader(server: BenchServer, user: BenchUser, id: string, until: number): Promise<number> {
  let pages = 0;
  while (performance.now() < until) {
    let page = JSON.parse((await timedGet(server, user, `/api/messages/${id}?limit=100`)).body) as Page;
    pages += 1;
    for (let back = 0; back < 20 && page.before && performance.now() < until; back++) {
      page = JSON.parse(
        (await timedGet(server, user, `/api/messages/${id}?before=${page.before}&limit=100`)).body,
      ) as Page;
      pages += 1;
    }
  }
  return pages;
}

async function measure(engine: Engine, server: BenchServer, missed: string[]): Promise<Figure[]> {
  let user = await registerUser(server.url);
  const importStarted = performance.now();
  const id = await importFile(server, user, libreChatFile(SIZE, 'long'));
  // An access token lasts 15 minutes; an import on a busy machine may take longer.
  user = await logIn(server.url, user);
  const imported = `imported in ${((performance.now() - importStarted) / 1000).toFixed(0)} s`;
  const figures: Figure[] = [];

  // In the browser, on an otherwise idle server: opening it, and scrolling back through it.
  const browser = await browserFigures(engine, server, user, id, SIZE);
  browser.figures.forEach((figure) => figures.push(say(figure)));
  missed.push(...browser.missed);
  // The browser may have taken longer than an access token lasts.
  user = await logIn(server.url, user);

  // Before: what the web did (every message of every branch, the whole 200,000), ten readers at once.
  let stop = probeHealth(server);
  const started = performance.now();
  const whole = await Promise.all(
    Array.from({ length: READERS }, () => timedGet(server, user, `/api/messages/${id}`).then((r) => r.ms)),
  );
  const bytes = (await timedGet(server, user, `/api/messages/${id}?limit=100`)).body.length;
  figures.push(
    say({
      name: `${engine} · before: /health while ${READERS} readers GET every message (${imported}; slowest read ${(Math.max(...whole) / 1000).toFixed(1)} s, all done in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
      value: await stop(),
      target: '< 200 ms p99',
    }),
  );

  // After: the first page of the path, and ten readers scrolling back page by page.
  user = await logIn(server.url, user);
  figures.push(
    say({
      name: `${engine} · after: first page of the path (100 of ${SIZE.toLocaleString('en')} messages), client-observed on loopback`,
      value: await firstPageLatency(server, user, id),
      target: '< 30 ms p50',
    }),
  );
  stop = probeHealth(server);
  const until = performance.now() + PAGED_READING_MS;
  const pages = await Promise.all(
    Array.from({ length: READERS }, () => pagedReader(server, user, id, until)),
  );
  figures.push(
    say({
      name: `${engine} · after: /health while ${READERS} readers open it and scroll back (${pages.reduce((a, b) => a + b, 0)} pages of 100 in ${PAGED_READING_MS / 1000} s; ~${Math.round(bytes / 1024)} kB a page)`,
      value: await stop(),
      target: '< 200 ms p99',
    }),
  );
  return figures;
}

/**
 * Long conversations (issue 26): a 200,000-message conversation read the old way (every message) and as
 * pages of its path, by ten readers at once, while another user's /health is probed.
 */
export async function benchLongConversations(): Promise<Section> {
  const figures: Figure[] = [];
  const loads: string[] = [];
  const missed: string[] = [];
  // `BENCH_ENGINES=PostgreSQL` (or PGlite) measures one engine only.
  const only = process.env.BENCH_ENGINES?.split(',');
  for (const engine of ENGINES.filter((name) => !only || only.includes(name))) {
    loads.push(loadavg()[0]?.toFixed(1) ?? '?');
    figures.push(
      ...(await onEngine(engine, async (env) => {
        const server = await startBenchServer({ ...benchEnv(), ...env });
        try {
          return await measure(engine, server, missed);
        } finally {
          await server.stop();
        }
      })),
    );
  }
  loads.push(loadavg()[0]?.toFixed(1) ?? '?');
  return {
    title: 'Long conversations: the path instead of the tree (issue 26)',
    figures,
    note:
      `One user imports one linear conversation of ${SIZE.toLocaleString('en')} messages (LibreChat export). ` +
      `"Before" is what the web asked for until issue 26 (\`GET /api/messages/{id}\`, every message), ${READERS} readers ` +
      `at once; "after" is \`GET /api/messages/{id}?limit=100\` (the first page of the path: ${SAMPLES} sequential ` +
      `requests after 20 unmeasured, client-observed on loopback, so an upper bound of the server's time) and ` +
      `${READERS} readers each opening the conversation and scrolling back 20 pages with \`before\`, over and over for ` +
      `${PAGED_READING_MS / 1000} s. Both in the same run on the same server. /health is probed back to back (10 ms apart). ` +
      `The browser figures come first, on the otherwise idle server: headless Debian Chromium (playwright-core) at ` +
      `1280×800 signs in as that user, opens \`/c/{id}\` after one warm-up load (time from navigation start to the ` +
      `newest message intersecting the log), then wheels the log up 1,200 px every 40 ms until the message 2,000 ` +
      `before the newest is on screen, the web loading older pages of the path on the way; a frame is the time ` +
      `between two animation frames while it scrolls, long tasks come from a \`longtask\` PerformanceObserver. ` +
      `The 1-minute load average was ${loads.join(' → ')} over this section (2 cores shared with other engineers).` +
      (missed.length > 0 ? ` Missed targets: ${missed.join('; ')}.` : ''),
  };
}
