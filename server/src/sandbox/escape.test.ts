// Regression tests for issue 22: the ways out of the code interpreter a hostile review used, and the obvious
// others, against the real bubblewrap on each backend. Every payload really tries — reads the server's secrets
// file and environment, writes a file on the host, calls a canary server on the host's loopback and on its
// network address, starts host commands — and each test asserts that nothing of it reached the host: no
// secret in anything the run gave back, no file written, no canary request.
import { chmodSync, mkdirSync, mkdtempSync, existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSandboxPool, type PythonRunResult, type SandboxPool } from './index';
import { backendCases, requireOnCi } from './test-backends';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const token = Math.random().toString(36).slice(2);
const ENV_SECRET = `env-canary-${token}`;
const FILE_SECRET = `jwt-canary-${token}`;
const hostDir = mkdtempSync(join(tmpdir(), 'parley-escape-'));
const dataDir = join(hostDir, 'data');
const secretsFile = join(dataDir, 'secrets.json');
const marker = join(hostDir, 'escaped');
let canary: Server;
let canaryPort = 0;
let hits = 0;

/** The host's first non-loopback IPv4 address (a sandbox has no interface that reaches it). */
const hostAddress =
  Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address ?? '127.0.0.1';

beforeAll(async () => {
  // What the server process holds: its environment and DATA_DIR/secrets.json.
  process.env.PARLEY_ESCAPE_CANARY = ENV_SECRET;
  // Open to everyone, so that only the sandbox — not file permissions (bubblewrap runs as nobody under root)
  // — keeps the code out.
  chmodSync(hostDir, 0o777);
  mkdirSync(dataDir, { recursive: true, mode: 0o777 });
  writeFileSync(secretsFile, JSON.stringify({ JWT_SECRET: FILE_SECRET }), { mode: 0o644 });
  canary = createServer((_request, response) => {
    hits += 1;
    response.end('reached');
  });
  await new Promise<void>((resolve) => canary.listen(0, '0.0.0.0', resolve));
  canaryPort = (canary.address() as AddressInfo).port;
});
afterAll(() => {
  delete process.env.PARLEY_ESCAPE_CANARY;
  canary?.close();
  rmSync(hostDir, { recursive: true, force: true });
});

/** Nothing of the host reached: no secret anywhere in the result, no file on the host, no canary call. */
function expectContained(result: PythonRunResult): void {
  const everything = JSON.stringify({
    ...result,
    files: result.files.map((file) => ({ ...file, bytes: Buffer.from(file.bytes).toString('latin1') })),
  });
  expect(everything).not.toContain(ENV_SECRET);
  expect(everything).not.toContain(FILE_SECRET);
  expect(everything).not.toMatch(/uid=0\(root\)/);
  expect(existsSync(marker)).toBe(false);
  expect(readdirSync(hostDir).sort()).toEqual(['data']);
  expect(hits).toBe(0);
}

/** JavaScript that tries everything from inside whatever JavaScript it reaches. */
const javascriptPayload = (): string =>
  `(() => { const out = []; const load = typeof require === 'function' ? require : process.getBuiltinModule;
  const attempt = (label, step) => { try { out.push(label + ':' + String(step())); } catch (e) { out.push(label + '!' + e.message); } };
  attempt('exec', () => load('child_process').execSync('id; env; cat ${secretsFile}; touch ${marker}; curl -s -m 2 http://127.0.0.1:${canaryPort}/ http://${hostAddress}:${canaryPort}/', { stdio: 'pipe' }));
  attempt('read', () => load('fs').readFileSync('${secretsFile}', 'utf8'));
  attempt('write', () => load('fs').writeFileSync('${marker}', 'x'));
  attempt('env', () => JSON.stringify(process.env));
  return out.join('\\n'); })()`;

/** Python that sends its findings back through every channel: printed, the last value, a file. */
const report = (expression: string): string =>
  [
    `found = ${expression}`,
    'print(found)',
    "open('/mnt/data/found.txt', 'w').write(str(found))",
    'found',
  ].join('\n');

const cases = await backendCases();

