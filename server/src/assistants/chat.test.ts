import { eq } from 'drizzle-orm';
import { startFakeOpenAI, type FakeOpenAI } from '@parley/fakes/openai-server';
import type { Message } from '@parley/shared/schemas/message';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { chatUser, EventReader, postJson, type ChatServer } from '../../test/chat-harness';
import { describeEachEngine } from '../../test/describe-each-engine';
import { TEST_MANIFEST } from '../../test/test-tools';
import type { TestUser } from '../../test/test-users';
import { assistantRuns } from '../db/schema';
import {
  addKnowledgeFile,
  assistantChat,
  createAssistant as create,
  startAssistantsServer,
} from './test-assistant-chat';

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());

describeEachEngine('assistants chat', (getDb, { getDatabase }) => {
  let server: ChatServer;
  let user: TestUser;
  beforeAll(async () => {
    server = await startAssistantsServer(getDatabase(), fake, { toolManifest: TEST_MANIFEST });
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    fake.reset();
    user = await chatUser(server);
  });

  const createAssistant = (who: TestUser, body: object) => create(server, who, body);
  const chat = (who: TestUser, body: object) => assistantChat(server, who, body);
  const runsOf = async () =>
    getDb().select().from(assistantRuns).where(eq(assistantRuns.userId, user.user.id));

  it(
    'streams created, sync with the thread, tool parts and text, and records a completed run',
    { timeout: 90_000 },
    async () => {
      const assistant = await createAssistant(user, {
        instructions: 'You are terse.',
        tools: ['calculator'],
      });
      fake.script({
        replies: [
          { toolCalls: [{ id: 'call_1', name: 'calculator', arguments: '{"input":"6 * 7"}' }] },
          { text: 'It is 42.', chunkSize: 4, usage: { prompt_tokens: 11, completion_tokens: 3 } },
        ],
      });
      const response = await chat(user, {
        text: 'What is 6*7?',
        assistant_id: assistant.id,
        promptPrefix: 'Answer in English.',
      });
      expect(response.status).toBe(200);
      const reader = new EventReader(response);
      await reader.done;
      expect(reader.types()[0]).toBe('created');
      expect(reader.types()[1]).toBe('sync');
      const sync = reader.events[1]?.data;
      if (sync?.type !== 'sync') throw new Error('no sync');
      expect(sync.thread_id).toMatch(/^thread_/);
      expect(reader.types().at(-1)).toBe('final');
      expect(reader.text()).toContain('It is 42.');
      const parts = reader.events.flatMap((e) => (e.data.type === 'content' ? [e.data.part] : []));
      expect(parts.at(-1)).toMatchObject({
        type: 'tool_call',
        tool_call: { name: 'calculator', output: '42', progress: 1 },
      });
      const first = fake.requests[0]?.body as {
        messages: Array<{ role: string; content: unknown }>;
        tools?: unknown[];
      };
      expect(JSON.stringify(first.messages[0])).toContain('You are terse.');
      expect(JSON.stringify(first.messages[0])).toContain('Answer in English.');
      expect(first.tools).toHaveLength(1);
      const [run] = await runsOf();
      expect(run).toMatchObject({ status: 'completed', assistantId: assistant.id, threadId: sync.thread_id });
      expect(run?.completedAt).toBeInstanceOf(Date);

      // The next turn names the conversation and its thread; without the thread it is a 400.
      const final = reader.events.at(-1)?.data;
      if (final?.type !== 'final') throw new Error('no final');
      const missing = await chat(user, {
        text: 'again',
        assistant_id: assistant.id,
        conversationId: sync.conversationId,
        parentMessageId: final.responseMessage.messageId,
      });
      expect(missing.status).toBe(400);
      expect(await missing.json()).toMatchObject({ message: 'Missing thread_id for existing conversation' });
      fake.script({ replies: [{ text: 'Again.' }] });
      const next = await chat(user, {
        text: 'again',
        assistant_id: assistant.id,
        conversationId: sync.conversationId,
        parentMessageId: final.responseMessage.messageId,
        thread_id: sync.thread_id,
      });
      expect(next.status).toBe(200);
      const nextReader = new EventReader(next);
      await nextReader.done;
      const nextSync = nextReader.events[1]?.data;
      expect(nextSync).toMatchObject({ type: 'sync', thread_id: sync.thread_id });
      expect(await runsOf()).toHaveLength(2);
    },
  );

  it('labels the reply with the assistant’s name (SPEC §2), or "Assistant" without one', async () => {
    const senders = async (body: object) => {
      const assistant = await createAssistant(user, body);
      fake.script({ replies: [{ text: 'Ahoy.' }] });
      const reader = new EventReader(await chat(user, { text: 'Hello', assistant_id: assistant.id }));
      await reader.done;
      const created = reader.events[0]?.data;
      const final = reader.events.at(-1)?.data;
      if (created?.type !== 'created' || final?.type !== 'final') throw new Error('no created or final');
      const saved = await server.app.inject({
        method: 'GET',
        url: `/api/messages/${final.conversation.conversationId}`,
        headers: user.headers,
      });
      const reply = saved
        .json<Array<{ isCreatedByUser: boolean; sender: string }>>()
        .find((m) => !m.isCreatedByUser);
      return [created.sender, final.responseMessage.sender, reply?.sender];
    };
    expect(await senders({ name: 'Harbour guide' })).toEqual([
      'Harbour guide',
      'Harbour guide',
      'Harbour guide',
    ]);
    expect(await senders({})).toEqual(['Assistant', 'Assistant', 'Assistant']);
  });

  it('answers 404 before streaming for an unknown or another user’s assistant', async () => {
    const other = await chatUser(server);
    const theirs = await createAssistant(other, {});
    for (const id of [theirs.id, 'asst_nope']) {
      const response = await chat(user, { text: 'hi', assistant_id: id });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: 'Assistant not found' });
    }
    expect(fake.requests).toHaveLength(0);
  });

  it('answers retrieval from the assistant’s knowledge with a retrieval part', async () => {
    const assistant = await createAssistant(user, { tools: [{ type: 'retrieval' }] });
    const fileId = await addKnowledgeFile(server, user, assistant.id, {
      filename: 'facts.txt',
      type: 'text/plain',
      data: 'The secret launch code is PINEAPPLE-7.',
    });
    const read = await server.app.inject({ url: `/api/assistants/${assistant.id}`, headers: user.headers });
    expect(read.json()).toMatchObject({ file_ids: [fileId] });

    fake.script({
      replies: [
        { toolCalls: [{ id: 'r1', name: 'retrieval', arguments: '{"query":"launch code"}' }] },
        { text: 'PINEAPPLE-7' },
      ],
    });
    const reader = new EventReader(
      await chat(user, { text: 'What is the launch code?', assistant_id: assistant.id }),
    );
    await reader.done;
    const parts = reader.events.flatMap((e) => (e.data.type === 'content' ? [e.data.part] : []));
    expect(parts.at(-1)).toMatchObject({ type: 'tool_call', tool_call: { type: 'retrieval', progress: 1 } });
    const last = parts.at(-1);
    expect(last?.type === 'tool_call' && last.tool_call.output).toContain('PINEAPPLE-7');

    const removed = await server.app.inject({
      method: 'DELETE',
      url: '/api/files',
      headers: user.headers,
      payload: { files: [{ file_id: fileId }], assistant_id: assistant.id },
    });
    expect(removed.statusCode).toBe(200);
    const after = await server.app.inject({ url: `/api/assistants/${assistant.id}`, headers: user.headers });
    expect(after.json()).toMatchObject({ file_ids: [] });
  });

  it('stops a run: the abort answers final and the run is cancelled', async () => {
    const assistant = await createAssistant(user, {});
    fake.script({ replies: [{ chunks: Array.from({ length: 40 }, (_, i) => `w${i} `), delayMs: 50 }] });
    const reader = new EventReader(await chat(user, { text: 'count', assistant_id: assistant.id }));
    const text = await reader.waitFor((e) => e.data.type === 'text');
    if (text.data.type !== 'text') throw new Error('no text');
    const abort = await postJson(server, '/api/assistants/chat/abort', user, {
      abortKey: `${text.data.conversationId}:${text.data.messageId}`,
      endpoint: 'assistants',
    });
    expect(abort.status).toBe(200);
    const final = (await abort.json()) as { responseMessage: Message };
    expect(final.responseMessage.finish_reason).toBe('incomplete');
    await reader.done;
    await expect.poll(async () => (await runsOf())[0]?.status).toBe('cancelled');
  });
});
