import { startFakeOpenAI, type FakeOpenAI } from '@parley/fakes/openai-server';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import type { Env } from '../config/env';
import {
  ask,
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

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());

/** A title request: it asks for a title of a few words (issue 16). */
const isTitleCall = (body: { messages?: unknown }): boolean => /5 words/.test(JSON.stringify(body.messages));

/** A whole turn in a new conversation, its title included: what was started before it has been sent. */
async function barrierTurn(app: ChatServer, user: TestUser): Promise<void> {
  fake.script({ replies: [{ text: 'Noted.' }, { text: 'Barrier Title' }] });
  await askToEnd(app, user, { text: 'One more thing' });
}

describeEachEngine('titles, limits and balance', (_getDb, { getDatabase }) => {
  let server: ChatServer | undefined;
  let user: TestUser;
  const serve = async (env: Env): Promise<ChatServer> => {
    server = await startChatServer(getDatabase(), chatEnv(fake, env));
    user = await chatUser(server);
    return server;
  };
  beforeEach(() => fake.reset());
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  const genTitle = (app: ChatServer, conversationId: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/convos/gen_title',
      headers: user.headers,
      payload: { conversationId },
    });

  it('generates a title after the first exchange with the same model, returned by gen_title', async () => {
    const app = await serve({ TITLE_CONVO: 'true' });
    fake.script({ replies: [{ text: 'Hello! How can I help?' }, { text: '"Friendly Greeting Exchange."' }] });
    const reader = await askToEnd(app, user, { text: 'Hello there' });
    const { conversationId } = reader.final().conversation;
    const response = await genTitle(app, conversationId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ title: 'Friendly Greeting Exchange' });
    const [, titleCall] = completionBodies(fake);
    expect(titleCall).toMatchObject({ model: CHAT_MODEL, max_tokens: 16 });
    expect(JSON.stringify(titleCall?.messages)).toContain('Hello there');
    expect(JSON.stringify(titleCall?.messages)).toMatch(/5 words/);

    fake.script({ replies: [{ text: 'Sure.' }] });
    const follow = await askToEnd(app, user, {
      text: 'Again',
      conversationId,
      parentMessageId: reader.final().responseMessage.messageId,
    });
    expect(follow.final().conversation.title).toBe('Friendly Greeting Exchange');
    // Another conversation's whole turn, asked after: a title the follow-up had started would come before it.
    await barrierTurn(app, user);
    expect(completionBodies(fake).slice(0, 4).map(isTitleCall)).toEqual([false, true, false, false]);
  });

  it('a failed title falls back to the first message and never touches the reply', async () => {
    const app = await serve({ TITLE_CONVO: 'true' });
    fake.script({ replies: [{ text: 'Fine.' }, { error: { status: 500 } }] });
    const reader = await askToEnd(app, user, { text: 'Hello there' });
    expect(reader.final().responseMessage).toMatchObject({ text: 'Fine.', error: false });
    const response = await genTitle(app, reader.final().conversation.conversationId);
    expect(response.json()).toEqual({ title: 'Hello there' });
  });

  it('without a title model the first message names the conversation, already in final', async () => {
    const app = await serve({ TITLE_CONVO: 'false' });
    fake.script({ replies: [{ text: 'Fine.' }] });
    const reader = await askToEnd(app, user, { text: '  Plan a trip\n to   Lyon and Nice  ' });
    expect(reader.final().conversation.title).toBe('Plan a trip');
    expect(completionBodies(fake)).toHaveLength(1);
  });

  it('a first reply that failed still leaves a title from the first message', async () => {
    const app = await serve({ TITLE_CONVO: 'true' });
    fake.script({ replies: [{ error: { status: 500 } }] });
    const reader = await askToEnd(app, user, { text: 'Why is the sky blue?' });
    expect(reader.final().responseMessage.error).toBe(true);
    expect(reader.final().conversation.title).toBe('Why is the sky blue?');
    // No title is asked of a provider that just failed.
    expect(completionBodies(fake)).toHaveLength(1);
  });

  it('a first reply the user stopped still leaves a title from the first message (issue 16 item 3)', async () => {
    const app = await serve({ TITLE_CONVO: 'true' });
    const words = Array.from({ length: 30 }, (_, i) => `w${i} `);
    fake.script({ replies: [{ chunks: words, delayMs: 60 }] });
    const reader = await ask(app, user, { text: '  Name the planets\nin order  ' });
    await reader.waitFor(() => reader.events.filter((e) => e.data.type === 'text').length >= 3);
    const created = reader.events[0]?.data;
    if (created?.type !== 'created') throw new Error('no created event');
    const stopped = await postJson(app, '/api/ask/openAI/abort', user, {
      abortKey: created.conversationId,
      endpoint: 'openAI',
    });
    expect(stopped.status).toBe(200);
    await reader.done;
    expect(reader.final().responseMessage.finish_reason).toBe('incomplete');
    expect(reader.final().conversation.title).toBe('Name the planets');
    const listed = await app.app.inject({ url: '/api/convos?pageNumber=1', headers: user.headers });
    expect(listed.json<{ conversations: { title: string }[] }>().conversations[0]?.title).toBe(
      'Name the planets',
    );
    // No title is asked of the model for a reply that was not completed (checked after another turn).
    await barrierTurn(app, user);
    expect(completionBodies(fake).slice(0, 2).map(isTitleCall)).toEqual([false, false]);
  });

  it('refuses a message beyond the concurrent limit with code concurrent, and frees the slot after', async () => {
    const app = await serve({ LIMIT_CONCURRENT_MESSAGES: 'true', CONCURRENT_MESSAGE_MAX: '1' });
    fake.script({ replies: [{ chunks: ['a', 'b', 'c', 'd'], delayMs: 150 }, { text: 'ok' }] });
    const running = await ask(app, user, { text: 'one' });
    const refused = await postJson(app, '/api/ask/openAI', user, {
      endpoint: 'openAI',
      model: CHAT_MODEL,
      text: 'two',
    });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'concurrent', limit: 1 });
    await running.done;
    const after = await askToEnd(app, user, { text: 'three' });
    expect(after.final().responseMessage.text).toBe('ok');
  });

  it('refuses messages beyond the per-user window with code message_limit and Retry-After', async () => {
    const app = await serve({ LIMIT_MESSAGE_USER: 'true', MESSAGE_USER_MAX: '2', MESSAGE_USER_WINDOW: '1' });
    await askToEnd(app, user, { text: 'one' });
    await askToEnd(app, user, { text: 'two' });
    const refused = await postJson(app, '/api/ask/openAI', user, {
      endpoint: 'openAI',
      model: CHAT_MODEL,
      text: '3',
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({
      code: 'message_limit',
      max: 2,
      limiter: 'user',
      windowInMinutes: 1,
    });
    const other = await chatUser(app);
    const fine = await askToEnd(app, other, { text: 'mine' });
    expect(fine.types().at(-1)).toBe('final');
  });

  it('refuses messages beyond the per-IP window with code message_limit', async () => {
    const app = await serve({ LIMIT_MESSAGE_IP: 'true', MESSAGE_IP_MAX: '1' });
    await askToEnd(app, user, { text: 'one' });
    const other = await chatUser(app);
    const refused = await postJson(app, '/api/ask/openAI', other, {
      endpoint: 'openAI',
      model: CHAT_MODEL,
      text: '2',
    });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'message_limit', limiter: 'ip' });
  });

  it('refuses a turn the balance cannot pay with code token_balance, balance and cost', async () => {
    const app = await serve({ CHECK_BALANCE: 'true', START_BALANCE: '0' });
    const refused = await postJson(app, '/api/ask/openAI', user, {
      endpoint: 'openAI',
      model: CHAT_MODEL,
      text: 'Hi',
    });
    expect(refused.status).toBe(402);
    const body = (await refused.json()) as {
      code: string;
      balance: number;
      tokenCost: number;
      promptTokens: number;
    };
    expect(body).toMatchObject({ code: 'token_balance', balance: 0 });
    expect(body.tokenCost).toBeGreaterThan(0);
    expect(body.promptTokens).toBeGreaterThan(0);
    expect(completionBodies(fake)).toEqual([]);
  });

  it('debits the balance for a reply, using the provider usage', async () => {
    const app = await serve({ CHECK_BALANCE: 'true', START_BALANCE: '1000000' });
    fake.script({
      replies: [{ text: 'Paid answer', usage: { prompt_tokens: 1000, completion_tokens: 100 } }],
    });
    await askToEnd(app, user, { text: 'Hi' });
    const balance = await app.app.inject({ url: '/api/balance', headers: user.headers });
    // gpt-4o-mini: 0.15 credits per prompt token, 0.6 per completion token.
    expect(balance.json()).toEqual({ balance: 1_000_000 - 1000 * 0.15 - 100 * 0.6 });
  });

  it('refuses text the moderation endpoint flags, with code moderation', async () => {
    const seen: Array<{ authorization: string | undefined; input: string }> = [];
    const moderation = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const { input } = JSON.parse(body) as { input: string };
        seen.push({ authorization: req.headers.authorization, input });
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({
            id: 'modr-1',
            model: 'omni',
            results: [{ flagged: input.includes('forbidden') }],
          }),
        );
      });
    });
    await new Promise<void>((resolve) => moderation.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = moderation.address() as AddressInfo;
      const app = await serve({
        OPENAI_MODERATION: 'true',
        OPENAI_MODERATION_API_KEY: 'sk-mod',
        OPENAI_MODERATION_REVERSE_PROXY: `http://127.0.0.1:${port}/v1`,
      });
      const body = { endpoint: 'openAI', model: CHAT_MODEL, text: 'something forbidden' };
      const refused = await postJson(app, '/api/ask/openAI', user, body);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ code: 'moderation' });
      const fine = await askToEnd(app, user, { text: 'something nice' });
      expect(fine.types().at(-1)).toBe('final');
      expect(seen).toEqual([
        { authorization: 'Bearer sk-mod', input: 'something forbidden' },
        { authorization: 'Bearer sk-mod', input: 'something nice' },
      ]);
      expect(completionBodies(fake)).toHaveLength(1);
    } finally {
      await new Promise((resolve) => moderation.close(resolve));
    }
  });
});
