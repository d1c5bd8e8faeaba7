import { randomUUID } from 'node:crypto';
import { startFakeOpenAI, type FakeOpenAI } from '@parley/fakes/openai-server';
import { NO_PARENT } from '@parley/shared/constants';
import { messagePathSchema } from '@parley/shared/schemas/message-path';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { askToEnd, chatEnv, chatUser, startChatServer, type ChatServer } from '../../test/chat-harness';
import { describeEachEngine } from '../../test/describe-each-engine';
import type { TestUser } from '../../test/test-users';

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());

describeEachEngine('the conversation leaf kept on the server', (_getDb, { getDatabase }) => {
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

  const reply = (text: string) => fake.script({ replies: [{ text }] });
  const opened = async (conversationId: string, as = user) => {
    const response = await server.app.inject({
      url: `/api/messages/${conversationId}?limit=50`,
      headers: as.headers,
    });
    expect(response.statusCode).toBe(200);
    return messagePathSchema.parse(response.json()).messages.map((m) => m.text);
  };
  const keep = (conversationId: string, currentLeafId: unknown, as = user) =>
    server.app.inject({
      method: 'POST',
      url: '/api/convos/update',
      headers: as.headers,
      payload: { arg: { conversationId, currentLeafId } },
    });

  it('an edit, a regenerate and the pager move the leaf the conversation reopens on', async () => {
    reply('About cats');
    const first = (await askToEnd(server, user, { text: 'Cats?', parentMessageId: NO_PARENT })).final();
    const conversationId = first.conversation.conversationId;
    reply('About dogs');
    await askToEnd(server, user, {
      text: 'Dogs?',
      conversationId,
      parentMessageId: NO_PARENT,
      overrideParentMessageId: first.requestMessage.messageId,
      isEdited: true,
    });
    // The edited branch is the one that reopens (it is also the newest, so the pager is tried next).
    expect(await opened(conversationId)).toEqual(['Dogs?', 'About dogs']);

    // The pager back to the first question: kept, and it reopens there although it is older.
    expect((await keep(conversationId, first.responseMessage.messageId)).statusCode).toBe(200);
    expect(await opened(conversationId)).toEqual(['Cats?', 'About cats']);

    // Regenerating on the first branch keeps it and shows the new reply.
    reply('More about cats');
    await askToEnd(server, user, {
      text: 'Cats?',
      conversationId,
      parentMessageId: first.requestMessage.messageId,
      isRegenerate: true,
      overrideParentMessageId: first.requestMessage.messageId,
    });
    expect(await opened(conversationId)).toEqual(['Cats?', 'More about cats']);
  });

  it('refuses a leaf that is not a message of the caller’s conversation', async () => {
    reply('Hello');
    const mine = (await askToEnd(server, user, { text: 'Hi', parentMessageId: NO_PARENT })).final();
    const conversationId = mine.conversation.conversationId;
    reply('Other');
    const other = (await askToEnd(server, user, { text: 'Other', parentMessageId: NO_PARENT })).final();

    expect((await keep(conversationId, other.responseMessage.messageId)).statusCode).toBe(404);
    expect((await keep(conversationId, randomUUID())).statusCode).toBe(404);
    const malformed = await keep(conversationId, 'not-an-id');
    expect(malformed.statusCode).toBe(400);
    const stranger = await chatUser(server);
    expect((await keep(conversationId, mine.responseMessage.messageId, stranger)).statusCode).toBe(404);
    expect(await opened(conversationId)).toEqual(['Hi', 'Hello']);
  });
});
