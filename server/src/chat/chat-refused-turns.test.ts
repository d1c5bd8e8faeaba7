import { startFakeOpenAI, type FakeOpenAI } from '@parley/fakes/openai-server';
import type { Conversation } from '@parley/shared/schemas/conversation';
import type { Message } from '@parley/shared/schemas/message';
import { finalEventSchema } from '@parley/shared/stream/events';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import {
  askToEnd,
  chatEnv,
  chatUser,
  CHAT_MODEL,
  completionBodies,
  postJson,
  startChatServer,
  type ChatServer,
} from '../../test/chat-harness';
import { describeEachEngine } from '../../test/describe-each-engine';
import type { TestUser } from '../../test/test-users';
import { budgets } from '../db/schema';

/**
 * Issue 27 "What a user trips over" item 6: a turn refused for its cost (402 before streaming) is saved with
 * its error reply, so a reload still shows the user's message and the card, and the conversation is listed.
 */
describeEachEngine('turns refused for their cost are saved', (getDb, { getDatabase }) => {
  let fake: FakeOpenAI;
  let server: ChatServer | undefined;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
  });
  afterAll(() => fake.close());
  afterEach(async () => {
    fake.reset();
    await server?.close();
    server = undefined;
  });

  const serve = async (env: Record<string, string> = {}) => {
    server = await startChatServer(getDatabase(), chatEnv(fake, env));
    return server;
  };
  const refusedSend = async (app: ChatServer, user: TestUser, body: Record<string, unknown> = {}) => {
    const response = await postJson(app, '/api/ask/openAI', user, {
      endpoint: 'openAI',
      model: CHAT_MODEL,
      conversationId: null,
      text: 'Please answer this',
      ...body,
    });
    expect(response.status).toBe(402);
    return (await response.json()) as Record<string, unknown>;
  };
  const messagesOf = async (app: ChatServer, user: TestUser, conversationId: string) => {
    const response = await app.app.inject({ url: `/api/messages/${conversationId}`, headers: user.headers });
    expect(response.statusCode).toBe(200);
    return response.json<Message[]>();
  };
  const listed = async (app: ChatServer, user: TestUser) => {
    const response = await app.app.inject({ url: '/api/convos', headers: user.headers });
    return response.json<{ conversations: Conversation[] }>().conversations;
  };

  /** The 402's saved turn, checked against what GET /api/messages answers after it (a reload). */
  const expectSaved = async (app: ChatServer, user: TestUser, body: Record<string, unknown>) => {
    const final = finalEventSchema.parse(body.final);
    const { conversationId } = final.conversation;
    const stored = await messagesOf(app, user, conversationId);
    const question = stored.find((m) => m.isCreatedByUser);
    const reply = stored.find((m) => !m.isCreatedByUser);
    expect(question).toMatchObject({ text: 'Please answer this', messageId: final.requestMessage.messageId });
    expect(reply).toMatchObject({
      messageId: final.responseMessage.messageId,
      parentMessageId: question?.messageId,
      error: true,
      unfinished: false,
    });
    // The card's words come from the saved text, as they came from the 402's body before the reload.
    expect(JSON.parse(reply?.text ?? '')).toMatchObject({ type: body.code, message: body.message });
    const conversations = await listed(app, user);
    expect(conversations.map((c) => [c.conversationId, c.title])).toContainEqual([
      conversationId,
      'Please answer this',
    ]);
    return { final, reply };
  };

  it('a balance refusal keeps the user message and a token_balance error reply', async () => {
    const app = await serve({ CHECK_BALANCE: 'true', START_BALANCE: '0' });
    const user = await chatUser(app);
    const body = await refusedSend(app, user);
    expect(body).toMatchObject({ code: 'token_balance', balance: 0 });
    const { reply } = await expectSaved(app, user, body);
    expect(JSON.parse(reply?.text ?? '')).toMatchObject({
      balance: 0,
      tokenCost: body.tokenCost,
      promptTokens: body.promptTokens,
    });
    expect(completionBodies(fake)).toEqual([]);
  });

  it('a budget refusal keeps the user message and a budget_exceeded error reply', async () => {
    const app = await serve();
    const user = await chatUser(app);
    await getDb()
      .insert(budgets)
      .values({ scope: 'user', scopeId: user.user.id, metric: 'requests', limitAmount: 0, period: 'month' });
    const body = await refusedSend(app, user);
    expect(body).toMatchObject({ code: 'budget_exceeded', budget: { metric: 'requests', limit: 0 } });
    const { reply } = await expectSaved(app, user, body);
    expect(JSON.parse(reply?.text ?? '')).toMatchObject({ budget: body.budget });
    expect(completionBodies(fake)).toEqual([]);
  });

  it('a refusal in an existing conversation adds the turn under the last reply', async () => {
    const app = await serve({ CHECK_BALANCE: 'true', START_BALANCE: '1000' });
    const user = await chatUser(app);
    fake.script({
      replies: [{ text: 'First answer', usage: { prompt_tokens: 10_000, completion_tokens: 10 } }],
    });
    const first = await askToEnd(app, user, { text: 'First' });
    const { conversationId } = first.final().conversation;
    const body = await refusedSend(app, user, {
      conversationId,
      parentMessageId: first.final().responseMessage.messageId,
    });
    expect(body.code).toBe('token_balance');
    const stored = await messagesOf(app, user, conversationId);
    expect(stored.map((m) => [m.text.startsWith('{') ? 'error' : m.text, m.error])).toEqual([
      ['First', false],
      ['First answer', false],
      ['Please answer this', false],
      ['error', true],
    ]);
    // The conversation keeps the title its first exchange gave it.
    expect((await listed(app, user)).map((c) => c.title)).toEqual([first.final().conversation.title]);
  });

  it('a refused continue leaves the reply it would have continued as it was', async () => {
    const app = await serve({ CHECK_BALANCE: 'true', START_BALANCE: '1000' });
    const user = await chatUser(app);
    fake.script({
      replies: [
        { text: 'Cut here', finishReason: 'length', usage: { prompt_tokens: 10_000, completion_tokens: 2 } },
      ],
    });
    const first = await askToEnd(app, user, { text: 'First' });
    const reply = first.final().responseMessage;
    const response = await postJson(app, '/api/edit/openAI', user, {
      endpoint: 'openAI',
      model: CHAT_MODEL,
      text: 'First',
      conversationId: reply.conversationId,
      parentMessageId: reply.parentMessageId,
      responseMessageId: reply.messageId,
      isContinued: true,
    });
    expect(response.status).toBe(402);
    expect(await response.json()).not.toHaveProperty('final');
    const stored = await messagesOf(app, user, reply.conversationId);
    expect(stored.find((m) => m.messageId === reply.messageId)).toMatchObject({
      text: 'Cut here',
      error: false,
    });
  });
});
