import { randomBytes } from 'node:crypto';
import { expect } from '@playwright/test';
import { startFakeOpenAI, type FakeOpenAIProcess } from './fake-openai';
import { journeyTest as base } from './fixtures';
import { freePort, startParley } from './parley-server';
import { startPrivateRedis } from './private-redis';
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy';
import { createThrowAwayDatabase } from './throwaway-postgres';

export { expect };

/** Two Parley processes on one PostgreSQL database and one Redis, behind a round-robin proxy. */
export interface Cluster {
  proxy: RoundRobinProxy;
  fake: FakeOpenAIProcess;
  /** The instances' own addresses, for the record; journeys go through the proxy. */
  instances: string[];
}

/** Sign-in attempts per IP and window on every instance together; two refusals ban. */
export const CLUSTER_LOGIN_MAX = 3;
export const CLUSTER_BAN_VIOLATIONS = 2;

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

async function startCluster(use: (cluster: Cluster) => Promise<void>): Promise<void> {
  // Undone in reverse order, also when starting fails half-way.
  const cleanups: Array<() => Promise<void>> = [];
  const later = (cleanup: () => Promise<void>) => cleanups.unshift(cleanup);
  try {
    const fake = await startFakeOpenAI();
    later(() => fake.stop());
    const redis = await startPrivateRedis();
    later(() => redis.stop());
    const database = await createThrowAwayDatabase();
    later(() => database.drop());
    const ports = [await freePort(), await freePort()];
    const instances = ports.map((port) => `http://127.0.0.1:${port}`);
    const proxy = await startRoundRobinProxy(instances);
    later(() => proxy.close());
    // What a production layout shares: one database, one Redis, the secrets, the public address.
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      JWT_SECRET: hex(32),
      JWT_REFRESH_SECRET: hex(32),
      CREDS_KEY: hex(32),
      DOMAIN_SERVER: proxy.url,
      DOMAIN_CLIENT: proxy.url,
      OPENAI_API_KEY: 'test',
      OPENAI_REVERSE_PROXY: `${fake.url}/v1`,
      OPENAI_MODELS: 'gpt-4o,gpt-4o-mini',
      TITLE_CONVO: 'true',
      LOGIN_MAX: String(CLUSTER_LOGIN_MAX),
      BAN_VIOLATIONS: String(CLUSTER_BAN_VIOLATIONS),
    };
    // Started together, as a deployment would: the migrations run once, under an advisory lock.
    const started = await Promise.allSettled(ports.map((port) => startParley(env, { port })));
    for (const result of started) if (result.status === 'fulfilled') later(() => result.value.stop());
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    await use({ proxy, fake, instances });
  } finally {
    for (const cleanup of cleanups) await cleanup().catch((error: unknown) => console.error(error));
  }
}

export const test = base.extend<{ cluster: Cluster }, { clusterWorld: Cluster }>({
  clusterWorld: [
    // Playwright reads the fixture list from the destructuring, so the empty pattern is required.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => startCluster(use),
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ clusterWorld }, use) => use(clusterWorld.proxy.url),
  cluster: async ({ clusterWorld }, use) => {
    await clusterWorld.fake.reset();
    clusterWorld.proxy.clearLog();
    await use(clusterWorld);
  },
});
