// `npm test`: install what the tests need from the system, then lint, type-check, build, unit and
// integration tests (PGlite, PostgreSQL, Redis) and the browser journeys. Stops at the first failure.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { QUARANTINED_JOURNEYS, QUARANTINED_UNIT_FILES } from './quarantine.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM = '/usr/bin/chromium';
const isCI = process.env.CI === 'true';
const isRoot = process.getuid?.() === 0;

function sh(command, args, options = {}) {
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  return { ok: result.status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) };
}

function step(name, command, args, onFailure = () => {}) {
  process.stdout.write(`\n▶ ${name}\n`);
  const { ok, seconds } = sh(command, args);
  if (!ok) {
    onFailure();
    process.stderr.write(`\n✘ ${name} failed (${seconds} s)\n`);
    process.exit(1);
  }
  process.stdout.write(`✔ ${name} (${seconds} s)\n`);
}

/** A failed journey's page as Playwright saw it (its accessibility snapshot): CI keeps only the log. */
function printFailedPages() {
  const results = join(root, 'e2e', 'test-results');
  if (!existsSync(results)) return;
  for (const entry of readdirSync(results, { recursive: true })) {
    if (!String(entry).endsWith('error-context.md')) continue;
    const text = readFileSync(join(results, String(entry)), 'utf8');
    process.stdout.write(`\n──── ${entry} ────\n${text.slice(0, 8000)}\n`);
  }
}

