// `npm test`'s last step: README's "Run with Docker" followed on this machine. Builds the image, runs it on a
// named volume against the fake OpenAI, registers and chats, stops the container with `docker stop` while a
// reply streams (the reply must be saved with what arrived), runs a new container on the same volume and finds
// the conversation; checks the process is not root and the health check passes; checks compose.yaml with
// `docker-compose config`. Without Docker it is skipped with a notice, except under CI=true, where it fails.
//
// No registry is reachable here, so the base image is made from Debian's packages with mmdebstrap (trixie, Node
// 20) unless BASE_IMAGE names one the daemon already has. The host's CA bundle is handed to the build through
// docker/ca (the Dockerfile's hook for TLS-inspecting proxies) and removed afterwards.
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeOpenAI } from '../fakes/src/openai-server';
import { missingFromEnvExample } from './env-example';

const root = fileURLToPath(new URL('..', import.meta.url));
const isCI = process.env.CI === 'true';
const IMAGE = 'parley:image-test';
const BASE_TAG = 'parley-test-base:trixie';
const run = `parley-image-test-${process.pid}`;
const VOLUME = `${run}-data`;
const CA_COPY = join(root, 'docker/ca/host-build.crt');

function log(line: string): void {
  process.stdout.write(`  ${line}\n`);
}

function sh(command: string, args: string[], options: SpawnSyncOptions = {}): string {
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20, ...options });
  if (result.status !== 0) {
    const output = `${String(result.stdout ?? '')}${String(result.stderr ?? '')}`.slice(-4000);
    throw new Error(`${command} ${args.join(' ')} failed (${result.status ?? result.signal}):\n${output}`);
  }
  return String(result.stdout ?? '').trim();
}

const succeeds = (command: string, args: string[]): boolean =>
  spawnSync(command, args, { stdio: 'ignore' }).status === 0;

