import { startFakeOpenAI, type FakeOpenAI } from '@parley/fakes/openai-server';
import { NO_PARENT } from '@parley/shared/constants';
import { conversationSchema } from '@parley/shared/schemas/conversation';
import type { ChatEvent } from '@parley/shared/stream/events';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import {
  askToEnd,
  CHAT_MODEL,
  chatEnv,
  chatUser,
  startChatServer,
  type ChatServer,
  type EventReader,
} from '../../test/chat-harness';
import { describeEachEngine } from '../../test/describe-each-engine';
import type { TestUser } from '../../test/test-users';
import { priceOf } from '../balance/prices';

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());

const createdOf = (reader: EventReader) =>
  reader.events.find((e) => e.event === 'created')?.data as Extract<ChatEvent, { type: 'created' }>;

describeEachEngine(
  'a conversation’s context gauge (API.md "Long conversations")',
  (_getDb, { getDatabase }) => {
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

    const opened = (conversationId: string, as = user) =>
      server.app.inject({ url: `/api/convos/${conversationId}`, headers: as.headers });

    it('keeps the latest turn’s context and answers the cost so far, to its owner only', async () => {
      fake.script({
        replies: [
          { text: 'Hello', usage: { prompt_tokens: 20, completion_tokens: 3 } },
          { text: 'Again', usage: { prompt_tokens: 31, completion_tokens: 4 } },
        ],
      });
      const first = await askToEnd(server, user, { text: 'Hi', parentMessageId: NO_PARENT });
      const { conversationId } = first.final().conversation;
      const second = await askToEnd(server, user, {
        text: 'Once more',
        conversationId,
        parentMessageId: first.final().responseMessage.messageId,
      });
      const context = createdOf(second).context;
      expect(context).toMatchObject({ droppedMessages: 0 });
      expect(context?.promptTokens).toBeGreaterThan(createdOf(first).context?.promptTokens ?? 0);

      // What a reload (or another device) reads: the second turn's context, and both replies' cost.
      const response = await opened(conversationId);
      expect(response.statusCode, response.body).toBe(200);
      const conversation = conversationSchema.parse(response.json());
      expect(conversation.turnContext).toEqual(context);
      const price = priceOf(CHAT_MODEL);
      expect(conversation.credits).toBeCloseTo(51 * price.prompt + 7 * price.completion, 6);
      // The end of a turn says the context too (its `final` conversation).
      expect(second.final().conversation.turnContext).toEqual(context);

      // Another user's conversation costs nothing of this one, and this one is a 404 to them.
      const stranger = await chatUser(server);
      fake.script({ replies: [{ text: 'Theirs', usage: { prompt_tokens: 50, completion_tokens: 50 } }] });
      const theirs = await askToEnd(server, stranger, { text: 'Mine', parentMessageId: NO_PARENT });
      expect((await opened(conversationId, stranger)).statusCode).toBe(404);
      expect(conversationSchema.parse((await opened(conversationId)).json()).credits).toBe(
        conversation.credits,
      );
      const own = conversationSchema.parse(
        (await opened(theirs.final().conversation.conversationId, stranger)).json(),
      );
      expect(own.credits).toBeCloseTo(50 * price.prompt + 50 * price.completion, 6);
    });
  },
);
