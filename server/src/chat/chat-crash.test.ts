import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { startFakeOpenAI, type FakeOpenAI } from '@parley/fakes/openai-server';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { messages } from '../db/schema';
import { EventReader } from '../../test/chat-harness';
import { tempDir } from '../../test/test-app';
import { createTestPostgres, postgresSkipReason } from '../../test/test-database';
import { createTestUser } from '../../test/test-users';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
const JWT_SECRET = 'crash-test-jwt-secret-0123456789abcdef';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Waits for the child's /health; the deadline is a hang guard (a start from source under load takes long). */
async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not start');
}

describe.skipIf(postgresSkipReason() !== undefined)('a server process killed mid-reply', () => {
  let fake: FakeOpenAI;
  let database: Database;
  let child: ChildProcess | undefined;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    database = await createTestPostgres();
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await database.close();
    await fake.close();
  });

  it(
    'leaves the reply saved with the text of the last 2 s, marked unfinished',
    { timeout: 240_000 },
    async () => {
      if (database.driver.kind !== 'postgres') throw new Error('expected PostgreSQL');
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
        env: {
          PATH: process.env.PATH,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: tempDir(),
          DATABASE_URL: database.driver.pool.options.connectionString,
          JWT_SECRET,
          LOG_LEVEL: 'silent',
          OPENAI_API_KEY: 'sk-test',
          OPENAI_REVERSE_PROXY: fake.baseURL,
          OPENAI_MODELS: 'gpt-4o-mini',
          TITLE_CONVO: 'false',
          LIMIT_MESSAGE_IP: 'false',
        },
        stdio: 'ignore',
      });
      await waitForHealth(url, child);
      const user = await createTestUser(database, { jwtSecret: JWT_SECRET, password: null });
      fake.script({ replies: [{ chunks: Array.from({ length: 100 }, (_, i) => `${i} `), delayMs: 50 }] });
      const response = await fetch(`${url}/api/ask/openAI`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...user.headers },
        body: JSON.stringify({
          endpoint: 'openAI',
          model: 'gpt-4o-mini',
          conversationId: null,
          text: 'Count',
        }),
      });
      const reader = new EventReader(response);
      await reader.waitFor((e) => e.data.type === 'text' && e.data.text.startsWith('50'));
      child.kill('SIGKILL');
      await reader.done;
      const streamed = reader.text();

      const created = reader.events[0]?.data;
      if (created?.type !== 'created') throw new Error('no created event');
      const [reply] = await database.db
        .select()
        .from(messages)
        .where(and(eq(messages.messageId, created.responseMessageId), eq(messages.isCreatedByUser, false)));
      expect(reply?.unfinished).toBe(true);
      expect(reply?.text.length).toBeGreaterThan(0);
      expect(streamed.startsWith(reply?.text ?? '-')).toBe(true);
      // Saved at least every 2 s: at 50 ms a chunk, at most ~40 chunks can be missing.
      expect(streamed.split(' ').length - (reply?.text ?? '').split(' ').length).toBeLessThanOrEqual(45);
    },
  );
});