async function until<T>(what: string, seconds: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${seconds} s waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The daemon answers, or is started here (as root, the way this machine runs it: no bridge, no iptables). */
async function ensureDaemon(): Promise<boolean> {
  if (succeeds('docker', ['info'])) return true;
  if (process.getuid?.() !== 0 || !existsSync('/usr/sbin/dockerd')) return false;
  log('starting dockerd (--iptables=false --bridge=none)');
  spawnSync('bash', ['-c', 'nohup dockerd --iptables=false --bridge=none > /tmp/parley-dockerd.log 2>&1 &']);
  return until('dockerd', 60, async () => (succeeds('docker', ['info']) ? true : undefined));
}

function baseImage(): string {
  const named = process.env.BASE_IMAGE;
  if (named) return named;
  for (const candidate of ['node:20-bookworm-slim', BASE_TAG]) {
    if (succeeds('docker', ['image', 'inspect', candidate])) return candidate;
  }
  log('making a Debian trixie base image with Node 20 (mmdebstrap, a few minutes)');
  const dir = mkdtempSync(join(tmpdir(), 'parley-base-'));
  try {
    const tarball = join(dir, 'base.tar');
    sh('mmdebstrap', ['--variant=minbase', '--include=nodejs,npm,ca-certificates', 'trixie', tarball]);
    sh('docker', ['import', tarball, BASE_TAG]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return BASE_TAG;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The variables of README's Configuration table (first column of each row). */
interface Session {
  url: string;
  headers: Record<string, string>;
}

async function postJson(session: Session, path: string, body: unknown): Promise<Response> {
  return fetch(`${session.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...session.headers },
    body: JSON.stringify(body),
  });
}

async function signIn(url: string, path: string, body: Record<string, string>): Promise<Session> {
  const response = await postJson({ url, headers: {} }, path, body);
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  const { token } = (await response.json()) as { token: string };
  return { url, headers: { authorization: `Bearer ${token}` } };
}

/** `docker run` of README, on the host network (this machine has no bridge) with the test's port and fake. */
function startContainer(name: string, port: number, fakeBaseURL: string): void {
  sh('docker', [
    'run',
    '-d',
    '--name',
    name,
    '--network',
    'host',
    '-e',
    `PORT=${port}`,
    '-e',
    'HOST=127.0.0.1',
    '-e',
    `DOMAIN_SERVER=http://127.0.0.1:${port}`,
    '-e',
    'OPENAI_API_KEY=sk-image-test',
    '-e',
    `OPENAI_REVERSE_PROXY=${fakeBaseURL}`,
    '-e',
    'OPENAI_MODELS=gpt-4o-mini',
    '-e',
    'TITLE_CONVO=false',
    '-v',
    `${VOLUME}:/app/data`,
    IMAGE,
  ]);
}

async function waitReady(url: string, name: string): Promise<void> {
  await until(`${name} to answer /health`, 120, async () => {
    const state = sh('docker', ['inspect', '-f', '{{.State.Status}}', name]);
    if (state !== 'running') throw new Error(`${name} is ${state}:\n${sh('docker', ['logs', name])}`);
    const response = await fetch(`${url}/health`);
    return response.ok ? true : undefined;
  });
}

interface MessageRow {
  text: string;
  isCreatedByUser: boolean;
  unfinished?: boolean;
}

async function main(): Promise<void> {
  if (!(await ensureDaemon())) {
    const why = 'Docker is not available (no daemon answers `docker info`)';
    if (isCI) throw new Error(`${why} and CI=true: the container image must be tested`);
    process.stderr.write(`\n!!!!!!!! ${why}: the container image test is SKIPPED !!!!!!!!\n`);
    return;
  }
  const base = baseImage();
  log(`building ${IMAGE} on ${base}`);
  copyFileSync(process.env.NODE_EXTRA_CA_CERTS ?? '/etc/ssl/certs/ca-certificates.crt', CA_COPY);
  try {
    sh('docker', ['build', '--network', 'host', '--build-arg', `BASE_IMAGE=${base}`, '-t', IMAGE, '.']);
  } finally {
    rmSync(CA_COPY, { force: true });
  }
  const bytes = Number(sh('docker', ['image', 'inspect', '-f', '{{.Size}}', IMAGE]));
  log(`image size: ${(bytes / 1024 / 1024).toFixed(0)} MB (base ${base})`);
  const history = sh('docker', ['history', '--no-trunc', '--format', '{{.CreatedBy}}', IMAGE]);
  if (history.includes('host-build.crt') || history.includes('NODE_EXTRA_CA_CERTS=/tmp')) {
    throw new Error('the runtime image carries the build CA');
  }

  const fake = await startFakeOpenAI({ host: '127.0.0.1' });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const first = `${run}-1`;
  const second = `${run}-2`;
  try {
    startContainer(first, port, fake.baseURL);
    await waitReady(url, first);
    const uid = sh('docker', ['exec', first, 'id', '-u']);
    if (uid === '0') throw new Error('the server runs as root in the container');
    log(`running as uid ${uid}`);
    await until('the health check to pass', 120, async () =>
      sh('docker', ['inspect', '-f', '{{.State.Health.Status}}', first]) === 'healthy' ? true : undefined,
    );

    const email = 'image-test@example.com';
    const password = 'image-test-password-1';
    const user = await signIn(url, '/api/auth/register', {
      name: 'Image Test',
      email,
      password,
      confirm_password: password,
    });
    fake.script({ replies: [{ text: 'The first reply, complete.' }] });
    const done = await postJson(user, '/api/ask/openAI', {
      text: 'Hello from the container test',
      model: 'gpt-4o-mini',
      endpoint: 'openAI',
      conversationId: null,
      parentMessageId: '00000000-0000-0000-0000-000000000000',
    });
    const stream = await done.text();
    if (done.status !== 200 || !stream.includes('The first reply, complete.')) {
      throw new Error(`the first chat answered ${done.status}: ${stream.slice(0, 500)}`);
    }
    const conversationId = /"conversationId":"([0-9a-f-]{36})"/.exec(stream)?.[1];
    if (!conversationId) throw new Error('no conversation id in the event stream');

    // A reply streaming slowly when `docker stop` arrives: it is saved with what was generated.
    const words = Array.from({ length: 400 }, (_, i) => `word${i} `);
    fake.script({ replies: [{ chunks: words, delayMs: 50 }] });
    const streaming = await postJson(user, '/api/ask/openAI', {
      text: 'Tell me a long story',
      model: 'gpt-4o-mini',
      endpoint: 'openAI',
      conversationId,
      parentMessageId: '00000000-0000-0000-0000-000000000000',
    });
    const reader = streaming.body!.getReader();
    let received = '';
    while (!received.includes('word20 ')) {
      const { value, done: ended } = await reader.read();
      if (ended) throw new Error(`the stream ended early: ${received.slice(-500)}`);
      received += new TextDecoder().decode(value);
    }
    log('docker stop while the reply streams');
    sh('docker', ['stop', '-t', '30', first]);
    const exitCode = sh('docker', ['inspect', '-f', '{{.State.ExitCode}}', first]);
    await reader.cancel().catch(() => undefined);
    if (exitCode !== '0') throw new Error(`the server exited with ${exitCode} on docker stop`);
    sh('docker', ['rm', first]);

    log('a new container on the same volume');
    startContainer(second, port, fake.baseURL);
    await waitReady(url, second);
    const again = await signIn(url, '/api/auth/login', { email, password });
    const listed = await fetch(`${url}/api/messages/${conversationId}`, { headers: again.headers });
    if (!listed.ok) throw new Error(`messages answered ${listed.status} after the restart`);
    const messages = (await listed.json()) as MessageRow[];
    const texts = messages.map((message) => message.text);
    if (!texts.includes('The first reply, complete.')) {
      throw new Error(`the first reply is gone after the restart: ${JSON.stringify(texts)}`);
    }
    const interrupted = messages.find(
      (message) => !message.isCreatedByUser && message.text.includes('word0 '),
    );
    if (!interrupted || !interrupted.text.includes('word20 ')) {
      throw new Error(`the interrupted reply was not saved with what arrived: ${JSON.stringify(texts)}`);
    }
    log(`the interrupted reply was saved (${interrupted.text.split(' ').length - 1} words)`);
  } finally {
    for (const name of [first, second]) spawnSync('docker', ['rm', '-f', name], { stdio: 'ignore' });
    spawnSync('docker', ['volume', 'rm', VOLUME], { stdio: 'ignore' });
    await fake.close();
  }

  const missing = missingFromEnvExample(root);
  if (missing.length > 0) throw new Error(`.env.example lacks README's ${missing.join(', ')}`);
  // README: copy .env.example to .env, then compose; checked in a scratch folder with just those two files.
  const scratch = mkdtempSync(join(tmpdir(), 'parley-compose-'));
  try {
    copyFileSync(join(root, 'compose.yaml'), join(scratch, 'compose.yaml'));
    copyFileSync(join(root, '.env.example'), join(scratch, '.env'));
    const [command, prefix] = existsSync('/usr/bin/docker-compose')
      ? ['docker-compose', []]
      : ['docker', ['compose']];
    const config = sh(command, [...prefix, 'config'], { cwd: scratch });
    for (const expected of [
      'DATABASE_URL: postgres://parley:parley@postgres:5432/parley',
      'service_healthy',
    ]) {
      if (!config.includes(expected)) throw new Error(`compose config lacks ${expected}:\n${config}`);
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  log('compose.yaml: valid with .env.example');
}

main().then(
  () => process.stdout.write('✔ container image\n'),
  (error: unknown) => {
    process.stderr.write(`✘ container image: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
