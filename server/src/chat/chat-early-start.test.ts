// The provider request goes out while the turn is saved (ARCHITECTURE.md §4): what must still hold.
import { createServer, connect, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { startFakeOpenAI, type FakeOpenAI } from '@parley/fakes/openai-server';
import { NO_PARENT } from '@parley/shared/constants';
import type { FinalEvent } from '@parley/shared/stream/events';
import type { ConversationList } from '@parley/shared/schemas/conversation';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import {
  ask,
  askToEnd,
  chatEnv,
  chatUser,
  completionBodies,
  postJson,
  CHAT_MODEL,
  startChatServer,
  type ChatServer,
} from '../../test/chat-harness';
import { describeEachEngine } from '../../test/describe-each-engine';
import type { TestUser } from '../../test/test-users';

const UNSAVABLE = 'this message cannot be saved';
const SLOW_TO_SAVE = 'this message takes a while to save';

/** A TCP relay in front of the fake that counts the connections the server closed. */
async function startRelay(target: URL): Promise<{ baseURL: string; closed: () => number; server: Server }> {
  let closed = 0;
  const server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    client.pipe(upstream).pipe(client);
    client.on('close', () => {
      closed += 1;
      upstream.destroy();
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { baseURL: `http://127.0.0.1:${port}/v1`, closed: () => closed, server };
}

let fake: FakeOpenAI;
let relay: Awaited<ReturnType<typeof startRelay>>;
beforeAll(async () => {
  fake = await startFakeOpenAI();
  relay = await startRelay(new URL(fake.url));
});
afterAll(async () => {
  await new Promise<void>((resolve) => relay.server.close(() => resolve()));
  await fake.close();
});

describeEachEngine('the provider request sent while the turn is saved', (getDb, { getDatabase }) => {
  let server: ChatServer;
  let user: TestUser;
  beforeAll(async () => {
    // A database-side failure and a slow save, for two message texts only.
    await getDb().execute(
      sql.raw(`
      create or replace function chat_early_start_test_guard() returns trigger language plpgsql as $$
      begin
        if new.text = '${UNSAVABLE}' then raise exception 'refused by the test'; end if;
        if new.text = '${SLOW_TO_SAVE}' then perform pg_sleep(0.6); end if;
        return new;
      end $$`),
    );
    await getDb().execute(
      sql.raw(`create or replace trigger chat_early_start_test_guard before insert on messages
        for each row execute function chat_early_start_test_guard()`),
    );
    server = await startChatServer(getDatabase(), {
      ...chatEnv(fake),
      OPENAI_REVERSE_PROXY: relay.baseURL,
    });
  });
  afterAll(async () => {
    await server.close();
    await getDb().execute(sql.raw('drop trigger if exists chat_early_start_test_guard on messages'));
  });
  beforeEach(async () => {
    fake.reset();
    user = await chatUser(server);
  });

  const conversations = async (who: TestUser) => {
    const response = await server.app.inject({ url: '/api/convos', headers: who.headers });
    return response.json<ConversationList>().conversations;
  };

  it('relays created first, then the text, and saves both messages', async () => {
    fake.script({ replies: [{ text: 'An early reply', chunkSize: 3 }] });
    const reader = await askToEnd(server, user, { text: 'Hi', parentMessageId: NO_PARENT });
    expect(reader.types()[0]).toBe('created');
    expect(reader.types().at(-1)).toBe('final');
    expect(reader.text()).toBe('An early reply');
    const created = reader.events[0]?.data;
    const final = reader.final();
    expect(created?.type === 'created' && created.message).toEqual(final.requestMessage);
    expect(final.responseMessage).toMatchObject({ text: 'An early reply', unfinished: false });
  });

  it('a turn that cannot be saved ends its provider request, saves nothing and answers the error', async () => {
    fake.script({ replies: [{ text: 'never shown', stallAfterChunks: 1 }] });
    const closedBefore = relay.closed();
    const response = await postJson(server, '/api/ask/openAI', user, {
      endpoint: 'openAI',
      model: CHAT_MODEL,
      text: UNSAVABLE,
      conversationId: null,
      parentMessageId: NO_PARENT,
    });
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await conversations(user)).toEqual([]);
    await expect.poll(() => relay.closed()).toBeGreaterThan(closedBefore);
  });

  it('a turn in a conversation that is not the caller’s never reaches the provider', async () => {
    fake.script({ replies: [{ text: 'Mine' }] });
    const mine = await askToEnd(server, user, { text: 'Hi', parentMessageId: NO_PARENT });
    const { conversationId } = mine.final().conversation;
    fake.reset();
    const intruder = await chatUser(server);
    const response = await postJson(server, '/api/ask/openAI', intruder, {
      endpoint: 'openAI',
      model: CHAT_MODEL,
      text: 'x',
      conversationId,
      parentMessageId: NO_PARENT,
    });
    expect(response.status).toBe(404);
    expect(completionBodies(fake)).toEqual([]);
  });

  it('an abort that arrives while the turn is being saved still ends in final', async () => {
    fake.script({ replies: [{ text: 'First' }] });
    const first = await askToEnd(server, user, { text: 'Hi', parentMessageId: NO_PARENT });
    const { conversation, responseMessage } = first.final();
    fake.script({ replies: [{ chunks: ['never ', 'relayed'], firstChunkDelayMs: 1_500 }] });
    const asking = ask(server, user, {
      text: SLOW_TO_SAVE,
      conversationId: conversation.conversationId,
      parentMessageId: responseMessage.messageId,
    });
    await expect.poll(() => completionBodies(fake)).toHaveLength(2);
    const abort = await postJson(server, '/api/ask/openAI/abort', user, {
      abortKey: conversation.conversationId,
    });
    expect(abort.status).toBe(200);
    const final = (await abort.json()) as FinalEvent;
    expect(final.requestMessage.text).toBe(SLOW_TO_SAVE);
    // Stopped by its user: saved as stopped (incomplete), not as cut off.
    expect(final.responseMessage).toMatchObject({ text: '', unfinished: false, finish_reason: 'incomplete' });
    const reader = await asking;
    await reader.done;
    expect(reader.types()).toEqual(['created', 'final']);
  });
});
