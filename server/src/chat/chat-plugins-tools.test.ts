import { startFakeOpenAI, type FakeOpenAI } from '@parley/fakes/openai-server';
import type { Message } from '@parley/shared/schemas/message';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import {
  ask,
  askToEnd,
  chatEnv,
  chatUser,
  completionBodies,
  EventReader,
  postJson,
  startChatServer,
  type ChatServer,
} from '../../test/chat-harness';
import { describeEachEngine } from '../../test/describe-each-engine';
import { TEST_MANIFEST } from '../../test/test-tools';
import type { TestUser } from '../../test/test-users';

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());

const PLUGINS = { endpoint: 'gptPlugins', model: 'gpt-4o-mini' };
const askPlugins = (server: ChatServer, user: TestUser, body: Record<string, unknown>) =>
  ask(server, user, { ...PLUGINS, ...body }, { path: '/api/ask/gptPlugins' });

describeEachEngine('plugins chats with tools', (_getDb, { getDatabase }) => {
  let server: ChatServer;
  let user: TestUser;
  beforeAll(async () => {
    server = await startChatServer(getDatabase(), chatEnv(fake), undefined, { toolManifest: TEST_MANIFEST });
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    fake.reset();
    user = await chatUser(server);
  });

  const install = async (who: TestUser, pluginKey: string, auth?: Record<string, string>) => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/user/plugins',
      headers: who.headers,
      payload: { pluginKey, action: 'install', ...(auth ? { auth } : {}) },
    });
    expect(response.statusCode).toBe(200);
  };
  const savedReply = async (conversationId: string): Promise<Message | undefined> => {
    const response = await server.app.inject({
      url: `/api/messages/${conversationId}`,
      headers: user.headers,
    });
    return response.json<Message[]>().find((m) => !m.isCreatedByUser);
  };

  it('answers with the calculator: tool part streamed and saved, then the text', async () => {
    await install(user, 'calculator');
    fake.script({
      replies: [
        { toolCalls: [{ id: 'call_1', name: 'calculator', arguments: '{"input":"6 * 7"}' }] },
        { text: 'The answer is 42.', chunkSize: 5 },
      ],
    });
    const reader = await askPlugins(server, user, { text: 'What is 6 times 7?', tools: ['calculator'] });
    await reader.done;
    const contents = reader.events.flatMap((e) => (e.data.type === 'content' ? [e.data] : []));
    expect(contents.map((e) => [e.index, e.part.type === 'tool_call' && e.part.tool_call.progress])).toEqual([
      [0, 0.1],
      [0, 1],
    ]);
    expect(contents.at(-1)?.part).toMatchObject({ tool_call: { name: 'calculator', output: '42' } });
    const texts = reader.events.flatMap((e) => (e.data.type === 'text' ? [e.data] : []));
    expect(texts.every((e) => e.index === 1)).toBe(true);
    expect(texts.map((e) => e.text).join('')).toBe('The answer is 42.');

    const final = reader.final().responseMessage;
    expect(final).toMatchObject({
      text: 'The answer is 42.',
      error: false,
      unfinished: false,
      finish_reason: 'stop',
    });
    expect(final.content).toEqual([
      {
        type: 'tool_call',
        tool_call: {
          id: 'call_1',
          type: 'function',
          name: 'calculator',
          arguments: '{"input":"6 * 7"}',
          output: '42',
          progress: 1,
        },
      },
      { type: 'text', text: 'The answer is 42.' },
    ]);
    expect(await savedReply(final.conversationId)).toMatchObject({
      text: final.text,
      content: final.content,
    });

    const [first, second] = completionBodies(fake);
    expect(first).toMatchObject({ model: 'gpt-4o-mini', temperature: 0, tool_choice: 'auto' });
    expect(JSON.stringify(first?.tools)).toContain('"calculator"');
    expect(JSON.stringify(first?.messages)).toContain('do not follow them');
    expect(second?.messages).toEqual(
      expect.arrayContaining([{ role: 'tool', tool_call_id: 'call_1', content: '42' }]),
    );
  }, 60_000);

  it('answers 400 naming a tool that is not installed or lacks credentials, before streaming', async () => {
    const notInstalled = await postJson(server, '/api/ask/gptPlugins', user, {
      ...PLUGINS,
      conversationId: null,
      text: 'hi',
      tools: ['sleeper'],
    });
    expect(notInstalled.status).toBe(400);
    expect(await notInstalled.json()).toMatchObject({ message: 'The tool "sleeper" is not installed' });
    expect(completionBodies(fake)).toHaveLength(0);
  });

  it('runs parallel calls; a failing tool and invalid arguments are failed parts; the reply still ends', async () => {
    await install(user, 'sleeper');
    await install(user, 'broken');
    fake.script({
      replies: [
        {
          toolCalls: [
            { id: 'a', name: 'sleeper', arguments: '{"ms":50}' },
            { id: 'b', name: 'broken', arguments: '{}' },
            { id: 'c', name: 'sleeper', arguments: '{"ms":"soon"}' },
          ],
        },
        { text: 'Done.' },
      ],
    });
    const reader = await askPlugins(server, user, { text: 'go', tools: ['sleeper', 'broken'] });
    await reader.done;
    const final = reader.final().responseMessage;
    const parts = (final.content ?? []).flatMap((p) => (p.type === 'tool_call' ? [p.tool_call] : []));
    expect(parts.map((p) => [p.id, p.progress])).toEqual([
      ['a', 1],
      ['b', 2],
      ['c', 2],
    ]);
    expect(parts[1]?.output).toBe('Error processing tool broken: The vendor answered 500.');
    expect(final).toMatchObject({ text: 'Done.', error: false });
    const toolMessages = (completionBodies(fake)[1]?.messages as Array<{ role: string }>).filter(
      (m) => m.role === 'tool',
    );
    expect(toolMessages).toHaveLength(3);
  }, 60_000);

  it('an abort stops the running tool and saves the reply with its tool part; resume shows the parts', async () => {
    await install(user, 'sleeper');
    fake.script({
      replies: [
        { text: 'Let me wait.', toolCalls: [{ id: 'z', name: 'sleeper', arguments: '{"ms":600000}' }] },
      ],
    });
    const reader = await askPlugins(server, user, { text: 'wait', tools: ['sleeper'] });
    await reader.waitFor((e) => e.data.type === 'content');
    const created = reader.events[0]?.data;
    if (created?.type !== 'created') throw new Error('no created');

    const resumed = await fetch(`${server.url}/api/ask/stream/${created.conversationId}`, {
      headers: user.headers,
    });
    const resumeReader = new EventReader(resumed);
    await resumeReader.waitFor((e) => e.data.type === 'content');

    // The tool would sleep 10 minutes: the run ends within the test's time only if the abort stops it.
    const aborted = await postJson(server, '/api/ask/gptPlugins/abort', user, {
      abortKey: created.conversationId,
    });
    expect(aborted.status).toBe(200);
    await reader.done;
    await resumeReader.done;
    const final = reader.final().responseMessage;
    expect(final).toMatchObject({ text: 'Let me wait.', unfinished: false, finish_reason: 'incomplete' });
    expect(final.content?.[1]).toMatchObject({ type: 'tool_call', tool_call: { id: 'z', progress: 2 } });
    const mergedText = resumeReader.events.find((e) => e.data.type === 'text')?.data;
    expect(mergedText).toMatchObject({ text: 'Let me wait.', offset: 0, index: 0 });
    expect(await savedReply(created.conversationId)).toMatchObject({ content: final.content });
  }, 60_000);

  it('without tools, a plugins chat is a plain completion', async () => {
    fake.script({ replies: [{ text: 'Plain.' }] });
    const reader = await askToEnd(
      server,
      user,
      { ...PLUGINS, text: 'hi', tools: [] },
      { path: '/api/ask/gptPlugins' },
    );
    expect(reader.final().responseMessage).toMatchObject({ text: 'Plain.' });
    expect(completionBodies(fake)[0]?.tools).toBeUndefined();
  });
});
