// Test-only helpers of the endpoints tests (not imported by the app).
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stringify } from 'yaml';
import { randomBytes } from 'node:crypto';
import { testConfig, tempDir } from '../../test/test-app';
import { createTestUser } from '../../test/test-users';
import type { AppConfig } from '../config/app-config';
import type { Env } from '../config/env';
import type { Database } from '../db/client';
import { createKeysService } from '../keys/service';
import { createEncryption } from '../lib/encryption';
import { AppError } from '../lib/errors';
import { createEndpointsService } from './service';

/** An AppConfig from `env` (a local Ollama is not looked for unless `OLLAMA_BASE_URL` is given) and YAML. */
export function configWith(env: Env, yaml?: Record<string, unknown>): AppConfig {
  const dir = tempDir();
  const extra: Record<string, string> = {};
  if (yaml) {
    const file = join(dir, 'librechat.yaml');
    writeFileSync(file, stringify({ version: '1.0.8', ...yaml }));
    extra.CONFIG_PATH = file;
  }
  return testConfig({ OLLAMA_BASE_URL: 'off', ...extra, ...env }, dir);
}

/**
 * For resolver tests on a real database: `setup(env, yaml)` gives an endpoints service, a fresh user, a
 * way to save that user's keys (expiring in an hour unless told) and `resolve(endpoint, model)`.
 */
export function resolverHarness(getDatabase: () => Database) {
  const encryption = createEncryption(randomBytes(32).toString('hex'));
  const keys = () => createKeysService({ db: getDatabase().db, encryption, now: () => new Date() });
  return async function setup(env: Env, yaml?: Record<string, unknown>) {
    const { user } = await createTestUser(getDatabase(), { password: null });
    const service = createEndpointsService({ config: configWith(env, yaml), keys: keys() });
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    const saveKey = (name: string, value: string | object, expiresAt: string | null = inAnHour) =>
      keys().saveKey(user.id, {
        name,
        value: typeof value === 'string' ? value : JSON.stringify(value),
        expiresAt,
      });
    const resolve = (endpoint: string, model = 'some-model') =>
      service.resolveCredentials({ userId: user.id, endpoint, model });
    return { service, saveKey, resolve };
  };
}

/** The AppError a promise rejects with (fails the test for anything else). */
export async function appErrorOf(promise: Promise<unknown>): Promise<AppError> {
  const error: unknown = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (error instanceof AppError) return error;
  throw new Error(`expected an AppError, got ${String(error)}`);
}

export interface TinyServer {
  url: string;
  /** Requests received, as `METHOD /path?query`. */
  hits: string[];
  close(): Promise<void>;
}

/** A throw-away HTTP server on a free port of 127.0.0.1. */
export async function startTinyServer(
  handle: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<TinyServer> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(`${req.method ?? 'GET'} ${req.url ?? '/'}`);
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const sendJson = (res: ServerResponse, status: number, body: unknown): void => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
};

export interface FakeOpenAIProcess {
  /** `http://127.0.0.1:PORT/v1`, an OpenAI base URL. */
  baseURL: string;
  /** `POST /__control/script` (models, apiKey …). */
  script(input: Record<string, unknown>): Promise<void>;
  /** Empties the fake's request log, restores its default models and drops the expected key. */
  reset(): Promise<void>;
  /** What the fake's `/v1` routes received. */
  requests(): Promise<
    { method: string; path: string; query: Record<string, string>; headers: Record<string, string> }[]
  >;
  close(): Promise<void>;
}

const FAKE_MAIN = fileURLToPath(new URL('../../../fakes/src/main.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The fake OpenAI server (fakes/src) in its own process, driven over HTTP like the e2e suite does. */
export async function startFakeOpenAIProcess(): Promise<FakeOpenAIProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', FAKE_MAIN], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await readFakeUrl(child);
  const control = async (path: string, init?: RequestInit) => {
    const response = await fetch(`${url}/__control/${path}`, init);
    if (!response.ok) throw new Error(`fake control ${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<unknown>;
  };
  return {
    baseURL: `${url}/v1`,
    script: async (input) => {
      await control('script', {
        method: 'POST',
        body: JSON.stringify(input),
        headers: { 'content-type': 'application/json' },
      });
    },
    reset: async () => {
      await control('reset', { method: 'POST' });
    },
    requests: async () =>
      ((await control('requests')) as { requests: Awaited<ReturnType<FakeOpenAIProcess['requests']>> })
        .requests,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

function readFakeUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    // A hang guard: a start from source on a loaded machine may take many seconds.
    const timer = setTimeout(() => reject(new Error(`fake OpenAI did not start: ${output}`)), 60_000);
    child.once('exit', (code) => reject(new Error(`fake OpenAI exited with ${code}: ${output}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /FAKE_OPENAI_URL=(\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
  });
}
