import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { NO_PARENT } from '@parley/shared/constants';
import { parleyExportSchema } from '@parley/shared/schemas/export';
import { importResultSchema, type ImportResult } from '@parley/shared/schemas/import';
import type { Message } from '@parley/shared/schemas/message';
import { buildAppOn } from '../../test/app-on-database';
import { describeEachEngine } from '../../test/describe-each-engine';
import { createTestUser, type TestUser } from '../../test/test-users';
import type { AppConfig } from '../config/app-config';
import { getConversation, listConversations, saveConversationForTurn } from '../conversations/service';
import { listMessages, saveMessage } from '../messages/service';

/** A ChatGPT `mapping` node. */
const node = (id: string, parent: string | null, children: string[], message: object | null = null) => ({
  id,
  parent,
  children,
  message,
});
const said = (role: string, text: string, createTime: number, extra: object = {}) => ({
  author: { role },
  content: { content_type: 'text', parts: [text] },
  create_time: createTime,
  ...extra,
});

/**
 * A ChatGPT conversation whose first question was edited (two user branches under the root), with a
 * hidden system message, a browsing tool call and its result between a question and its answer.
 */
const branchedChatGpt = {
  title: 'Capitals',
  create_time: 1_700_000_000,
  update_time: 1_700_000_100,
  default_model_slug: 'gpt-4',
  current_node: 'a2',
  mapping: {
    root: node('root', null, ['sys']),
    sys: node('sys', 'root', ['u1', 'u1b'], {
      ...said('system', '', 1_700_000_000),
      metadata: { is_visually_hidden_from_conversation: true },
    }),
    u1: node('u1', 'sys', ['a1'], said('user', 'Capital of France?', 1_700_000_001)),
    a1: node(
      'a1',
      'u1',
      ['u2'],
      said('assistant', 'Paris.', 1_700_000_002, { metadata: { model_slug: 'gpt-4o' } }),
    ),
    u2: node('u2', 'a1', ['call'], said('user', 'And Spain?', 1_700_000_003)),
    call: node('call', 'u2', ['result'], {
      author: { role: 'assistant' },
      recipient: 'browser',
      content: { content_type: 'code', text: 'search("capital of Spain")' },
      create_time: 1_700_000_004,
    }),
    result: node('result', 'call', ['a2'], {
      author: { role: 'tool' },
      content: { content_type: 'tether_browsing_display', result: '…' },
      create_time: 1_700_000_005,
    }),
    a2: node('a2', 'result', [], said('assistant', 'Madrid.', 1_700_000_006)),
    u1b: node('u1b', 'sys', ['a1b'], said('user', 'Capital of Italy?', 1_700_000_010)),
    a1b: node('a1b', 'u1b', [], said('assistant', 'Rome.', 1_700_000_011)),
  },
};

const simpleChatGpt = (title: string, createTime = 1_710_000_000) => ({
  title,
  create_time: createTime,
  update_time: createTime,
  mapping: {
    r: node('r', null, ['q']),
    q: node('q', 'r', ['a'], said('user', `question of ${title}`, createTime)),
    a: node('a', 'q', [], said('assistant', `answer of ${title}`, createTime + 1)),
  },
});

/** Each message as the texts from its root down to it: the shape of a tree, whatever its ids. */
function treeShape(messages: readonly Message[]): string[] {
  const byId = new Map(messages.map((message) => [message.messageId, message]));
  return messages
    .map((message) => {
      const path: string[] = [];
      for (let at: Message | undefined = message; at; at = byId.get(at.parentMessageId))
        path.unshift(at.text);
      return path.join(' > ');
    })
    .sort();
}

