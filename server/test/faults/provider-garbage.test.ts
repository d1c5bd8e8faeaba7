import type { Message } from '@parley/shared/schemas/message';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { askToEnd, CHAT_MODEL, chatUser, startChatServer, type ChatServer } from '../chat-harness';
import { createTestPglite } from '../test-database';
import type { TestUser } from '../test-users';
import { sseDelta, startGarbageProvider, type GarbageAnswer, type GarbageProvider } from './garbage-provider';

const HTML_PAGE = '<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>';
const SSE = 'text/event-stream';

describe('a provider answering garbage', () => {
  let provider: GarbageProvider;
  let database: Database;
  let server: ChatServer;
  let user: TestUser;

  beforeAll(async () => {
    provider = await startGarbageProvider();
    database = await createTestPglite();
    server = await startChatServer(database, {
      OPENAI_API_KEY: 'sk-test',
      OPENAI_REVERSE_PROXY: provider.baseURL,
      OPENAI_MODELS: CHAT_MODEL,
      LIMIT_CONCURRENT_MESSAGES: 'false',
      LIMIT_MESSAGE_IP: 'false',
      TITLE_CONVO: 'false',
    });
    user = await chatUser(server);
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
    await provider?.close();
  });

  /** Sends one message against the scripted answer; returns the stream and the reply as saved. */
  async function askWith(answer: GarbageAnswer) {
    provider.answer(answer);
    const reader = await askToEnd(server, user, { text: 'Hello?' });
    const reply = reader.final().responseMessage;
    const rows = await server.app.inject({
      url: `/api/messages/${reply.conversationId}`,
      headers: user.headers,
    });
    expect(rows.statusCode).toBe(200);
    const saved = rows.json<Message[]>().find((message) => message.messageId === reply.messageId);
    const error = reader.events.find((e) => e.data.type === 'error')?.data;
    return { reader, saved, error: error?.type === 'error' ? error : undefined };
  }

  const garbage: Array<[string, GarbageAnswer]> = [
    ['a 200 with an HTML page', { contentType: 'text/html', pieces: [HTML_PAGE] }],
    ['an event stream whose data is not JSON', { contentType: SSE, pieces: ['data: <b>oops</b>\n\n'] }],
    ['an event stream of JSON that is no chunk', { contentType: SSE, pieces: ['data: {"hello":1}\n\n'] }],
    ['a 200 whose stream holds nothing', { contentType: SSE, pieces: ['data: [DONE]\n\n'] }],
    ['a 502 with an HTML page', { status: 502, contentType: 'text/html', pieces: [HTML_PAGE] }],
  ];

  it.each(garbage)('%s gives a typed error reply, saved, never a 500', async (_name, answer) => {
    const { reader, saved, error } = await askWith(answer);
    expect(reader.response.status).toBe(200);
    expect(reader.types().slice(-2)).toEqual(['error', 'final']);
    expect(error?.kind).toBe('upstream');
    expect(error?.message).not.toMatch(/<html|<!DOCTYPE|at .*\.ts:\d+|undefined|connection/i);
    expect(saved).toMatchObject({ error: true, isCreatedByUser: false });
    expect(saved?.text).toBe(error?.text);
  });

  it('garbage after some text keeps that text, saved as unfinished, with the error', async () => {
    const pieces = [sseDelta('Hello '), sseDelta('there'), 'data: {not json\n\n'];
    const { reader, saved, error } = await askWith({ contentType: SSE, pieces });
    expect(reader.types().slice(-2)).toEqual(['error', 'final']);
    expect(error?.kind).toBe('upstream');
    expect(saved).toMatchObject({ text: 'Hello there', unfinished: true, error: false });
  });

  it('the next, well-formed reply is served as usual', async () => {
    const pieces = [sseDelta('All '), sseDelta('good'), 'data: [DONE]\n\n'];
    const { saved, error } = await askWith({ contentType: SSE, pieces });
    expect(error).toBeUndefined();
    expect(saved).toMatchObject({ text: 'All good', error: false });
  });
});
