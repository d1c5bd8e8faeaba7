// The one bubblewrap profile every run goes through (decisions: "Code interpreter: the operating system is the
// boundary"). New user, PID, IPC, UTS, network and cgroup namespaces (the network one has only its own
// loopback), no further user namespaces inside, /usr read-only, a minimal /etc (the dynamic linker's cache,
// the alternatives links numpy's BLAS goes through, fonts and matplotlib's defaults — no passwd, no shadow, no
// hosts), a fresh size-capped /tmp and /mnt/data, an empty environment but for a few fixed, harmless values,
// `--die-with-parent`, `--new-session`, and `prlimit` inside the new namespaces for the resource limits (so the
// process count is this sandbox's own, not shared with the server's or another run's).

export interface SandboxLimits {
  /** CPU seconds of each process (the wall clock is the pool's). */
  cpuSeconds: number;
  /** Private writable memory of each process (RLIMIT_DATA: heap and anonymous maps). */
  memoryBytes: number;
  /** Processes and threads inside the sandbox. */
  processes: number;
  /** Largest file the code may write. */
  fileBytes: number;
  /** Open files at once. */
  openFiles: number;
  /** Size of /mnt/data (the given files and everything written there). */
  dataBytes: number;
  /** Size of /tmp. */
  tmpBytes: number;
}

export type RuntimeCommand =
  | { kind: 'python'; python: string; runnerSource: string }
  | { kind: 'pyodide'; node: string; pyodideDir: string; runnerMjs: string; runnerPy: string };

const ENVIRONMENT: ReadonlyArray<[string, string]> = [
  ['HOME', '/tmp'],
  ['PATH', '/usr/bin:/bin'],
  ['LANG', 'C.UTF-8'],
  ['MPLBACKEND', 'Agg'],
  ['MPLCONFIGDIR', '/tmp/matplotlib'],
  ['OPENBLAS_NUM_THREADS', '1'],
  ['OMP_NUM_THREADS', '1'],
];

/** Read-only parts of /etc that Python and its libraries read; everything else of /etc is absent. */
const ETC = ['/etc/ld.so.cache', '/etc/alternatives', '/etc/matplotlibrc', '/etc/fonts', '/etc/localtime'];

/** Where a program outside /usr is found inside the sandbox (its folder, read-only). */
function outsideUsr(path: string): boolean {
  return !path.startsWith('/usr/');
}

function parentOf(path: string): string {
  return path.slice(0, path.lastIndexOf('/')) || '/';
}

/** The argument list of `bwrap` for one run of `runtime` under `limits`. */
export function bwrapArguments(runtime: RuntimeCommand, limits: SandboxLimits): string[] {
  const args = [
    '--unshare-all',
    '--unshare-user',
    '--disable-userns',
    '--uid',
    '65534',
    '--gid',
    '65534',
    '--hostname',
    'sandbox',
    '--die-with-parent',
    '--new-session',
    '--clearenv',
    ...ENVIRONMENT.flatMap(([name, value]) => ['--setenv', name, value]),
    '--ro-bind',
    '/usr',
    '/usr',
    '--symlink',
    'usr/lib',
    '/lib',
    '--symlink',
    'usr/lib64',
    '/lib64',
    '--symlink',
    'usr/bin',
    '/bin',
    '--dir',
    '/etc',
    ...ETC.flatMap((path) => ['--ro-bind-try', path, path]),
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--size',
    String(limits.tmpBytes),
    '--tmpfs',
    '/tmp',
    '--size',
    String(limits.dataBytes),
    '--tmpfs',
    '/mnt/data',
  ];
  let command: string[];
  if (runtime.kind === 'python') {
    // -I: no PYTHON* variables, no user site; -u: what was printed before a time-out still reaches the user.
    command = [runtime.python, '-I', '-B', '-u', '-c', runtime.runnerSource];
  } else {
    const node = runtime.node;
    if (outsideUsr(node)) args.push('--ro-bind', parentOf(parentOf(node)), parentOf(parentOf(node)));
    args.push(
      '--ro-bind',
      runtime.pyodideDir,
      '/opt/pyodide',
      '--ro-bind',
      runtime.runnerMjs,
      '/opt/parley/runner.mjs',
      '--ro-bind',
      runtime.runnerPy,
      '/opt/parley/runner.py',
    );
    // V8 sizes its heap itself; the memory limit below caps the process as a whole.
    command = [
      node,
      `--max-old-space-size=${Math.floor(limits.memoryBytes / 1024 / 1024 / 2)}`,
      '/opt/parley/runner.mjs',
    ];
  }
  args.push(
    '--chdir',
    '/mnt/data',
    '--remount-ro',
    '/',
    '--',
    '/usr/bin/prlimit',
    `--cpu=${limits.cpuSeconds}`,
    `--data=${limits.memoryBytes}`,
    `--nproc=${limits.processes}`,
    `--fsize=${limits.fileBytes}`,
    `--nofile=${limits.openFiles}`,
    `--core=0`,
    '--',
    ...command,
  );
  return args;
}
