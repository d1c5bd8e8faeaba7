// Not part of `npm run bench`: where the server's memory goes after many chats (issue 28).
//   npx tsx bench/src/memory-after-chats.ts [PGlite|PostgreSQL] [chats]
// Starts the built server with memory-probe-preload.ts, signs up and sends one chat, then reads its memory
// ("idle"); sends `chats` new chats (10 at a time, as per-chat-cost does) and reads it again. Each reading is
// taken after the main thread's garbage was collected: the server's RSS (from /proc/<pid>/smaps, the Node
// binary's own mapping apart) and the main thread's V8 heap (used and held) and off-heap buffers.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startFakeOpenAI } from '@parley/fakes/openai-server';
import { startParley } from '../../e2e/support/parley-server';
import { benchEnv, onEngine, registerUser, type Engine } from './bench-server';
import { closedLoop } from './closed-loop';
import { compilePreload } from './compile-preload';
import { loadAverage } from './proc-readings';
import { newChatBody, timeAsk } from './sse-timing';

const engine = (process.argv[2] ?? 'PGlite') as Engine;
const CHATS = Number(process.argv[3] ?? 1000);
const MAIN =
  process.env.BENCH_SERVER_MAIN ?? fileURLToPath(new URL('../../server/dist/main.js', import.meta.url));

interface Probe {
  usage: NodeJS.MemoryUsage;
  heap: { used_heap_size: number; total_heap_size: number };
  spaces: Record<string, number>;
}

/** RSS by kind of mapping, in kB: the Node binary's file, the rest. */
function residentParts(pid: number) {
  const parts = { total: 0, nodeBinary: 0, rest: 0 };
  let kind: keyof typeof parts = 'rest';
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const mapping = /^[0-9a-f]+-[0-9a-f]+ /.exec(line);
    if (mapping) {
      kind = line.endsWith(process.execPath) ? 'nodeBinary' : 'rest';
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) {
      parts[kind] += Number(rss[1]);
      parts.total += Number(rss[1]);
    }
  }
  return parts;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;

const { work, preload, out } = await compilePreload('memory-probe-preload.ts', 'parley-memory-');
let dumps = 0;

async function reading(pid: number) {
  process.kill(pid, 'SIGUSR2');
  const file = `${out}.${++dumps}.json`;
  while (!existsSync(file)) await sleep(20);
  await sleep(50);
  const probe = JSON.parse(readFileSync(file, 'utf8')) as Probe;
  const parts = residentParts(pid);
  return {
    rss: mb(parts.total * 1024),
    nodeBinary: mb(parts.nodeBinary * 1024),
    restOfRss: mb(parts.rest * 1024),
    mainHeapUsed: mb(probe.heap.used_heap_size),
    mainHeapHeld: mb(probe.heap.total_heap_size),
    youngGeneration: mb(probe.spaces.new_space ?? 0),
    external: mb(probe.usage.external),
    arrayBuffers: mb(probe.usage.arrayBuffers),
  };
}

const fake = await startFakeOpenAI();
await onEngine(engine, async (engineEnv) => {
  const server = await startParley(
    { ...benchEnv(fake), PROBE_OUT: out, ...engineEnv },
    { main: MAIN, nodeArgs: ['--expose-gc', '--import', preload] },
  );
  try {
    const user = await registerUser(server.url);
    await timeAsk(server.url, user.headers, newChatBody('Hello, first'));
    await sleep(3000);
    console.log(engine, 'idle', JSON.stringify(await reading(server.pid)));
    let count = 0;
    await closedLoop(10, CHATS, () =>
      timeAsk(server.url, user.headers, newChatBody(`Hello, memory ${++count}`)),
    );
    await sleep(3000);
    console.log(
      engine,
      `after ${CHATS} chats (load ${loadAverage()})`,
      JSON.stringify(await reading(server.pid)),
    );
  } finally {
    await server.stop();
  }
});
await fake.close();
rmSync(work, { recursive: true, force: true });
