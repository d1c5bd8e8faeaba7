import { startFakeOpenAI, type FakeOpenAI } from '@parley/fakes/openai-server';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import {
  askToEnd,
  chatEnv,
  chatUser,
  completionBodies,
  startChatServer,
  type ChatServer,
} from '../../test/chat-harness';
import { describeEachEngine } from '../../test/describe-each-engine';

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());

describeEachEngine('temporary chats', (_getDb, { getDatabase }) => {
  let server: ChatServer;
  beforeAll(async () => {
    server = await startChatServer(getDatabase(), chatEnv(fake, { TITLE_CONVO: 'true' }));
  });
  afterAll(() => server.close());
  beforeEach(() => fake.reset());

  it('a new chat with isTemporary is temporary for 720 hours, untitled, and never listed, searched or exported', async () => {
    const user = await chatUser(server);
    fake.script({ replies: [{ text: 'Sure, zanzibar.' }, { text: 'Should not be a title' }] });
    const before = Date.now();
    const reader = await askToEnd(server, user, { text: 'Say zanzibar', isTemporary: true });
    const { conversation } = reader.final();
    expect(conversation).toMatchObject({ isTemporary: true, title: 'New Chat' });
    const expires = Date.parse(conversation.expiredAt ?? '');
    expect(expires - before).toBeGreaterThanOrEqual(720 * 3_600_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(720 * 3_600_000);
    // Only the reply was asked for: no title request.
    expect(completionBodies(fake)).toHaveLength(1);

    const get = (url: string) => server.app.inject({ url, headers: user.headers });
    expect((await get(`/api/convos/${conversation.conversationId}`)).json()).toMatchObject({
      isTemporary: true,
    });
    expect((await get('/api/convos')).json().conversations).toEqual([]);
    expect((await get('/api/search?q=zanzibar')).json()).toMatchObject({ conversations: [], messages: [] });
    expect((await get('/api/convos/export')).body).not.toContain(conversation.conversationId);

    // A next turn in it keeps it temporary; "Keep this chat" makes it a normal one, listed and found.
    fake.script({ replies: [{ text: 'Again zanzibar.' }] });
    const next = await askToEnd(server, user, {
      text: 'Once more',
      conversationId: conversation.conversationId,
      parentMessageId: reader.final().responseMessage.messageId,
    });
    expect(next.final().conversation).toMatchObject({ isTemporary: true });
    const kept = await server.app.inject({
      method: 'POST',
      url: '/api/convos/update',
      headers: user.headers,
      payload: { arg: { conversationId: conversation.conversationId, isTemporary: false } },
    });
    // Kept, it is named by its first message (no title request: the model saw only the two turns).
    expect(kept.json()).toMatchObject({ isTemporary: false, expiredAt: null, title: 'Say zanzibar' });
    expect(completionBodies(fake)).toHaveLength(2);
    expect((await get('/api/convos')).json().conversations).toHaveLength(1);
    expect((await get('/api/search?q=zanzibar')).json().conversations).toHaveLength(1);
  });

  it('a temporary chat renamed before it is kept keeps its new name', async () => {
    const user = await chatUser(server);
    fake.script({ replies: [{ text: 'Fine.' }] });
    const reader = await askToEnd(server, user, { text: 'Plan a quiet trip', isTemporary: true });
    const { conversationId } = reader.final().conversation;
    const update = (arg: object) =>
      server.app.inject({
        method: 'POST',
        url: '/api/convos/update',
        headers: user.headers,
        payload: { arg: { conversationId, ...arg } },
      });
    expect((await update({ title: 'My own name' })).json()).toMatchObject({ title: 'My own name' });
    expect((await update({ isTemporary: false })).json()).toMatchObject({
      isTemporary: false,
      title: 'My own name',
    });
  });

  it('isTemporary on a turn of an existing conversation changes nothing', async () => {
    const user = await chatUser(server);
    fake.script({ replies: [{ text: 'One.' }, { text: 'Title' }, { text: 'Two.' }] });
    const first = await askToEnd(server, user, { text: 'First' });
    const { conversation, responseMessage } = first.final();
    const second = await askToEnd(server, user, {
      text: 'Second',
      conversationId: conversation.conversationId,
      parentMessageId: responseMessage.messageId,
      isTemporary: true,
    });
    expect(second.final().conversation).toMatchObject({ isTemporary: false, expiredAt: null });
  });
});
