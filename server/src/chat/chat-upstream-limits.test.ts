// Issue 11 item 4: an upstream stream cannot make the server buffer or keep unbounded text.
import { startFakeOpenAI, type FakeOpenAI } from '@parley/fakes/openai-server';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import {
  askToEnd,
  chatEnv,
  chatUser,
  startChatServer,
  type ChatServer,
  type EventReader,
} from '../../test/chat-harness';
import { describeEachEngine } from '../../test/describe-each-engine';

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());

const errorText = (reader: EventReader): string => {
  const event = reader.events.find((e) => e.data.type === 'error')?.data;
  if (event?.type !== 'error') throw new Error(`no error event: ${reader.types().join(',')}`);
  return event.message;
};

describeEachEngine('upstream limits', (_getDb, { getDatabase }) => {
  let server: ChatServer | undefined;
  beforeEach(() => fake.reset());
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('cuts a 30 MB reply at MAX_REPLY_CHARS (default 1,000,000) and saves it unfinished with a clear error', async () => {
    server = await startChatServer(getDatabase(), chatEnv(fake));
    const user = await chatUser(server);
    fake.script({ replies: [{ text: 'y'.repeat(30_000_000), chunkSize: 256 * 1024 }] });
    const reader = await askToEnd(server, user, { text: 'Hello' });
    expect(errorText(reader)).toContain('The reply was cut at 1,000,000 characters');
    const reply = reader.final().responseMessage;
    expect(reply.text.length).toBe(1_000_000);
    expect(reply).toMatchObject({ unfinished: true, finish_reason: 'error' });
  }, 120_000);

  it('fails a 40 MB event line after at most 4 MB, without buffering the rest', async () => {
    server = await startChatServer(getDatabase(), chatEnv(fake, { MAX_REPLY_CHARS: '100000000' }));
    const user = await chatUser(server);
    fake.script({ replies: [{ chunks: ['before ', 'z'.repeat(40_000_000)] }] });
    const reader = await askToEnd(server, user, { text: 'Hello' });
    expect(errorText(reader)).toContain('event longer than 4 MB');
    const reply = reader.final().responseMessage;
    expect(reply.text).toBe('before ');
    expect(reply).toMatchObject({ unfinished: true, finish_reason: 'error' });
  }, 120_000);
});
