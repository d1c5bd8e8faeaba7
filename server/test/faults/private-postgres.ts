import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port';

const run = promisify(execFile);

/** A PostgreSQL server of its own that a test may stop, start and restart without disturbing anyone. */
export interface PrivatePostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` (trust auth). */
  readonly url: string;
  /** Fast shutdown: open connections are terminated, as in a real restart. */
  stop(): Promise<void>;
  start(): Promise<void>;
  restart(): Promise<void>;
  /** Stops the server (if running) and deletes its data directory. */
  close(): Promise<void>;
}

/** The newest installed `initdb`/`pg_ctl` folder, or undefined when PostgreSQL's server binaries are absent. */
function postgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((name) => existsSync(join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  const [newest] = versions;
  return newest === undefined ? undefined : join(root, newest, 'bin');
}

/** Why a private PostgreSQL cannot be started here, or undefined when it can. */
export function privatePostgresSkipReason(): string | undefined {
  if (postgresBinDir()) return undefined;
  const reason = 'no PostgreSQL server binaries under /usr/lib/postgresql';
  if (process.env.CI === 'true')
    throw new Error(`${reason} (CI=true: the PostgreSQL fault tests are required)`);
  return reason;
}

/** PostgreSQL refuses to run as root: run its tools as the `postgres` user then. */
async function asPostgresUser(command: string, args: string[]): Promise<void> {
  if (process.getuid?.() === 0) await run('runuser', ['-u', 'postgres', '--', command, ...args]);
  else await run(command, args);
}

/** initdb + pg_ctl on a free port in a temporary directory (~2–4 s on a busy machine). */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error(privatePostgresSkipReason());
  const dir = await mkdtemp(join(tmpdir(), 'parley-pg-'));
  if (process.getuid?.() === 0) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    await chown(dir, Number(stdout.trim()), -1);
    await chmod(dir, 0o700);
  }
  const port = await freePort();
  const data = join(dir, 'data');
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=40`;
  const pgCtl = (...args: string[]) =>
    asPostgresUser(join(bin, 'pg_ctl'), ['-D', data, '-w', '-t', '60', ...args]);
  await asPostgresUser(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const start = () => pgCtl('-o', options, '-l', join(dir, 'log'), 'start');
  const stop = () => pgCtl('-m', 'fast', 'stop');
  await start();
  let running = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: async () => {
      await stop();
      running = false;
    },
    start: async () => {
      await start();
      running = true;
    },
    restart: () => pgCtl('-o', options, '-l', join(dir, 'log'), '-m', 'fast', 'restart'),
    close: async () => {
      if (running) await pgCtl('-m', 'immediate', 'stop').catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