describeEachEngine('conversation import', (getDb, { getDatabase }) => {
  let app: FastifyInstance;
  let config: AppConfig;
  beforeAll(async () => {
    ({ app, config } = await buildAppOn(getDatabase()));
  });
  afterAll(() => app.close());

  const user = (name: string): Promise<TestUser> =>
    createTestUser({ database: getDatabase(), config }, { name, password: null });
  const importFile = (owner: TestUser, payload: unknown) =>
    app.inject({
      method: 'POST',
      url: '/api/convos/import',
      headers: { ...owner.headers, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
  const imported = async (owner: TestUser, payload: unknown): Promise<ImportResult> => {
    const response = await importFile(owner, payload);
    expect(response.statusCode, response.body).toBe(200);
    return importResultSchema.parse(response.json());
  };

  it('imports a branched ChatGPT conversation with both branches, its timestamps and title', async () => {
    const alice = await user('alice');
    const result = await imported(alice, [branchedChatGpt]);
    expect(result).toMatchObject({ format: 'chatgpt', imported: 1, failed: [] });
    const [conversationId = ''] = result.conversationIds;
    const conversation = await getConversation(getDb(), alice.user.id, conversationId);
    expect(conversation).toMatchObject({
      title: 'Capitals',
      endpoint: 'openAI',
      model: 'gpt-4',
      createdAt: '2023-11-14T22:13:20.000Z',
      updatedAt: '2023-11-14T22:15:00.000Z',
    });
    const messages = await listMessages(getDb(), alice.user.id, conversationId);
    expect(treeShape(messages)).toEqual([
      'Capital of France?',
      'Capital of France? > Paris.',
      'Capital of France? > Paris. > And Spain?',
      'Capital of France? > Paris. > And Spain? > Madrid.',
      'Capital of Italy?',
      'Capital of Italy? > Rome.',
    ]);
    const byText = new Map(messages.map((message) => [message.text, message]));
    expect(byText.get('Capital of France?')).toMatchObject({
      parentMessageId: NO_PARENT,
      isCreatedByUser: true,
      sender: 'User',
      createdAt: '2023-11-14T22:13:21.000Z',
    });
    expect(byText.get('Capital of Italy?')?.parentMessageId).toBe(NO_PARENT);
    expect(byText.get('Paris.')).toMatchObject({ isCreatedByUser: false, model: 'gpt-4o' });
    expect(byText.get('Madrid.')?.parentMessageId).toBe(byText.get('And Spain?')?.messageId);
    for (const message of messages) {
      expect(message.messageId).not.toMatch(/^(u1|a1|u2|a2|u1b|a1b)$/);
      expect(message.conversationId).toBe(conversationId);
    }
  });

  it('imports the same file again without duplicates: new, updated and skipped are counted (issue 16 item 10)', async () => {
    const alice = await user('alice');
    const first = { ...simpleChatGpt('Tides', 1_720_000_000), id: 'chatgpt-conv-tides' };
    const once = await imported(alice, [first, simpleChatGpt('No id here', 1_720_000_500)]);
    expect(once).toMatchObject({ created: 2, updated: 0, skipped: 0, imported: 2, failed: [] });

    // The same conversation, later in ChatGPT: one more question and answer under the first answer.
    const grown = {
      ...first,
      update_time: 1_720_000_100,
      mapping: {
        ...first.mapping,
        a: node('a', 'q', ['q2'], said('assistant', 'answer of Tides', 1_720_000_001)),
        q2: node('q2', 'a', ['a2'], said('user', 'And neap tides?', 1_720_000_050)),
        a2: node('a2', 'q2', [], said('assistant', 'When Sun and Moon pull apart.', 1_720_000_051)),
      },
    };
    const twice = await imported(alice, [grown, simpleChatGpt('No id here', 1_720_000_500)]);
    expect(twice).toMatchObject({ created: 0, updated: 1, skipped: 1, imported: 1, failed: [] });
    expect([...twice.conversationIds].sort()).toEqual([...once.conversationIds].sort());

    const thrice = await imported(alice, [grown, simpleChatGpt('No id here', 1_720_000_500)]);
    expect(thrice).toMatchObject({ created: 0, updated: 0, skipped: 2, imported: 0 });

    const listed = (await listConversations(getDb(), alice.user.id, 1)).conversations;
    expect(listed.map((c) => c.title).sort()).toEqual(['No id here', 'Tides']);
    const tides = listed.find((c) => c.title === 'Tides');
    const messages = await listMessages(getDb(), alice.user.id, tides?.conversationId ?? '');
    expect(treeShape(messages)).toEqual([
      'question of Tides',
      'question of Tides > answer of Tides',
      'question of Tides > answer of Tides > And neap tides?',
      'question of Tides > answer of Tides > And neap tides? > When Sun and Moon pull apart.',
    ]);
  });

  it('imports everything valid and reports each conversation it could not read', async () => {
    const alice = await user('alice');
    const result = await imported(alice, [
      simpleChatGpt('First'),
      { title: 'Broken', create_time: 1 },
      simpleChatGpt('Third'),
      'not even an object',
      { title: 'Only a system prompt', mapping: { s: node('s', null, [], said('system', 'be nice', 1)) } },
    ]);
    expect(result.imported).toBe(2);
    expect(result.failed).toEqual([
      { index: 1, title: 'Broken', reason: 'missing "mapping" (the message tree)' },
      { index: 3, reason: 'not a conversation object' },
      { index: 4, title: 'Only a system prompt', reason: 'has no messages to import' },
    ]);
    const titles = (await listConversations(getDb(), alice.user.id, 1)).conversations.map((c) => c.title);
    expect(titles.sort()).toEqual(['First', 'Third']);
  });

  it('imports a LibreChat export, recursive or flat, with its branches and options', async () => {
    const alice = await user('alice');
    const recursive = {
      conversationId: 'lc-1',
      endpoint: 'anthropic',
      title: 'LibreChat chat',
      exportAt: '2024-05-01T10:00:00.000Z',
      branches: true,
      recursive: true,
      options: { endpoint: 'anthropic', model: 'claude-3-opus', temperature: 0.7, topK: 999 },
      messages: [
        {
          messageId: 'm1',
          parentMessageId: NO_PARENT,
          text: 'hi',
          sender: 'User',
          isCreatedByUser: true,
          createdAt: '2024-05-01T09:00:00.000Z',
          children: [
            {
              messageId: 'm2',
              text: 'hello',
              sender: 'Claude',
              createdAt: '2024-05-01T09:00:01.000Z',
              children: [],
            },
            {
              messageId: 'm3',
              text: '',
              content: [{ type: 'text', text: { value: 'hello again', annotations: [] } }],
              createdAt: '2024-05-01T09:00:02.000Z',
              children: [],
            },
          ],
        },
      ],
    };
    const flat = {
      ...recursive,
      title: 'Flat chat',
      recursive: false,
      messages: [
        { messageId: 'f1', parentMessageId: NO_PARENT, text: 'one', isCreatedByUser: true },
        { messageId: 'f2', parentMessageId: 'f1', text: 'two' },
        { messageId: 'f3', parentMessageId: 'f1', text: 'two, regenerated' },
        { messageId: 'f4', parentMessageId: 'f3', text: 'three' },
      ],
    };
    const result = await imported(alice, [recursive, flat]);
    expect(result).toMatchObject({ format: 'librechat', imported: 2, failed: [] });
    const [first = '', second = ''] = result.conversationIds;
    expect(await getConversation(getDb(), alice.user.id, first)).toMatchObject({
      title: 'LibreChat chat',
      endpoint: 'anthropic',
      model: 'claude-3-opus',
      temperature: 0.7,
    });
    expect((await getConversation(getDb(), alice.user.id, first)).topK).toBeUndefined();
    const recursiveMessages = await listMessages(getDb(), alice.user.id, first);
    expect(treeShape(recursiveMessages)).toEqual(['hi', 'hi > hello', 'hi > hello again']);
    expect(recursiveMessages.find((m) => m.text === 'hi')?.createdAt).toBe('2024-05-01T09:00:00.000Z');
    expect(treeShape(await listMessages(getDb(), alice.user.id, second))).toEqual([
      'one',
      'one > two',
      'one > two, regenerated',
      'one > two, regenerated > three',
    ]);
  });

  it('imports a deep recursive export (a 1,500-message thread)', async () => {
    const alice = await user('alice');
    type Nested = { messageId: string; text: string; children: Nested[] };
    let tree: Nested = { messageId: 'n1499', text: 'message 1499', children: [] };
    for (let i = 1498; i >= 0; i -= 1) tree = { messageId: `n${i}`, text: `message ${i}`, children: [tree] };
    const result = await imported(alice, {
      conversationId: 'deep',
      title: 'Deep',
      endpoint: 'openAI',
      messages: [tree],
    });
    expect(result.imported).toBe(1);
    const messages = await listMessages(getDb(), alice.user.id, result.conversationIds[0] ?? '');
    expect(messages).toHaveLength(1500);
    expect(messages.filter((m) => m.parentMessageId === NO_PARENT)).toHaveLength(1);
  });

  it('reports a message tree with a cycle, and refuses files it does not recognise', async () => {
    const alice = await user('alice');
    const cyclic = {
      title: 'Loop',
      endpoint: 'openAI',
      messages: [
        { messageId: 'a', parentMessageId: 'b', text: 'a' },
        { messageId: 'b', parentMessageId: 'a', text: 'b' },
      ],
    };
    const result = await imported(alice, [
      cyclic,
      { title: 'Fine', messages: [{ messageId: 'x', text: 'ok' }] },
    ]);
    expect(result.failed).toEqual([{ index: 0, title: 'Loop', reason: 'its message tree has a cycle' }]);
    expect(result.imported).toBe(1);
    for (const payload of [
      { hello: 'world' },
      [],
      [1, 2],
      { format: 'parley-export', version: 99, conversations: [] },
    ]) {
      const response = await importFile(alice, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toMatch(/Unrecognised file|no conversations|Unsupported Parley export/);
    }
    expect((await app.inject({ method: 'POST', url: '/api/convos/import', payload: [] })).statusCode).toBe(
      401,
    );
  });

  it('accepts a file larger than the default body limit', async () => {
    const alice = await user('alice');
    const long = 'x'.repeat(1_000_000);
    const conversations = Array.from({ length: 5 }, (_, i) => ({
      title: `Big ${i}`,
      messages: [{ messageId: 'm', text: `${i} ${long}`, isCreatedByUser: true }],
    }));
    expect((await imported(alice, conversations)).imported).toBe(5);
  });
  it("round-trips Parley's own export: same trees, titles and timestamps, new ids, the exporter untouched", async () => {
    const alice = await user('alice');
    const bob = await user('bob');
    const save = (conversationId: string, parentMessageId: string, text: string, isCreatedByUser: boolean) =>
      saveMessage(getDb(), alice.user.id, {
        messageId: randomUUID(),
        conversationId,
        parentMessageId,
        sender: isCreatedByUser ? 'User' : 'AI',
        text,
        isCreatedByUser,
      });
    for (const title of ['Branchy', 'Plain']) {
      const conversationId = randomUUID();
      await saveConversationForTurn(getDb(), alice.user.id, {
        conversationId,
        endpoint: 'openAI',
        model: 'gpt-4o',
        options: { temperature: 0.3 },
        title,
      });
      const question = await save(conversationId, NO_PARENT, `${title}: question`, true);
      const answer = await save(conversationId, question.messageId, `${title}: answer`, false);
      await save(conversationId, question.messageId, `${title}: regenerated answer`, false);
      await save(conversationId, answer.messageId, `${title}: follow-up`, true);
    }
    const exportResponse = await app.inject({ url: '/api/convos/export', headers: alice.headers });
    expect(exportResponse.statusCode).toBe(200);
    const file = parleyExportSchema.parse(exportResponse.json());

    const result = await imported(bob, file);
    expect(result).toMatchObject({ format: 'parley', imported: 2, failed: [] });
    const aliceIds = file.conversations.map((c) => c.conversationId);
    for (const [index, conversationId] of result.conversationIds.entries()) {
      const original = file.conversations[index];
      expect(aliceIds).not.toContain(conversationId);
      const copy = await getConversation(getDb(), bob.user.id, conversationId);
      expect(copy).toMatchObject({
        title: original?.title,
        endpoint: 'openAI',
        model: 'gpt-4o',
        temperature: 0.3,
        createdAt: original?.createdAt,
        updatedAt: original?.updatedAt,
      });
      const messages = await listMessages(getDb(), bob.user.id, conversationId);
      expect(treeShape(messages)).toEqual(treeShape(original?.messages ?? []));
      expect(messages.map((m) => m.createdAt).sort()).toEqual(
        (original?.messages ?? []).map((m) => m.createdAt).sort(),
      );
      expect(messages.some((m) => original?.messages.some((o) => o.messageId === m.messageId))).toBe(false);
    }
    // The exporter's conversations are exactly as they were.
    const aliceNow = (await listConversations(getDb(), alice.user.id, 1)).conversations;
    expect(aliceNow.map((c) => c.conversationId).sort()).toEqual([...aliceIds].sort());
    for (const conversationId of aliceIds) {
      expect(await listMessages(getDb(), alice.user.id, conversationId)).toHaveLength(4);
    }
  });
});
