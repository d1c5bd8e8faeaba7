// Plugins chats with the real manifest tools against the vendors' fakes: a search tool with a user's key,
// an image tool saving the user's file (`image_generation`) as an `image_file` part, a vendor failing, and
// credentials that stay with their user (the environment's winning over a stored one).
import { startFakeOpenAI, type FakeOpenAI } from '@parley/fakes/openai-server';
import { startFakeVendors, type FakeVendors } from '@parley/fakes/vendor-server';
import type { FileObject } from '@parley/shared/schemas/file';
import type { Message } from '@parley/shared/schemas/message';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import {
  ask,
  chatEnv,
  chatUser,
  completionBodies,
  postJson,
  startChatServer,
  type ChatServer,
} from '../../test/chat-harness';
import { describeEachEngine } from '../../test/describe-each-engine';
import type { TestUser } from '../../test/test-users';

let fake: FakeOpenAI;
let vendors: FakeVendors;
beforeAll(async () => {
  fake = await startFakeOpenAI();
  vendors = await startFakeVendors();
});
afterAll(async () => {
  await fake.close();
  await vendors.close();
});

const PLUGINS = { endpoint: 'gptPlugins', model: 'gpt-4o-mini' };

describeEachEngine('plugins chats with the vendor tools', (_getDb, { getDatabase }) => {
  let server: ChatServer;
  let user: TestUser;
  beforeAll(async () => {
    server = await startChatServer(
      getDatabase(),
      chatEnv(fake, {
        TAVILY_BASE_URL: vendors.base('tavily'),
        DALLE3_BASEURL: `${vendors.base('openai')}/v1`,
        WOLFRAM_BASE_URL: vendors.base('wolfram'),
        // The administrator's Wolfram key: it wins over any a user stores.
        WOLFRAM_APP_ID: 'ENV-APPID-1234',
      }),
    );
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    fake.reset();
    vendors.reset();
    user = await chatUser(server);
  });

  const install = (who: TestUser, pluginKey: string, auth?: Record<string, string>) =>
    server.app.inject({
      method: 'POST',
      url: '/api/user/plugins',
      headers: who.headers,
      payload: { pluginKey, action: 'install', ...(auth ? { auth } : {}) },
    });
  const askPlugins = (who: TestUser, body: Record<string, unknown>) =>
    ask(server, who, { ...PLUGINS, ...body }, { path: '/api/ask/gptPlugins' });

  it('lists the manifest tools; a search tool answers with the user key and the model reads its results', async () => {
    const list = await server.app.inject({ url: '/api/plugins', headers: user.headers });
    expect(list.json<Array<{ pluginKey: string }>>().map((p) => p.pluginKey)).toEqual([
      'pluginStore',
      'traversaal_search',
      'google',
      'wolfram',
      'web-browser',
      'serpapi',
      'dall-e',
      'dalle',
      'tavily_search_results_json',
      'calculator',
      'stable-diffusion',
      'azure-ai-search',
    ]);
    expect(
      (await install(user, 'tavily_search_results_json', { TAVILY_API_KEY: 'tvly-user-0123456789' }))
        .statusCode,
    ).toBe(200);
    fake.script({
      replies: [
        {
          toolCalls: [
            { id: 'call_t', name: 'tavily_search_results_json', arguments: '{"query":"tallest lighthouse"}' },
          ],
        },
        { text: 'The Tavily answer says so.' },
      ],
    });
    const reader = await askPlugins(user, {
      text: 'Which lighthouse is tallest?',
      tools: ['tavily_search_results_json'],
    });
    await reader.done;
    const final = reader.final().responseMessage;
    expect(final).toMatchObject({ text: 'The Tavily answer says so.', error: false });
    expect(final.content?.[0]).toMatchObject({
      type: 'tool_call',
      tool_call: { name: 'tavily_search_results_json', progress: 1 },
    });
    expect(vendors.requests[0]?.headers.authorization).toBe('Bearer tvly-user-0123456789');
    const toolMessage = (
      completionBodies(fake)[1]?.messages as Array<{ role: string; content: string }>
    ).find((m) => m.role === 'tool');
    expect(toolMessage?.content).toContain('Answer: The Tavily answer about tallest lighthouse.');
  }, 60_000);

  it('an image tool saves the picture as the user file and adds an image_file part, live and saved', async () => {
    expect(
      (await install(user, 'dalle', { 'DALLE3_API_KEY||DALLE_API_KEY': 'sk-dalle-user-123' })).statusCode,
    ).toBe(200);
    fake.script({
      replies: [
        { toolCalls: [{ id: 'call_d', name: 'dalle', arguments: '{"prompt":"A lighthouse at sunset"}' }] },
        { text: 'Here is your lighthouse.' },
      ],
    });
    const reader = await askPlugins(user, { text: 'Paint a lighthouse', tools: ['dalle'] });
    await reader.done;
    const live = reader.events.flatMap((e) => (e.data.type === 'content' ? [e.data.part] : []));
    const image = live.find((part) => part.type === 'image_file');
    // Says what came instead (a failed tool part carries its error) and whether the stream was cut short,
    // so a failure can be diagnosed.
    if (image?.type !== 'image_file')
      throw new Error(
        `no image_file part streamed: ${JSON.stringify(live).slice(0, 2000)}; events ${reader.types().join(',')}${reader.cutBy()}`,
      );
    expect(image.image_file).toMatchObject({ width: 256, height: 256 });

    const final = reader.final().responseMessage;
    expect(final.content?.map((part) => part.type)).toEqual(['tool_call', 'image_file', 'text']);
    const messages = await server.app.inject({
      url: `/api/messages/${final.conversationId}`,
      headers: user.headers,
    });
    const saved = messages.json<Message[]>().find((m) => !m.isCreatedByUser);
    expect(saved?.content?.[1]).toEqual(final.content?.[1]);

    const files = (await server.app.inject({ url: '/api/files', headers: user.headers })).json<
      FileObject[]
    >();
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({
      file_id: image.image_file.file_id,
      context: 'image_generation',
      type: 'image/png',
      width: 256,
      height: 256,
    });
    const bytes = await fetch(`${server.url}${image.image_file.filepath ?? ''}`);
    expect(bytes.status).toBe(200);
    expect(bytes.headers.get('content-type')).toBe('image/png');
    // The model is told the image is shown, not given a link to repeat.
    expect(JSON.stringify(completionBodies(fake)[1]?.messages)).toContain('shown to the user');

    // The tool's own model call is billed: one `tool` row beside the reply's `agent` row (issue 24).
    const { rows } = await getDatabase().db.execute<{
      kind: string;
      model: string;
      endpoint: string;
      prompt_tokens: number;
      request_id: string;
      credits: string;
    }>(
      sql`select kind, model, endpoint, prompt_tokens, request_id, credits::text from usage_ledger
        where user_id = ${user.user.id} order by kind`,
    );
    expect(rows.map((row) => row.kind)).toEqual(['agent', 'tool']);
    const tool = rows.find((row) => row.kind === 'tool');
    expect(tool).toMatchObject({
      model: 'dall-e-3',
      endpoint: 'openAI',
      prompt_tokens: Math.ceil('A lighthouse at sunset'.length / 4),
    });
    expect(tool?.request_id).toMatch(new RegExp(`^${final.messageId}:tool:[0-9a-f-]{36}$`));
    expect(Number(tool?.credits)).toBeGreaterThan(0);
  }, 60_000);

  it('a vendor answering 500, and arguments failing the schema, are failed parts; the reply still ends', async () => {
    await install(user, 'tavily_search_results_json', { TAVILY_API_KEY: 'tvly-user-0123456789' });
    vendors.setMode('tavily', 'error500');
    fake.script({
      replies: [
        {
          toolCalls: [
            { id: 'a', name: 'tavily_search_results_json', arguments: '{"query":"x"}' },
            { id: 'b', name: 'tavily_search_results_json', arguments: '{"q":"x"}' },
          ],
        },
        { text: 'The search failed.' },
      ],
    });
    const reader = await askPlugins(user, { text: 'search', tools: ['tavily_search_results_json'] });
    await reader.done;
    expect(reader.events.at(-1)?.data.type).toBe('final');
    const final = reader.final().responseMessage;
    const calls = (final.content ?? []).flatMap((p) => (p.type === 'tool_call' ? [p.tool_call] : []));
    expect(calls.map((c) => [c.id, c.progress])).toEqual([
      ['a', 2],
      ['b', 2],
    ]);
    expect(calls[0]?.output).toBe(
      'Error processing tool tavily_search_results_json: Tavily answered 500: The server had an error while processing your request.',
    );
    expect(calls[1]?.output).toMatch(/must have required property 'query'/);
    expect(final).toMatchObject({ text: 'The search failed.', error: false });
  }, 60_000);

  it("each user's search reaches the vendor with their own key; one uninstalling leaves the other's", async () => {
    const bob = await chatUser(server);
    // Without a key of his own Bob cannot install it, Alice's install notwithstanding.
    await install(user, 'tavily_search_results_json', { TAVILY_API_KEY: 'tvly-alice-0123456789' });
    const keyless = await install(bob, 'tavily_search_results_json');
    expect(keyless.statusCode).toBe(400);
    expect(keyless.json()).toMatchObject({ message: 'Tavily API Key is required.' });
    expect(
      (await install(bob, 'tavily_search_results_json', { TAVILY_API_KEY: 'tvly-bob-9876543210' }))
        .statusCode,
    ).toBe(200);

    const searchTurn = (id: string) => [
      { toolCalls: [{ id, name: 'tavily_search_results_json', arguments: '{"query":"lighthouses"}' }] },
      { text: 'Found it.' },
    ];
    const search = async (who: TestUser, id: string) => {
      fake.script({ replies: searchTurn(id) });
      const reader = await askPlugins(who, { text: 'Search', tools: ['tavily_search_results_json'] });
      await reader.done;
      expect(reader.final().responseMessage).toMatchObject({ text: 'Found it.', error: false });
    };
    await search(user, 'a1');
    await search(bob, 'b1');
    expect(vendors.requests.map((r) => r.headers.authorization)).toEqual([
      'Bearer tvly-alice-0123456789',
      'Bearer tvly-bob-9876543210',
    ]);
    const bobsView = await server.app.inject({ url: '/api/plugins', headers: bob.headers });
    expect(bobsView.body).not.toContain('tvly-');

    // Alice uninstalls: her tool is refused before streaming; Bob's install and key are untouched.
    await server.app.inject({
      method: 'POST',
      url: '/api/user/plugins',
      headers: user.headers,
      payload: { pluginKey: 'tavily_search_results_json', action: 'uninstall' },
    });
    const refused = await postJson(server, '/api/ask/gptPlugins', user, {
      ...PLUGINS,
      conversationId: null,
      text: 'again',
      tools: ['tavily_search_results_json'],
    });
    expect(refused.status).toBe(400);
    await search(bob, 'b2');
    expect(vendors.requests.map((r) => r.headers.authorization)).toEqual([
      'Bearer tvly-alice-0123456789',
      'Bearer tvly-bob-9876543210',
      'Bearer tvly-bob-9876543210',
    ]);
  }, 60_000);

  it("credentials stay with their user, and the environment's win over a stored one", async () => {
    const bob = await chatUser(server);
    await install(user, 'tavily_search_results_json', { TAVILY_API_KEY: 'tvly-alice-0123456789' });
    // Bob has not installed it: refused before streaming, naming it.
    const refused = await postJson(server, '/api/ask/gptPlugins', bob, {
      ...PLUGINS,
      conversationId: null,
      text: 'hi',
      tools: ['tavily_search_results_json'],
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      message: 'The tool "tavily_search_results_json" is not installed',
    });
    const bobsList = (await server.app.inject({ url: '/api/plugins', headers: bob.headers })).json<
      Array<{ pluginKey: string; authenticated: boolean }>
    >();
    expect(bobsList.find((p) => p.pluginKey === 'tavily_search_results_json')?.authenticated).toBe(false);
    expect(bobsList.find((p) => p.pluginKey === 'wolfram')?.authenticated).toBe(true);

    // Wolfram's key is in the environment: installing needs none, and one given is not used.
    expect((await install(bob, 'wolfram', { WOLFRAM_APP_ID: 'BOB-APPID-123456' })).statusCode).toBe(200);
    fake.script({
      replies: [{ toolCalls: [{ id: 'w', name: 'wolfram', arguments: '{"input":"6*7"}' }] }, { text: '42.' }],
    });
    const reader = await askPlugins(bob, { text: '6*7?', tools: ['wolfram'] });
    await reader.done;
    expect(vendors.requests.at(-1)?.query.appid).toBe('ENV-APPID-1234');
    expect(reader.final().responseMessage.text).toBe('42.');
  }, 60_000);
});
