// Not part of `npm run bench`: profiles new chats with the V8 CPU profiler (issue 14).
//   npx tsx bench/src/profile-new-chat.ts [PGlite|PostgreSQL] [chats] [outDir]
// Starts the built server (server/dist/main.js) with `--cpu-prof`, sends `chats` sequential new chats
// (`POST /api/ask/openAI`, fake OpenAI on loopback) after a warm-up, reads the server's CPU time for them from
// /proc, stops the server (the profiles are written at exit, the PGlite worker's separately) and prints
// `window.json` (the measured window on the profiler's clock) for cpuprofile-summary.ts.
// FIRST_CHAT=1: as per-chat-cost's "first chat after start" instead — 3 s after ready, a sign-up, then the
// measured chats with no warm-up before them (`chats` 1: the first chat alone).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeOpenAI } from '@parley/fakes/openai-server';
import { startParley } from '../../e2e/support/parley-server';
import { benchEnv, onEngine, registerUser, type Engine } from './bench-server';
import { cpuTimeMs, loadAverage } from './proc-readings';
import { newChatBody, timeAsk } from './sse-timing';
import { percentile } from './stats';

const MAIN =
  process.env.BENCH_SERVER_MAIN ?? fileURLToPath(new URL('../../server/dist/main.js', import.meta.url));
const engine = (process.argv[2] ?? 'PGlite') as Engine;
const chats = Number(process.argv[3] ?? 300);
const outDir = process.argv[4] ?? join(tmpdir(), `cpu-prof-${engine}-${Date.now()}`);
const REPLY = { text: 'Hello from the bench, a short reply.', chunkSize: 6 };
/** utime and stime of a process in ms. */
function splitCpuMs(pid: number): number[] {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return [Number(fields[11]) * 10, Number(fields[12]) * 10];
}
const nowUs = () => Number(process.hrtime.bigint() / 1000n);

mkdirSync(outDir, { recursive: true });
const fake = await startFakeOpenAI();
await onEngine(engine, async (env) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-prof-'));
  const server = await startParley(
    { ...benchEnv(fake), ...env },
    {
      main: MAIN,
      dataDir,
      nodeArgs:
        process.env.PROFILE === '0'
          ? []
          : ['--cpu-prof', `--cpu-prof-dir=${outDir}`, '--cpu-prof-interval=200'],
    },
  );
  const { url, pid } = server;
  try {
    const firstChat = process.env.FIRST_CHAT === '1';
    if (firstChat) await new Promise((r) => setTimeout(r, 3000));
    const user = await registerUser(url);
    const ask = async () => {
      fake.script({ replies: [REPLY] });
      const t = await timeAsk(url, user.headers, newChatBody());
      if (t.status !== 200 || !t.completed || t.errors > 0) throw new Error(JSON.stringify(t));
      return (t.firstDelta ?? NaN) - t.started;
    };
    for (let i = 0; i < (firstChat ? 0 : 100); i += 1) await ask();
    if (!firstChat) await new Promise((r) => setTimeout(r, 1500));
    const load = [loadAverage()];
    const splitBefore = splitCpuMs(pid);
    const [startUs, cpuBefore, usage] = [nowUs(), cpuTimeMs(pid), process.cpuUsage()];
    const firstText: number[] = [];
    for (let i = 0; i < chats; i += 1) firstText.push(await ask());
    const cpuMs = (cpuTimeMs(pid) - cpuBefore) / chats;
    const [userMs, systemMs] = splitCpuMs(pid).map((v, i) => (v - splitBefore[i]!) / chats);
    const endUs = nowUs();
    load.push(loadAverage());
    const clientCpuMs = (process.cpuUsage(usage).user + process.cpuUsage(usage).system) / 1000 / chats;
    const summary = {
      engine,
      chats,
      startUs,
      endUs,
      serverCpuMsPerChat: cpuMs,
      serverUserMs: userMs,
      serverSystemMs: systemMs,
      clientCpuMsPerChat: clientCpuMs,
      firstTextP50: percentile(firstText, 50),
      load,
    };
    writeFileSync(join(outDir, 'window.json'), JSON.stringify(summary, null, 2));
    console.log(JSON.stringify(summary));
  } finally {
    // The profiles are written as the server exits.
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
await fake.close();
console.log(outDir);
