import { startFakeOpenAI, type FakeOpenAI } from '@parley/fakes/openai-server';
import { PROVIDER_STOPPED, type Message } from '@parley/shared/schemas/message';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import {
  askToEnd,
  ask,
  chatEnv,
  chatUser,
  completionBodies,
  postJson,
  startChatServer,
  type ChatServer,
  type EventReader,
} from '../../test/chat-harness';
import { describeEachEngine } from '../../test/describe-each-engine';
import { captureLogs } from '../../test/faults/captured-logs';
import type { TestUser } from '../../test/test-users';

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());

describeEachEngine('every way a reply can end is saved', (_getDb, { getDatabase }) => {
  let server: ChatServer;
  /**
   * The same app with a provider timeout of 1.5 s, for the replies only that timeout ends. The others keep the
   * default: on a loaded machine a 500 can take longer than 1.5 s to arrive, and would be reported as silence.
   */
  let impatient: ChatServer;
  let user: TestUser;
  const logs = captureLogs('warn');
  beforeAll(async () => {
    // One secret, so a user's token works on both.
    const env = chatEnv(fake, { JWT_SECRET: 'chat-failures-jwt-secret-0123456789' });
    server = await startChatServer(getDatabase(), env, undefined, { logger: logs.logger });
    impatient = await startChatServer(getDatabase(), { ...env, PROVIDER_TIMEOUT_MS: '1500' });
  });
  afterAll(() => Promise.all([server.close(), impatient.close()]));
  beforeEach(async () => {
    fake.reset();
    user = await chatUser(server);
  });
  afterEach(() => fake.reset());

  const saved = async (reader: EventReader): Promise<Message | undefined> => {
    const { conversationId } = reader.final().conversation;
    const response = await server.app.inject({
      url: `/api/messages/${conversationId}`,
      headers: user.headers,
    });
    return response.json<Message[]>().find((m) => !m.isCreatedByUser);
  };
  const errorOf = (reader: EventReader) => {
    const event = reader.events.find((e) => e.data.type === 'error')?.data;
    if (event?.type !== 'error') throw new Error(`no error event: ${reader.types().join(',')}`);
    return event;
  };

  it('a provider 500 before any text gives an error reply, an error event and final', async () => {
    fake.script({ replies: [{ error: { status: 500, message: 'The engine exploded' } }] });
    const reader = await askToEnd(server, user, { text: 'Hi' });
    expect(reader.types()).toEqual(['created', 'error', 'final']);
    const error = errorOf(reader);
    expect(error.kind).toBe('upstream');
    const reply = reader.final().responseMessage;
    expect(reply).toMatchObject({ error: true, unfinished: false, finish_reason: 'error', text: error.text });
    expect(JSON.parse(reply.text)).toMatchObject({ type: 'upstream' });
    expect(reply.content).toEqual([{ type: 'error', error: reply.text }]);
    expect(await saved(reader)).toMatchObject({ error: true, text: reply.text });
    // An operator sees it too: which reply, what kind, what the provider said.
    const logged = logs.lines.filter((line) => line.includes(reply.messageId));
    expect(logged).toHaveLength(1);
    expect(JSON.parse(logged[0] ?? '{}')).toMatchObject({
      level: 40,
      kind: 'upstream',
      endpoint: 'openAI',
      msg: expect.stringContaining('The engine exploded'),
    });
  });

  it('a rejected provider key is reported with its SPEC kind', async () => {
    fake.script({ apiKey: 'sk-other' });
    const reader = await askToEnd(server, user, { text: 'Hi' });
    expect(errorOf(reader).kind).toBe('invalid_api_key');
    expect(reader.final().responseMessage.error).toBe(true);
  });

  it('a connection dropped after some text keeps that text, saved as the provider having stopped', async () => {
    fake.script({ replies: [{ text: 'abcdefghij', chunkSize: 2, dropAfterChunks: 3 }] });
    const reader = await askToEnd(server, user, { text: 'Hi' });
    expect(reader.text()).toBe('abcdef');
    expect(reader.types().slice(-2)).toEqual(['error', 'final']);
    // The error event says what happened; its text is the partial reply, which is what is saved.
    expect(errorOf(reader)).toMatchObject({ kind: 'upstream', text: 'abcdef' });
    const reply = reader.final().responseMessage;
    const stopped = { text: 'abcdef', unfinished: true, error: false, finish_reason: PROVIDER_STOPPED };
    expect(reply).toMatchObject(stopped);
    expect(await saved(reader)).toMatchObject(stopped);
  });

  it('a provider that goes silent after some text keeps that text, saved as the provider having stopped', async () => {
    fake.script({ replies: [{ text: 'abcdefghij', chunkSize: 2, stallAfterChunks: 2 }] });
    const reader = await askToEnd(impatient, user, { text: 'Hi' });
    expect(errorOf(reader).message).toMatch(/sent nothing/);
    expect(await saved(reader)).toMatchObject({
      text: 'abcd',
      unfinished: true,
      error: false,
      finish_reason: PROVIDER_STOPPED,
    });
  });

  it('a provider silent for longer than PROVIDER_TIMEOUT_MS fails the reply, saved', async () => {
    // The fake stays silent until the server hangs up: only the timeout ends this reply.
    fake.script({ replies: [{ text: 'never', stallAfterChunks: 0 }] });
    const reader = await askToEnd(impatient, user, { text: 'Hi' });
    expect(errorOf(reader).message).toMatch(/sent nothing/);
    expect(await saved(reader)).toMatchObject({ error: true, finish_reason: 'error' });
  });

  it('a prompt that cannot fit the context window is a context_length error reply, never sent', async () => {
    const reader = await askToEnd(server, user, { text: 'word '.repeat(9_000), model: 'gpt-4' });
    expect(errorOf(reader).kind).toBe('context_length');
    expect(reader.final().responseMessage).toMatchObject({ error: true });
    expect(JSON.parse(reader.final().responseMessage.text)).toMatchObject({ type: 'context_length' });
    expect(completionBodies(fake)).toEqual([]);
  });

  it('older messages that do not fit are left out of the prompt, newest kept', async () => {
    const long = 'lorem '.repeat(5_000);
    fake.script({ replies: [{ text: 'first' }, { text: 'second' }] });
    const one = await askToEnd(server, user, { text: long, model: 'gpt-4' });
    const { conversationId } = one.final().conversation;
    await askToEnd(server, user, {
      text: 'short question',
      model: 'gpt-4',
      conversationId,
      parentMessageId: one.final().responseMessage.messageId,
      maxOutputTokens: 4_000,
    });
    const sent = completionBodies(fake).map((body) => JSON.stringify(body.messages).slice(0, 200));
    expect(sent[1]).toBe(
      JSON.stringify([
        { role: 'assistant', content: 'first' },
        { role: 'user', content: 'short question' },
      ]),
    );
  });

  it('saves the reply being generated every 2 s, marked unfinished', async () => {
    // 20 s of steady text (no provider timeout): long enough for the 2 s save to be seen on a loaded machine.
    fake.script({ replies: [{ chunks: Array.from({ length: 200 }, (_, i) => `${i} `), delayMs: 100 }] });
    const reader = await ask(server, user, { text: 'Go slowly' });
    await reader.waitFor((e) => e.data.type === 'created');
    const created = reader.events[0]?.data;
    if (created?.type !== 'created') throw new Error('no created');
    const stored = async () => {
      const response = await server.app.inject({
        url: `/api/messages/${created.conversationId}`,
        headers: user.headers,
      });
      return response.json<Message[]>().find((m) => !m.isCreatedByUser);
    };
    // The first save is made as the run starts; a longer text in the unfinished reply is a timed save's.
    let first = -1;
    await expect.poll(async () => (first = (await stored())?.text.length ?? -1)).toBeGreaterThanOrEqual(0);
    await expect
      .poll(async () => {
        const partial = await stored();
        return partial?.unfinished === true && partial.text.length > first;
      })
      .toBe(true);
    expect(reader.types()).not.toContain('final');
    await postJson(server, '/api/ask/openAI/abort', user, {
      abortKey: created.conversationId,
      endpoint: 'openAI',
    });
    await reader.done;
    expect(await saved(reader)).toMatchObject({ unfinished: false, finish_reason: 'incomplete' });
  });
});

describeEachEngine('user keys', (_getDb, { getDatabase }) => {
  let server: ChatServer;
  beforeAll(async () => {
    server = await startChatServer(getDatabase(), chatEnv(fake, { OPENAI_API_KEY: 'user_provided' }));
  });
  afterAll(() => server.close());

  it('a missing user key is refused before streaming with code no_user_key', async () => {
    const user = await chatUser(server);
    const response = await postJson(server, '/api/ask/openAI', user, {
      endpoint: 'openAI',
      model: 'gpt-4o-mini',
      text: 'Hi',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'no_user_key' });
  });
});
