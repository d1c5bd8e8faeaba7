import type { FakeOpenAI } from '@parley/fakes/openai-server';
import { startParley } from '../../e2e/support/parley-server';
import { createBenchDatabase } from './bench-database';
import { pidListeningOn } from './proc-readings';

export type Engine = 'PGlite' | 'PostgreSQL';
export const ENGINES: readonly Engine[] = ['PGlite', 'PostgreSQL'];
export const BENCH_MODEL = 'gpt-4o-mini';

export interface BenchServer {
  url: string;
  /** The server process, for /proc readings. */
  pid: number;
  stop(): Promise<void>;
}

export interface BenchUser {
  id: string;
  email: string;
  password: string;
  headers: Record<string, string>;
}

/** Limits and titles off, logs quiet, the openAI endpoint pointed at the fake. */
export function benchEnv(fake?: FakeOpenAI): Record<string, string> {
  return {
    LOG_LEVEL: 'error',
    REGISTER_MAX: '100000',
    LOGIN_MAX: '100000',
    LIMIT_CONCURRENT_MESSAGES: 'false',
    LIMIT_MESSAGE_IP: 'false',
    LIMIT_MESSAGE_USER: 'false',
    TITLE_CONVO: 'false',
    ...(fake
      ? { OPENAI_API_KEY: 'sk-bench', OPENAI_REVERSE_PROXY: fake.baseURL, OPENAI_MODELS: BENCH_MODEL }
      : {}),
  };
}

/** Runs `body` with the environment of the engine: nothing for PGlite, a throw-away database for PostgreSQL. */
export async function onEngine<T>(
  engine: Engine,
  body: (env: Record<string, string>) => Promise<T>,
): Promise<T> {
  if (engine === 'PGlite') return body({});
  const database = await createBenchDatabase();
  try {
    return await body({ DATABASE_URL: database.url });
  } finally {
    await database.drop();
  }
}

/**
 * The built server (`server/dist/main.js`, or the build `BENCH_SERVER_MAIN` names, to measure a "before")
 * with its pid.
 */
export async function startBenchServer(env: Record<string, string>): Promise<BenchServer> {
  const server = await startParley(env, { main: process.env.BENCH_SERVER_MAIN });
  const pid = pidListeningOn(Number(new URL(server.url).port));
  return { url: server.url, pid, stop: server.stop };
}

async function authenticate(url: string, path: string, body: Record<string, string>) {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { token: string; user: { id: string } };
}

export async function registerUser(
  url: string,
  email = `bench-${Date.now()}@example.com`,
): Promise<BenchUser> {
  const password = 'bench-password-1';
  const body = { name: 'Bench', email, password, confirm_password: password };
  const { token, user } = await authenticate(url, '/api/auth/register', body);
  return { id: user.id, email, password, headers: { authorization: `Bearer ${token}` } };
}

/** The same user on a restarted server: a fresh access token. */
export async function logIn(url: string, user: BenchUser): Promise<BenchUser> {
  const { token } = await authenticate(url, '/api/auth/login', {
    email: user.email,
    password: user.password,
  });
  return { ...user, headers: { authorization: `Bearer ${token}` } };
}
