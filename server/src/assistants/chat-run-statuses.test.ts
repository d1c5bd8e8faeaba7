// The statuses an assistants run goes through (SPEC §3, API.md "Assistants and actions"): `queued` until its
// model first answers, `in_progress` while the model writes, `requires_action` while its tools run, then how
// it ended; `started_at` is when it left the queue.
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { startFakeOpenAI, type FakeOpenAI } from '@parley/fakes/openai-server';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { chatUser, EventReader, type ChatServer } from '../../test/chat-harness';
import { describeEachEngine } from '../../test/describe-each-engine';
import { TEST_MANIFEST } from '../../test/test-tools';
import type { TestUser } from '../../test/test-users';
import { assistantRuns } from '../db/schema';
import { assistantChat, createAssistant, startAssistantsServer } from './test-assistant-chat';

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());

interface Seen {
  status: string;
  started: boolean;
}

describeEachEngine('assistant run statuses', (getDb, { getDatabase }) => {
  let server: ChatServer;
  let user: TestUser;
  beforeAll(async () => {
    server = await startAssistantsServer(getDatabase(), fake, { toolManifest: TEST_MANIFEST });
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    fake.reset();
    user = await chatUser(server);
  });

  /** Reads the user's run every 25 ms until the stream ends; each change of status once, in order. */
  async function watchRun(reader: EventReader): Promise<Seen[]> {
    const seen: Seen[] = [];
    let ended = false;
    void reader.done.then(() => (ended = true));
    for (;;) {
      const stop = ended;
      const [run] = await getDb().select().from(assistantRuns).where(eq(assistantRuns.userId, user.user.id));
      if (run && seen.at(-1)?.status !== run.status) {
        seen.push({ status: run.status, started: run.startedAt !== null });
      }
      if (stop) return seen;
      await sleep(25);
    }
  }

  it(
    'is queued until the model answers, in progress while it writes, requires action while tools run',
    { timeout: 120_000 },
    async () => {
      const assistant = await createAssistant(server, user, { tools: ['sleeper'] });
      fake.script({
        replies: [
          {
            firstChunkDelayMs: 800,
            delayMs: 250,
            chunkSize: 3,
            toolCalls: [{ id: 'call_nap', name: 'sleeper', arguments: '{"ms":800}' }],
          },
          { firstChunkDelayMs: 800, delayMs: 250, chunks: ['Rested', ' well.'] },
        ],
      });
      const reader = new EventReader(
        await assistantChat(server, user, { text: 'Take a nap', assistant_id: assistant.id }),
      );
      const seen = await watchRun(reader);
      expect(reader.text()).toBe('Rested well.');
      expect(seen).toEqual([
        { status: 'queued', started: false },
        { status: 'in_progress', started: true },
        { status: 'requires_action', started: true },
        { status: 'in_progress', started: true },
        { status: 'completed', started: true },
      ]);
    },
  );

  it('records a run stopped while queued as cancelled, never started', { timeout: 120_000 }, async () => {
    const assistant = await createAssistant(server, user);
    fake.script({ replies: [{ firstChunkDelayMs: 5_000, text: 'Too late.' }] });
    const reader = new EventReader(
      await assistantChat(server, user, { text: 'hello?', assistant_id: assistant.id }),
    );
    const created = await reader.waitFor((event) => event.data.type === 'created');
    if (created.data.type !== 'created') throw new Error('no created event');
    const [queued] = await getDb().select().from(assistantRuns).where(eq(assistantRuns.userId, user.user.id));
    expect(queued).toMatchObject({ status: 'queued', startedAt: null });
    const abort = await server.app.inject({
      method: 'POST',
      url: '/api/assistants/chat/abort',
      headers: user.headers,
      payload: {
        abortKey: `${created.data.conversationId}:${created.data.responseMessageId}`,
        endpoint: 'assistants',
      },
    });
    expect(abort.statusCode, abort.body).toBe(200);
    await reader.done;
    const [run] = await getDb().select().from(assistantRuns).where(eq(assistantRuns.userId, user.user.id));
    expect(run).toMatchObject({ status: 'cancelled', startedAt: null });
    expect(run?.cancelledAt).toBeInstanceOf(Date);
  });
});