function reachable(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.setTimeout(1500);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

/** Debian packages the tests use: the browser, the code interpreter's sandbox (bubblewrap around CPython with its
 * data stack) and Docker for the image. Installed with apt-get when run as root; otherwise named, and (Chromium)
 * required. */
const SYSTEM_PACKAGES = [
  { name: 'chromium', present: () => existsSync(CHROMIUM), required: true },
  { name: 'bubblewrap', present: () => existsSync('/usr/bin/bwrap'), required: false },
  { name: 'python3', present: () => existsSync('/usr/bin/python3'), required: false },
  // The container image test (scripts/container-image-test.ts): a Docker daemon, a base image made from Debian's
  // packages (no registry is reachable here) and compose to check compose.yaml.
  { name: 'docker.io', present: () => existsSync('/usr/sbin/dockerd'), required: false },
  { name: 'mmdebstrap', present: () => existsSync('/usr/bin/mmdebstrap'), required: false },
  { name: 'docker-compose', present: () => existsSync('/usr/bin/docker-compose'), required: false },
  ...['python3-numpy', 'python3-pandas', 'python3-matplotlib'].map((name) => ({
    name,
    present: () =>
      spawnSync('dpkg-query', ['-W', '-f=${Status}', name]).stdout?.toString().includes('ok installed'),
    required: false,
  })),
];

function ensureSystemPackages() {
  const missing = SYSTEM_PACKAGES.filter((pkg) => !pkg.present());
  if (missing.length === 0) return;
  const names = missing.map((pkg) => pkg.name);
  if (!isRoot) {
    const required = missing.filter((pkg) => pkg.required);
    if (required.length > 0) {
      process.stderr.write(
        `\n✘ Missing: ${required.map((pkg) => pkg.name).join(', ')}. Install (Debian: sudo apt-get install -y ${names.join(' ')}) and run npm test again.\n`,
      );
      process.exit(1);
    }
    process.stderr.write(
      `\n!!!!!!!! ${names.join(', ')} missing (sudo apt-get install -y ${names.join(' ')}): the tests that need them (code interpreter sandbox, container image) are SKIPPED${isCI ? ' — and fail, as CI=true' : ''} !!!!!!!!\n`,
    );
    return;
  }
  process.stdout.write(`▶ installing ${names.join(', ')} (apt-get)\n`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!sh('apt-get', ['install', '-y', ...names], { env }).ok) {
    sh('apt-get', ['update'], { env });
    sh('apt-get', ['install', '-y', ...names], { env });
  }
  const still = missing.filter((pkg) => !pkg.present());
  if (still.some((pkg) => pkg.required || isCI)) {
    process.stderr.write(`\n✘ apt-get could not install ${still.map((pkg) => pkg.name).join(', ')}.\n`);
    process.exit(1);
  }
}

const SERVICES = [
  {
    name: 'PostgreSQL',
    port: 5432,
    start: ['bash', ['-c', 'pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start']],
  },
  {
    name: 'Redis',
    port: 6379,
    start: [
      'bash',
      ['-c', 'redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no'],
    ],
  },
];

async function checkServices() {
  for (const service of SERVICES) {
    if (await reachable(service.port)) continue;
    if (isRoot) {
      process.stdout.write(`▶ ${service.name} is down at 127.0.0.1:${service.port}; trying to start it\n`);
      sh(...service.start);
      await new Promise((r) => setTimeout(r, 2000));
      if (await reachable(service.port)) continue;
    }
    if (isCI) {
      process.stderr.write(
        `\n✘ ${service.name} is unreachable at 127.0.0.1:${service.port} and CI=true: it must run.\n`,
      );
      process.exit(1);
    }
    process.stderr.write(
      `\n!!!!!!!! ${service.name} unreachable at 127.0.0.1:${service.port}: its tests will be SKIPPED !!!!!!!!\n`,
    );
  }
}

ensureSystemPackages();
await checkServices();
step('lint', 'npm', ['run', 'lint']);
step('type check', 'npm', ['run', 'typecheck']);
step('build', 'npm', ['run', 'build']);
/** The projects' folders (vitest.config.ts); none is inside another. */
const PROJECT_FOLDERS = ['packages/shared/', 'server/', 'fakes/', 'web/', 'scripts/', 'bench/'];

/**
 * A test file's path inside its project: vitest matches `--exclude` there, so a path from the repository root
 * would exclude nothing (the file would run twice, the first time without retries).
 */
function insideProject(file) {
  const folder = PROJECT_FOLDERS.find((prefix) => file.startsWith(prefix));
  return folder ? file.slice(folder.length) : file;
}

// No retries: a test that fails once fails the run. Quarantined tests (scripts/quarantine.mjs) run apart, retried,
// and are named on every run.
step('unit and integration tests', 'npx', [
  'vitest',
  'run',
  ...QUARANTINED_UNIT_FILES.flatMap((entry) => ['--exclude', insideProject(entry.file)]),
]);
process.env.E2E_QUARANTINED = QUARANTINED_JOURNEYS.map((entry) => entry.file).join(',');
step('browser journeys', 'npm', ['run', 'test:e2e'], printFailedPages);
for (const [kind, entries] of [
  ['unit test files', QUARANTINED_UNIT_FILES],
  ['journeys', QUARANTINED_JOURNEYS],
]) {
  if (entries.length === 0) continue;
  process.stdout.write(`\n!!!!!!!! QUARANTINED ${kind} (flaky, being fixed; retried below):\n`);
  for (const entry of entries) process.stdout.write(`!!!!!!!!   ${entry.file} — ${entry.why}\n`);
}
if (QUARANTINED_UNIT_FILES.length > 0) {
  step('quarantined unit tests (retried)', 'npx', [
    'vitest',
    'run',
    '--retry=2',
    ...QUARANTINED_UNIT_FILES.map((entry) => entry.file),
  ]);
}
if (QUARANTINED_JOURNEYS.length > 0) {
  process.env.E2E_QUARANTINED = '';
  step(
    'quarantined journeys (retried)',
    'npm',
    ['run', 'test:e2e', '--', '--retries=2', ...QUARANTINED_JOURNEYS.map((entry) => entry.file)],
    printFailedPages,
  );
}
step('container image', 'npx', ['tsx', 'scripts/container-image-test.ts']);
process.stdout.write('\n✔ all tests passed\n');
