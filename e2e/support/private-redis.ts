import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { connect } from 'node:net';
import { freePort } from './parley-server';

export interface PrivateRedis {
  url: string;
  stop(): Promise<void>;
}

/** True once something on the port answers PING with PONG. */
function pong(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

async function waitForPong(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}`);
    if (await pong(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('redis-server did not start');
}

/**
 * A redis-server of the journey's own on a free port, persisting nothing: Parley has no key prefix
 * setting, so instances under test must not share a Redis with anything else.
 */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
  const child = spawn('redis-server', args, { stdio: 'ignore' });
  await waitForPong(port, child);
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}
