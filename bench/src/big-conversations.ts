import { loadavg } from 'node:os';
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
import { probeHealth } from './health-probe';
import type { Figure, Section } from './report';
import { ms, percentile } from './stats';

/** The largest import the default limits allow (`IMPORT_MAX_MESSAGES`): the 38 MB LibreChat file. */
const HUGE = 200_000;
const OPEN = 2_000;
const SAMPLES = 100;

function say(figure: Figure): Figure {
  console.log(`  ${figure.name}: ${figure.value}`);
  return figure;
}

/** A LibreChat export of one linear conversation of `count` messages, ~45 characters of text and ~190 bytes of JSON each. */
export function libreChatFile(count: number, title: string): string {
  const messages = Array.from({ length: count }, (_, i) => ({
    messageId: `m${i}`,
    parentMessageId: i === 0 ? '00000000-0000-0000-0000-000000000000' : `m${i - 1}`,
    sender: i % 2 === 0 ? 'User' : 'GPT-4',
    isCreatedByUser: i % 2 === 0,
    text: `Message ${i}: one more line of a very long chat.`,
    createdAt: new Date(Date.UTC(2024, 0, 1) + i * 1000).toISOString(),
  }));
  return JSON.stringify({ conversationId: `bench-${title}`, title, endpoint: 'openAI', messages });
}

async function timed(body: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await body();
  return performance.now() - started;
}

async function importFile(server: BenchServer, user: BenchUser, file: string): Promise<string> {
  const response = await fetch(`${server.url}/api/convos/import`, {
    method: 'POST',
    headers: { ...user.headers, 'content-type': 'application/json' },
    body: file,
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`import answered ${response.status}: ${text.slice(0, 300)}`);
  const result = JSON.parse(text) as { conversationIds: string[] };
  const id = result.conversationIds[0];
  if (!id) throw new Error(`import returned no conversation: ${text.slice(0, 300)}`);
  return id;
}

async function download(server: BenchServer, user: BenchUser, path: string): Promise<number> {
  const response = await fetch(`${server.url}${path}`, { headers: user.headers });
  const body = await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
  return body.byteLength;
}

/** Sequential GETs of the conversation's messages (after 20 unmeasured), client-observed on loopback. */
async function openLatency(server: BenchServer, user: BenchUser, conversationId: string): Promise<string> {
  const samples: number[] = [];
  for (let i = -20; i < SAMPLES; i++) {
    const took = await timed(async () => {
      await download(server, user, `/api/messages/${conversationId}`);
    });
    if (i >= 0) samples.push(took);
  }
  return `p50 ${ms(percentile(samples, 50))}, p99 ${ms(percentile(samples, 99))}`;
}

async function measure(engine: Engine, server: BenchServer): Promise<Figure[]> {
  const user = await registerUser(server.url);
  const figures: Figure[] = [];
  const small = await importFile(server, user, libreChatFile(OPEN, 'open'));
  figures.push(
    say({
      name: `${engine} · GET /api/messages/{id} of a ${OPEN.toLocaleString('en')}-message conversation`,
      value: await openLatency(server, user, small),
      target: '< 30 ms',
    }),
  );
  const file = libreChatFile(HUGE, 'huge');
  const size = `${(Buffer.byteLength(file) / 1024 / 1024).toFixed(1)} MB`;
  let huge = '';
  let failure = '';
  let stop = probeHealth(server);
  const importMs = await timed(async () => {
    huge = await importFile(server, user, file).catch((error: unknown) => {
      failure =
        error instanceof Error ? `${error.message} ${String(error.cause ?? '')}`.trim() : String(error);
      return '';
    });
  });
  const outcome = failure
    ? `failed after ${(importMs / 1000).toFixed(1)} s: ${failure}`
    : `took ${(importMs / 1000).toFixed(1)} s`;
  figures.push(
    say({
      name: `${engine} · /health while importing ${HUGE.toLocaleString('en')} messages (${size}; ${outcome})`,
      value: await stop(),
      target: '< 200 ms',
    }),
  );
  if (!huge) return figures;
  stop = probeHealth(server);
  let bytes = 0;
  const readMs = await timed(async () => {
    bytes = await download(server, user, `/api/messages/${huge}`);
  });
  figures.push(
    say({
      name: `${engine} · /health while GET /api/messages/{id} of it answers (${(bytes / 1024 / 1024).toFixed(1)} MB in ${(readMs / 1000).toFixed(1)} s)`,
      value: await stop(),
      target: '< 200 ms',
    }),
  );
  stop = probeHealth(server);
  const exportMs = await timed(async () => {
    bytes = await download(server, user, '/api/convos/export');
  });
  figures.push(
    say({
      name: `${engine} · /health while the full export streams (${(bytes / 1024 / 1024).toFixed(1)} MB in ${(exportMs / 1000).toFixed(1)} s)`,
      value: await stop(),
      target: '< 200 ms',
    }),
  );
  return figures;
}

/**
 * Big conversations: what one user's huge import, read and export cost everyone else (issue 11), and how
 * fast a 2,000-message conversation's messages are answered (issue 14 "Messages").
 */
export async function benchBigConversations(): Promise<Section> {
  const figures: Figure[] = [];
  const loads: string[] = [];
  for (const engine of ENGINES) {
    loads.push(loadavg()[0]?.toFixed(1) ?? '?');
    figures.push(
      ...(await onEngine(engine, async (env) => {
        const server = await startBenchServer({ ...benchEnv(), ...env });
        try {
          return await measure(engine, server);
        } finally {
          await server.stop();
        }
      })),
    );
  }
  loads.push(loadavg()[0]?.toFixed(1) ?? '?');
  return {
    title: 'Big conversations (import, read, export)',
    figures,
    note:
      `One user; each file is a LibreChat export of one linear conversation (~190 bytes of JSON a message, like the 38 MB file of issue 11), sent ` +
      `as \`POST /api/convos/import\`. The GET latency is client-observed on loopback, ${SAMPLES} sequential ` +
      `requests after 20 unmeasured ones. /health is probed from the bench process back to back (10 ms apart) ` +
      `while the operation runs; "worst" is the slowest probe; the share of the time the server's main thread ` +
      `was ready to run but waited for a CPU (schedstat) says how much of it the machine's load explains ` +
      `(test: \`server/src/import/big-import.test.ts\` holds the CPU each turn takes). The 1-minute load average was ` +
      `${loads.join(' → ')} over this section (2 cores shared with other engineers' test runs).`,
  };
}
