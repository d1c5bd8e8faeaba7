import type { IncomingMessage, ServerResponse } from 'node:http';
import { startFakeOpenAI, type FakeOpenAI } from '@parley/fakes/openai-server';
import type { FinalEvent } from '@parley/shared/stream/events';
import type { Message } from '@parley/shared/schemas/message';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { messages, transactions } from '../db/schema';
import {
  ask,
  chatEnv,
  chatUser,
  EventReader,
  postJson,
  startChatServer,
  type ChatServer,
} from '../../test/chat-harness';
import { describeEachEngine } from '../../test/describe-each-engine';
import type { TestUser } from '../../test/test-users';

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());

const WORDS = Array.from({ length: 30 }, (_, i) => `w${i} `);
const FULL_TEXT = WORDS.join('');

describeEachEngine('abort, disconnect and resume', (getDb, { getDatabase }) => {
  let server: ChatServer;
  let user: TestUser;
  beforeAll(async () => {
    server = await startChatServer(getDatabase(), chatEnv(fake));
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    fake.reset();
    user = await chatUser(server);
  });

  const slowReply = (delayMs = 60) => fake.script({ replies: [{ chunks: WORDS, delayMs }] });
  const conversationOf = (reader: EventReader): string => {
    const created = reader.events[0]?.data;
    if (created?.type !== 'created') throw new Error('no created event');
    return created.conversationId;
  };
  const resume = (conversationId: string, who: TestUser, lastEventId?: number, signal?: AbortSignal) =>
    fetch(`${server.url}/api/ask/stream/${conversationId}`, {
      headers: {
        ...who.headers,
        ...(lastEventId === undefined ? {} : { 'last-event-id': String(lastEventId) }),
      },
      ...(signal ? { signal } : {}),
    });
  const savedReply = async (conversationId: string): Promise<Message | undefined> => {
    const response = await server.app.inject({
      url: `/api/messages/${conversationId}`,
      headers: user.headers,
    });
    return response.json<Message[]>().find((m) => !m.isCreatedByUser);
  };
  /** Settles once the server has seen the connection of the next request whose path starts with `path` close. */
  const serverSawClose = (path: string): Promise<void> =>
    new Promise((resolve) => {
      const onRequest = (request: IncomingMessage, response: ServerResponse) => {
        if (!request.url?.startsWith(path)) return;
        server.app.server.off('request', onRequest);
        response.once('close', () => resolve());
      };
      server.app.server.on('request', onRequest);
    });
  const textEvents = (reader: EventReader, n: number) =>
    reader.waitFor(() => reader.events.filter((e) => e.data.type === 'text').length >= n);

  it('abort mid-stream saves the partial reply as stopped (incomplete, not unfinished) and answers it', async () => {
    slowReply();
    const reader = await ask(server, user, { text: 'Count' });
    await textEvents(reader, 3);
    const conversationId = conversationOf(reader);
    const response = await postJson(server, '/api/ask/openAI/abort', user, {
      abortKey: conversationId,
      endpoint: 'openAI',
    });
    expect(response.status).toBe(200);
    const final = (await response.json()) as FinalEvent;
    expect(final).toMatchObject({ type: 'final', final: true });
    const partial = final.responseMessage;
    // The user stopped it: complete as far as they are concerned (no "cut off" notice), Continue offered.
    expect(partial).toMatchObject({ finish_reason: 'incomplete', unfinished: false, error: false });
    expect(partial.text.length).toBeGreaterThan(0);
    expect(FULL_TEXT.startsWith(partial.text)).toBe(true);
    expect(partial.text.length).toBeLessThan(FULL_TEXT.length);
    await reader.done;
    expect(reader.final().responseMessage).toEqual(partial);
    expect(reader.text()).toBe(partial.text);
    expect(await savedReply(conversationId)).toMatchObject({
      text: partial.text,
      finish_reason: 'incomplete',
    });
    const usage = await getDb().select().from(transactions).where(eq(transactions.userId, user.user.id));
    expect(usage.map((t) => t.context)).toEqual(['incomplete', 'incomplete']);
  });

  it('abort answers 404 when nothing runs, and to another user', async () => {
    slowReply(30);
    const reader = await ask(server, user, { text: 'Count' });
    await textEvents(reader, 1);
    const conversationId = conversationOf(reader);
    const intruder = await chatUser(server);
    const foreign = await postJson(server, '/api/ask/openAI/abort', intruder, { abortKey: conversationId });
    expect(foreign.status).toBe(404);
    expect((await resume(conversationId, intruder)).status).toBe(404);
    await reader.done;
    expect(reader.final().responseMessage.finish_reason).toBe('stop');
    const late = await postJson(server, '/api/ask/openAI/abort', user, { abortKey: conversationId });
    expect(late.status).toBe(404);
    expect((await resume(conversationId, user)).status).toBe(404);
    // Opening a chat asks with ?optional=true: nothing running is an answer there, not an error.
    const probe = await fetch(`${server.url}/api/ask/stream/${conversationId}?optional=true`, {
      headers: user.headers,
    });
    expect(probe.status).toBe(204);
    expect(await probe.text()).toBe('');
  });

  it('a client that disconnects still gets its reply saved, and resumes it from created', async () => {
    slowReply();
    const controller = new AbortController();
    const disconnected = serverSawClose('/api/ask/');
    const first = await ask(server, user, { text: 'Count' }, { signal: controller.signal });
    await textEvents(first, 2);
    controller.abort();
    const conversationId = conversationOf(first);
    // The server has seen the client go: the run it started is still there to resume (404 when none runs).
    await disconnected;
    const response = await resume(conversationId, user);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const resumed = new EventReader(response);
    await resumed.done;
    expect(resumed.types()[0]).toBe('created');
    const merged = resumed.events[1]?.data;
    expect(merged?.type === 'text' && merged.offset).toBe(0);
    expect(merged?.type === 'text' && merged.text.length).toBeGreaterThanOrEqual(first.text().length);
    expect(resumed.text()).toBe(FULL_TEXT);
    expect(resumed.final().responseMessage).toMatchObject({ text: FULL_TEXT, unfinished: false });
    expect(await savedReply(conversationId)).toMatchObject({
      text: FULL_TEXT,
      unfinished: false,
      finish_reason: 'stop',
    });
  });

  it('resumes after Last-Event-ID with only the events that followed it', async () => {
    slowReply();
    const controller = new AbortController();
    const first = await ask(server, user, { text: 'Count' }, { signal: controller.signal });
    await textEvents(first, 3);
    controller.abort();
    const seen = [...first.events];
    const lastId = seen.at(-1)?.id ?? 0;
    const resumed = new EventReader(await resume(conversationOf(first), user, lastId));
    await resumed.done;
    expect(resumed.events[0]?.id).toBe(lastId + 1);
    const all = new EventReader(new Response(''));
    all.events.push(...seen, ...resumed.events);
    expect(all.events.map((e) => e.id)).toEqual(all.events.map((_, i) => i + 1));
    expect(all.text()).toBe(FULL_TEXT);
  });
});

describeEachEngine('shutting down', (getDb, { getDatabase }) => {
  it('stops runs still going and saves their replies before the server closes', async () => {
    const server = await startChatServer(getDatabase(), chatEnv(fake));
    const user = await chatUser(server);
    fake.script({ replies: [{ chunks: WORDS, delayMs: 100 }] });
    const reader = await ask(server, user, { text: 'Count' });
    await reader.waitFor((e) => e.data.type === 'text');
    await server.close();
    await reader.done;
    const reply = reader.final().responseMessage;
    expect(reply).toMatchObject({ finish_reason: 'incomplete', unfinished: true });
    const [saved] = await getDb().select().from(messages).where(eq(messages.messageId, reply.messageId));
    expect(saved).toMatchObject({ text: reply.text, finishReason: 'incomplete', unfinished: true });
  });
});
