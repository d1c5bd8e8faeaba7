import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/test-app';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
/** tsx's loader by absolute URL, so the child can run TypeScript from any working directory. */
const TSX_LOADER = new URL('../../node_modules/tsx/dist/loader.mjs', import.meta.url).href;

function freePort(): Promise<number> {
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

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Starts `main.ts` with only the given environment; `onReady` runs once it prints its ready line. */
function runMain(cwd: string, env: Record<string, string>, onReady?: (pid: number) => void): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', TSX_LOADER, MAIN], {
      cwd,
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (onReady && stdout.includes('Parley is ready')) {
        const ready = onReady;
        onReady = undefined;
        ready(child.pid ?? 0);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('main', () => {
  it('exits non-zero with one line naming the bad key when the YAML config is invalid', async () => {
    const cwd = tempDir();
    writeFileSync(
      join(cwd, 'librechat.yaml'),
      'version: 1.0.8\nendpoints:\n  custom:\n    - name: anthropic\n      apiKey: k\n      baseURL: http://x\n      models: { default: [m] }\n',
    );
    const run = await runMain(cwd, { PORT: String(await freePort()) });
    expect(run.code).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^Parley cannot start: Invalid config .*librechat\.yaml: endpoints\.custom\[0\]\.name: /,
    );
    expect(run.stderr).not.toMatch(/\bat .*\.ts:\d+/);
  });

  it('exits non-zero naming an invalid environment variable', async () => {
    const run = await runMain(tempDir(), { PORT: 'eighty' });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      'Parley cannot start: Invalid environment: PORT: expected a port number, got "eighty"',
    );
  });

  // A hang guard: the server process, its embedded database and the requests took over 180 s at load 35.
  it('serves on an embedded database with a LibreChat 1.3.x config, then shuts down cleanly on SIGTERM', async () => {
    const cwd = tempDir();
    // Issue 16 item 13: a current LibreChat deployment's librechat.yaml starts Parley; keys Parley does not
    // know are each warned about once, and `balance` is read.
    writeFileSync(
      join(cwd, 'librechat.yaml'),
      [
        'version: 1.3.1',
        'interface:',
        '  agents: true',
        'balance:',
        '  enabled: true',
        '  startBalance: 20000',
        'memory:',
        '  disabled: true',
        'webSearch:',
        '  serperApiKey: x',
        'endpoints:',
        '  agents:',
        '    recursionLimit: 50',
        '',
      ].join('\n'),
    );
    const port = await freePort();
    let config: unknown;
    const run = await runMain(cwd, { PORT: String(port), HOST: '127.0.0.1' }, (pid) => {
      void fetch(`http://127.0.0.1:${port}/api/config`)
        .then((response) => response.json())
        .then((body: unknown) => {
          config = body;
          process.kill(pid, 'SIGTERM');
        });
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Parley is ready at http:\/\/localhost:\d+ \(PGlite in .*data\/db/);
    expect(config).toMatchObject({ appTitle: 'Parley', registrationEnabled: true, checkBalance: true });
    // One JSON log line per ignored key (pino escapes the quotes of the message).
    const warned = (key: string) =>
      run.stdout
        .split('\n')
        .filter((line) => line.includes(`"key":"${key}"`) && line.includes('is not used'));
    for (const key of ['interface.agents', 'memory', 'webSearch', 'endpoints.agents']) {
      expect(warned(key), key).toHaveLength(1);
    }
    expect(warned('balance')).toEqual([]);
    // The database closed with the server: its data dir lock is gone.
    expect(existsSync(join(cwd, 'data', 'db.lock'))).toBe(false);

    // A later start opens the existing database before it loads the rest of the server
    // (docs/decisions.md "Start-up: the database opens while the app loads").
    const again = await runMain(cwd, { PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' }, (pid) => {
      process.kill(pid, 'SIGTERM');
    });
    expect(again.code).toBe(0);
    const ready = again.stdout.split('\n').find((line) => line.includes('"msg":"ready"'));
    expect(ready).toContain('"databaseOpenedEarly":true');
    expect(existsSync(join(cwd, 'data', 'db.lock'))).toBe(false);

    // An invalid configuration still stops the start with one line, and the database opened early is closed.
    writeFileSync(join(cwd, 'librechat.yaml'), 'version: 1.3.1\nendpoints:\n  custom: 7\n');
    const invalid = await runMain(cwd, { PORT: String(port) });
    expect(invalid.code).toBe(1);
    expect(invalid.stderr.trim().split('\n')).toHaveLength(1);
    expect(invalid.stderr).toMatch(/^Parley cannot start: Invalid config /);
    expect(existsSync(join(cwd, 'data', 'db.lock'))).toBe(false);
  }, 300_000);
});