describe.each(cases)('no way out of the sandbox on $name', (testCase) => {
  requireOnCi(testCase);
  const { backend } = testCase;
  let pool: SandboxPool;
  beforeAll(async () => {
    if (!backend) return;
    pool = createSandboxPool({ backend, warm: 1, capacity: 2, timeoutMs: 20_000 });
    await pool.ready();
  });
  afterAll(async () => {
    await pool?.close();
  });
  const live = it.skipIf(!backend);
  const run = (code: string): Promise<PythonRunResult> => pool.run({ userId: 'attacker', code, files: [] });

  live('chain 1: ctypes into emscripten_run_script_string (JavaScript of the runtime)', async () => {
    const result = await run(
      [
        'import ctypes',
        'lib = ctypes.CDLL(None)',
        'evaluate = lib.emscripten_run_script_string',
        'evaluate.restype = ctypes.c_char_p',
        report(`evaluate(${JSON.stringify(javascriptPayload())}.encode())`),
      ].join('\n'),
    );
    expectContained(result);
  });

  live('chain 1b: ctypes calls libc system() directly', async () => {
    const result = await run(
      [
        'import ctypes',
        'libc = ctypes.CDLL(None)',
        `status = libc.system(b"id; env; cat ${secretsFile}; touch ${marker}; curl -s -m 2 http://127.0.0.1:${canaryPort}/")`,
        'status',
      ].join('\n'),
    );
    expectContained(result);
  });

  live('chain 2: import blocker removed, the Function constructor through _pyodide_core', async () => {
    const result = await run(
      [
        'import sys',
        "sys.meta_path[:] = [finder for finder in sys.meta_path if 'Blocker' not in type(finder).__name__]",
        'import _pyodide_core',
        'Function = _pyodide_core.to_js([]).constructor.constructor',
        report(`Function(${JSON.stringify(`return ${javascriptPayload()}`)})()`),
      ].join('\n'),
    );
    expectContained(result);
  });

  live('import js and pyodide.code.run_js', async () => {
    for (const code of [
      ['import js', report(`js.eval(${JSON.stringify(javascriptPayload())})`)].join('\n'),
      ['from pyodide.code import run_js', report(`run_js(${JSON.stringify(javascriptPayload())})`)].join(
        '\n',
      ),
    ]) {
      expectContained(await run(code));
    }
  });

  live('os.system, subprocess and os.exec* run inside the sandbox only', async () => {
    const shell = `id; env; cat ${secretsFile}; touch ${marker}; curl -s -m 2 http://${hostAddress}:${canaryPort}/`;
    for (const code of [
      `import os\nos.system(${JSON.stringify(shell)})`,
      `import subprocess\nreport = subprocess.run(['/bin/sh', '-c', ${JSON.stringify(shell)}], capture_output=True)\nprint(report)`,
      `import os\nos.execv('/bin/sh', ['/bin/sh', '-c', ${JSON.stringify(shell)}])`,
    ]) {
      expectContained(await run(code));
    }
  });

  live('raw sockets reach neither the host’s loopback, its address, nor its Unix sockets', async () => {
    const result = await run(
      [
        'import socket',
        'found = []',
        `for host in ('127.0.0.1', '${hostAddress}', 'localhost'):`,
        '    try:',
        `        s = socket.create_connection((host, ${canaryPort}), timeout=2)`,
        "        s.sendall(b'GET / HTTP/1.0\\r\\n\\r\\n')",
        '        found.append(s.recv(200))',
        '    except Exception as error:',
        '        found.append(repr(error))',
        "for path in ('/run/postgresql/.s.PGSQL.5432', '/var/run/docker.sock'):",
        '    try:',
        '        u = socket.socket(socket.AF_UNIX)',
        '        u.connect(path)',
        "        found.append('connected ' + path)",
        '    except Exception as error:',
        '        found.append(repr(error))',
        'try:',
        '    socket.socket(socket.AF_PACKET, socket.SOCK_RAW)',
        "    found.append('raw socket')",
        'except Exception as error:',
        '    found.append(repr(error))',
        'print(found)',
        "assert not any(isinstance(item, bytes) or str(item).startswith('connected') or item == 'raw socket' for item in found), found",
      ].join('\n'),
    );
    expectContained(result);
    expect(result.error).toBeUndefined();
  });

  live(
    '/proc/1/environ, /etc/passwd, /etc/shadow, the secrets file and os.environ hold nothing of the server',
    async () => {
      const result = await run(
        [
          'import os',
          'found = {}',
          `for path in ('/proc/1/environ', '/proc/self/environ', '/etc/passwd', '/etc/shadow', '${secretsFile}', '../../etc/shadow'):`,
          '    try:',
          "        found[path] = open(path, 'rb').read()",
          '    except Exception as error:',
          '        found[path] = repr(error)',
          "found['environ'] = dict(os.environ)",
          "found['listing'] = sorted(os.listdir('/'))",
          'print(found)',
          'found',
        ].join('\n'),
      );
      expectContained(result);
      expect(result.stdout).toMatch(/'\/etc\/passwd': "FileNotFoundError/);
      expect(result.stdout).not.toMatch(/'environ': \{[^}]*PARLEY_ESCAPE_CANARY/);
    },
  );

  live(
    'the host file system is read-only or absent: nothing written outside /mnt/data and /tmp',
    async () => {
      const result = await run(
        [
          'import os',
          'found = []',
          `for path in ('/usr/escaped', '/escaped', '${marker}', '${join(dataDir, 'escaped')}', '/proc/1/root/escaped'):`,
          '    try:',
          "        open(path, 'w').write('x')",
          "        found.append('wrote ' + path)",
          '    except Exception as error:',
          '        found.append(repr(error))',
          'print(found)',
        ].join('\n'),
      );
      expectContained(result);
      // (Pyodide's own file system is in memory: there "/escaped" is written, to nowhere on the host.)
      if (testCase.name === 'python') {
        expect(result.stdout).not.toContain("'wrote /usr");
        expect(result.stdout).not.toContain("'wrote /escaped");
      }
    },
  );
});
