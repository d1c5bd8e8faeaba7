import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MAIN = join(ROOT, 'server/dist/main.js');

/**
 * A fresh data dir is migrated at boot; on a busy shared machine that alone can take half a minute
 * (PARLEY_READY_TIMEOUT_MS raises it where processes can be paused for minutes).
 */
const READY_TIMEOUT_MS = Number(process.env.PARLEY_READY_TIMEOUT_MS) || 90_000;

export interface ParleyServer {
  url: string;
  dataDir: string;
  /** The server process (benchmarks read its CPU and memory from /proc). */
  pid: number;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts the built server (`server/dist/main.js`) on a free port with a throw-away DATA_DIR and the given
 * environment; resolves once it prints its ready line.
 */
export async function startParley(
  env: Record<string, string> = {},
  options: {
    port?: number;
    /** Another build's main.js (bench "before" figures). */
    main?: string;
    /** An existing DATA_DIR to start on (kept at stop); default a throw-away one. */
    dataDir?: string;
    /** Node's own flags before main.js (a CPU profile, a preloaded probe). */
    nodeArgs?: string[];
  } = {},
): Promise<ParleyServer> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'parley-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), options.main ?? MAIN], {
    cwd: dataDir,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DOMAIN_SERVER: url,
      LOG_LEVEL: 'warn',
      // Every journey signs up and in from 127.0.0.1: far more often than the per-IP defaults (5 sign-ups an
      // hour) allow. A journey about the limits passes its own values.
      LOGIN_MAX: '1000',
      REGISTER_MAX: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await waitForReady(child);
  return {
    url,
    dataDir,
    pid: child.pid ?? 0,
    stop: async () => {
      await stopProcess(child);
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function waitForReady(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`Parley did not start in ${READY_TIMEOUT_MS / 1000} s:\n${output}`)),
      READY_TIMEOUT_MS,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Parley is ready')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Parley exited with ${code} before it was ready:\n${output}`));
    });
  });
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
