import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { Redis } from 'ioredis';
import { freePort } from './free-port';

/** A redis-server of its own on a fixed port, which a test may kill and start again. */
export interface PrivateRedis {
  readonly port: number;
  readonly url: string;
  /** Starts the server (again) on the same port and waits until it answers. */
  start(): Promise<void>;
  /** SIGKILL, as a crash would; resolves once the process is gone. */
  kill(): Promise<void>;
}

/** Why no private redis-server can run here, or undefined. Under CI=true its absence fails the run. */
export function privateRedisSkipReason(): string | undefined {
  const probe = spawnSync('redis-server', ['--version'], { stdio: 'ignore' });
  if (probe.status === 0) return undefined;
  const reason = 'redis-server is not installed';
  if (process.env.CI === 'true') throw new Error(`${reason} (CI=true: the Redis fault tests are required)`);
  return reason;
}

async function waitUntilAnswering(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}`);
    const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    redis.on('error', () => undefined);
    const answered = await redis
      .connect()
      .then(() => redis.ping())
      .then(
        () => true,
        () => false,
      );
    redis.disconnect();
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('redis-server did not start');
}

/**
 * A redis-server on a free port, not started yet (`start()` it, or leave it down to test a start without
 * Redis). Nothing is persisted; `kill()` it when done.
 */
export async function privateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  return {
    port,
    url,
    async start() {
      const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
      child = spawn('redis-server', args, { stdio: 'ignore' });
      await waitUntilAnswering(url, child);
    },
    async kill() {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = once(running, 'exit');
      running.kill('SIGKILL');
      await exited;
    },
  };
}
