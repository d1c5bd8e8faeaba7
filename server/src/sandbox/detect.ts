// Which isolated runtime this machine offers the code interpreter: CPython inside bubblewrap, else Pyodide (Node)
// inside bubblewrap, else none — then the interpreter is off and says why. Never a runtime without the OS
// boundary. The probe runs the real profile once, so a kernel that refuses user namespaces is found at start.
import { execFile } from 'node:child_process';
import { accessSync, constants, existsSync, readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bwrapArguments, type RuntimeCommand, type SandboxLimits } from './bwrap-profile';
import type { SandboxBackend } from './types';

/** Packages beyond the standard library the model is told about when they import. */
const DATA_PACKAGES = ['numpy', 'pandas', 'matplotlib', 'scipy', 'PIL', 'sympy'];

export const ENABLE_HINT =
  'Install bubblewrap and python3 (Debian: apt-get install bubblewrap python3) and restart Parley to enable it.';

const PROBE_LIMITS: SandboxLimits = {
  cpuSeconds: 20,
  memoryBytes: 1024 * 1024 * 1024,
  processes: 32,
  fileBytes: 1024 * 1024,
  openFiles: 128,
  dataBytes: 1024 * 1024,
  tmpBytes: 1024 * 1024,
};

function executableOnPath(name: string, path: string): string | undefined {
  for (const dir of path.split(delimiter)) {
    if (dir === '') continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return realpathSync(candidate);
    } catch {
      // not here
    }
  }
  return undefined;
}

/** The first `python3` on PATH whose installation lies under /usr (the only tree the sandbox shows). */
function pythonOnPath(path: string): string | undefined {
  for (const dir of path.split(delimiter)) {
    if (dir === '') continue;
    const candidate = join(dir, 'python3');
    try {
      accessSync(candidate, constants.X_OK);
      const real = realpathSync(candidate);
      if (real.startsWith('/usr/')) return real;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** The runner files: beside this module from sources, beside dist/main.js after the build. */
export function runnerFile(name: 'runner.py' | 'pyodide-runner.mjs'): string {
  return fileURLToPath(new URL(`./${name}`, import.meta.url));
}

function pyodideDirectory(): string | undefined {
  try {
    const require = createRequire(import.meta.url);
    return realpathSync(dirname(require.resolve('pyodide/package.json')));
  } catch {
    return undefined;
  }
}

export function runtimeOf(backend: Exclude<SandboxBackend, { kind: 'off' }>): RuntimeCommand {
  return backend.kind === 'python'
    ? { kind: 'python', python: backend.python, runnerSource: readFileSync(runnerFile('runner.py'), 'utf8') }
    : {
        kind: 'pyodide',
        node: backend.node,
        pyodideDir: backend.pyodideDir,
        runnerMjs: runnerFile('pyodide-runner.mjs'),
        runnerPy: runnerFile('runner.py'),
      };
}

/** Runs `bwrap` as the pool does (as nobody when we are root); answers stdout, or throws with stderr. */
export function runProbe(bwrap: string, args: string[], timeoutMs: number): Promise<string> {
  const asNobody = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
  return new Promise((resolve, reject) => {
    execFile(bwrap, args, { env: {}, timeout: timeoutMs, ...asNobody }, (error, stdout, stderr) => {
      if (error) reject(new Error((stderr || error.message).trim().split('\n').at(-1) ?? error.message));
      else resolve(stdout);
    });
  });
}

const PYTHON_PROBE = `import importlib.util, json
print(json.dumps([m for m in ${JSON.stringify(DATA_PACKAGES)} if importlib.util.find_spec(m)]))`;

export interface DetectOptions {
  /** The PATH searched for `bwrap` and `python3` (default the server's). */
  path?: string;
  /** Only this backend (tests, benchmarks); off when it is not available. */
  only?: 'python' | 'pyodide';
  probeTimeoutMs?: number;
}

/** Finds the isolated runtime and proves it runs once. */
export async function detectSandbox(options: DetectOptions = {}): Promise<SandboxBackend> {
  const path = options.path ?? process.env.PATH ?? '';
  const timeout = options.probeTimeoutMs ?? 60_000;
  const bwrap = executableOnPath('bwrap', path);
  if (!bwrap) return { kind: 'off', reason: 'bubblewrap (bwrap) is not installed' };
  if (!existsSync('/usr/bin/prlimit')) return { kind: 'off', reason: 'prlimit (util-linux) is missing' };
  const python = options.only === 'pyodide' ? undefined : pythonOnPath(path);
  if (python) {
    const backend = { kind: 'python' as const, bwrap, python, packages: [] as string[] };
    const args = bwrapArguments({ kind: 'python', python, runnerSource: PYTHON_PROBE }, PROBE_LIMITS);
    try {
      const out = await runProbe(bwrap, args, timeout);
      return { ...backend, packages: JSON.parse(out.trim()) as string[] };
    } catch (error) {
      return { kind: 'off', reason: `bubblewrap cannot start a sandbox here: ${(error as Error).message}` };
    }
  }
  if (options.only === 'python') return { kind: 'off', reason: 'python3 is not installed' };
  const pyodideDir = pyodideDirectory();
  if (!pyodideDir) return { kind: 'off', reason: 'python3 is not installed and Pyodide is missing' };
  const backend = {
    kind: 'pyodide' as const,
    bwrap,
    node: realpathSync(process.execPath),
    pyodideDir,
    packages: [],
  };
  const runtime = runtimeOf(backend);
  if (runtime.kind !== 'pyodide') throw new Error('unreachable');
  const args = bwrapArguments(runtime, PROBE_LIMITS);
  // The same profile, with a one-line program in place of the runner (which would wait for a request).
  const probeArgs = args.slice(0, args.lastIndexOf('/opt/parley/runner.mjs'));
  try {
    await runProbe(
      bwrap,
      [...probeArgs, '--input-type=module', '-e', "await import('/opt/pyodide/pyodide.mjs')"],
      timeout,
    );
    return backend;
  } catch (error) {
    return { kind: 'off', reason: `bubblewrap cannot start a sandbox here: ${(error as Error).message}` };
  }
}
