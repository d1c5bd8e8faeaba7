// Not part of `npm run bench`: counts the server's system calls per new chat with strace (issue 28).
//   npx tsx bench/src/syscalls-per-chat.ts [PGlite|PostgreSQL] [chats]
// Starts the built server, warms it up, then traces `chats` sequential new chats (titles on) and prints
// strace's per-call counts divided by the number of chats.
import { spawn } from 'node:child_process';
import { startFakeOpenAI } from '@parley/fakes/openai-server';
import { benchEnv, onEngine, registerUser, startBenchServer, type Engine } from './bench-server';
import { newChatBody, timeAsk } from './sse-timing';

const engine = (process.argv[2] ?? 'PostgreSQL') as Engine;
const chats = Number(process.argv[3] ?? 100);
const fake = await startFakeOpenAI();
await onEngine(engine, async (env) => {
  const server = await startBenchServer({ ...benchEnv(fake), TITLE_CONVO: 'true', ...env });
  try {
    const user = await registerUser(server.url);
    const ask = async () => {
      const t = await timeAsk(server.url, user.headers, newChatBody());
      if (t.status !== 200 || !t.completed) throw new Error(JSON.stringify(t));
    };
    for (let i = 0; i < 30; i++) await ask();
    await new Promise((r) => setTimeout(r, 1000));
    const args = process.env.TRACE_LOG
      ? ['-f', '-e', 'trace=writev,write,read', '-s', '60', '-o', process.env.TRACE_LOG]
      : ['-f', '-c'];
    const strace = spawn('strace', [...args, '-p', String(server.pid)], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let report = '';
    strace.stderr.on('data', (chunk: Buffer) => (report += chunk.toString()));
    await new Promise((r) => setTimeout(r, 1000));
    for (let i = 0; i < chats; i++) await ask();
    await new Promise((r) => setTimeout(r, 1000));
    strace.kill('SIGINT');
    await new Promise((r) => strace.once('exit', r));
    for (const line of report.split('\n')) {
      const cols = line.trim().split(/\s+/);
      const calls = Number(cols[3]);
      const name = cols.at(-1);
      if (Number.isFinite(calls) && name && calls >= chats / 2)
        console.log(`${(calls / chats).toFixed(1).padStart(7)}  ${name}`);
    }
  } finally {
    await server.stop();
  }
});
await fake.close();
