import { startFakeOpenAI, type FakeOpenAI } from '@parley/fakes/openai-server';
import type { Message } from '@parley/shared/schemas/message';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import {
  askToEnd,
  chatEnv,
  chatUser,
  startChatServer,
  type ChatServer,
  type EventReader,
} from '../chat-harness';
import { describeEachEngine } from '../describe-each-engine';
import type { TestUser } from '../test-users';

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());

/** PostgreSQL refuses U+0000 in text and jsonb, and lone surrogates in jsonb; a model may send either. */
const HOSTILE_CHUNKS = ['Here: ', 'a\u0000b', ' \uD800 ', '<script>alert(1)</script>', ' end'];
const STORED_TEXT = 'Here: a\uFFFDb \uFFFD <script>alert(1)</script> end';

describeEachEngine('hostile model output', (_getDb, { getDatabase }) => {
  let server: ChatServer;
  let user: TestUser;
  beforeAll(async () => {
    server = await startChatServer(getDatabase(), chatEnv(fake, { TITLE_CONVO: 'true' }));
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    fake.reset();
    user = await chatUser(server);
  });

  const conversationOf = (reader: EventReader): string => {
    const created = reader.events[0]?.data;
    if (created?.type !== 'created') throw new Error('no created event');
    return created.conversationId;
  };

  /** Waits for the title, so no title request of this test reaches the fake during the next one. */
  const titleOf = async (reader: EventReader) => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/convos/gen_title',
      headers: user.headers,
      payload: { conversationId: conversationOf(reader) },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ title: string }>().title;
  };

  it('a reply holding NUL characters and lone surrogates is saved, never lost', async () => {
    fake.script({ replies: [{ chunks: HOSTILE_CHUNKS }, { text: 'A title' }] });
    const reader = await askToEnd(server, user, { text: 'Say something odd' });
    expect(reader.text()).toBe(HOSTILE_CHUNKS.join(''));
    const saved = await server.app.inject({
      url: `/api/messages/${conversationOf(reader)}`,
      headers: user.headers,
    });
    const reply = saved.json<Message[]>().find((message) => !message.isCreatedByUser);
    expect(reply).toMatchObject({
      text: STORED_TEXT,
      unfinished: false,
      error: false,
      finish_reason: 'stop',
    });
    expect(await titleOf(reader)).toBe('A title');
  });

  it('a generated title holding NUL characters is saved', async () => {
    fake.script({ replies: [{ text: 'Hello!' }, { text: 'Odd\u0000 Title' }] });
    const reader = await askToEnd(server, user, { text: 'Hello there' });
    expect(await titleOf(reader)).toBe('Odd\uFFFD Title');
  });
});
