import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { NO_PARENT } from '@parley/shared/constants';
import { highlightSegments, searchResultsSchema, type SearchResults } from '@parley/shared/schemas/search';
import { buildAppOn } from '../../test/app-on-database';
import { describeEachEngine } from '../../test/describe-each-engine';
import { createTestUser, type TestUser } from '../../test/test-users';
import type { AppConfig } from '../config/app-config';
import { saveConversationForTurn, setGeneratedTitle, updateConversation } from '../conversations/service';
import { editMessageText, saveMessage } from '../messages/service';
import { foldForSearch } from './fold';

describeEachEngine('search', (getDb, { getDatabase }) => {
  let app: FastifyInstance;
  let config: AppConfig;
  beforeAll(async () => {
    ({ app, config } = await buildAppOn(getDatabase()));
  });
  afterAll(() => app.close());

  const user = (name: string): Promise<TestUser> =>
    createTestUser({ database: getDatabase(), config }, { name, password: null });

  /** A conversation holding the texts as a chain of messages (user, reply, user …); returns its ids. */
  const conversation = async (owner: TestUser, texts: string[], title?: string) => {
    const conversationId = randomUUID();
    await saveConversationForTurn(getDb(), owner.user.id, {
      conversationId,
      endpoint: 'openAI',
      options: {},
      title,
    });
    const messageIds: string[] = [];
    let parentMessageId = NO_PARENT;
    for (const [index, text] of texts.entries()) {
      const messageId = randomUUID();
      const isCreatedByUser = index % 2 === 0;
      await saveMessage(getDb(), owner.user.id, {
        messageId,
        conversationId,
        parentMessageId,
        sender: isCreatedByUser ? 'User' : 'AI',
        text,
        isCreatedByUser,
      });
      messageIds.push(messageId);
      parentMessageId = messageId;
    }
    return { conversationId, messageIds };
  };

  const search = async (owner: TestUser, q: string, pageNumber = 1): Promise<SearchResults> => {
    const response = await app.inject({
      url: `/api/search?q=${encodeURIComponent(q)}&pageNumber=${pageNumber}`,
      headers: owner.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return searchResultsSchema.parse(response.json());
  };
  const texts = (results: SearchResults) => results.messages.map((m) => m.text);

  it('folds accents in SQL exactly as the highlighter does in JavaScript', async () => {
    const samples = [
      'Résumé CAFÉ crème brûlée',
      'Ærøskøbing Łódź Đà Nẵng ıstanbul İzmir',
      'Ёлка ёжик Привет',
      'Ελληνικά άλφα',
      'שָׁלוֹם أَحْمَد',
      '東京タワー がぎ 한국어',
      'plain ascii text',
    ];
    for (const sample of samples) {
      const { rows } = await getDb().execute<{ folded: string }>(
        sql`select lower(parley_search_fold(${sample})) as folded`,
      );
      expect(rows[0]?.folded, sample).toBe(foldForSearch(sample));
    }
  });

  it('finds words case- and accent-insensitively, both ways', async () => {
    const alice = await user('alice');
    await conversation(alice, ['My résumé is attached', 'Thanks, RESUME received']);
    await conversation(alice, ['Nothing to see here']);
    expect(texts(await search(alice, 'resume')).sort()).toEqual([
      'My résumé is attached',
      'Thanks, RESUME received',
    ]);
    expect(texts(await search(alice, 'RÉSUMÉ')).sort()).toEqual([
      'My résumé is attached',
      'Thanks, RESUME received',
    ]);
    expect(texts(await search(alice, 'Ærøskøbing'))).toEqual([]);
    await conversation(alice, ['Ferry to aeroskobing? No: Ærøskøbing, Łódź and Ёлка']);
    expect(texts(await search(alice, 'AEROSKOBING æroskobing LODZ елка'))).toHaveLength(1);
  });

  it('matches a phrase only with its words in order, and prefixes', async () => {
    const alice = await user('alice');
    await conversation(alice, ['the quick brown fox', 'brown quick, the fox said']);
    await conversation(alice, ['Travelling to Lisbon', 'Traveled far']);
    expect(texts(await search(alice, '"quick brown"'))).toEqual(['the quick brown fox']);
    expect(texts(await search(alice, 'quick brown')).sort()).toEqual([
      'brown quick, the fox said',
      'the quick brown fox',
    ]);
    expect(texts(await search(alice, 'trav*')).sort()).toEqual(['Traveled far', 'Travelling to Lisbon']);
    expect(texts(await search(alice, 'lisb*'))).toEqual(['Travelling to Lisbon']);
    expect(texts(await search(alice, 'fox -said'))).toEqual(['the quick brown fox']);
    expect(texts(await search(alice, 'lisbon or said')).sort()).toEqual([
      'Travelling to Lisbon',
      'brown quick, the fox said',
    ]);
  });

  it('ranks a title match first, then the conversation with the denser match', async () => {
    const alice = await user('alice');
    const sparse = await conversation(alice, [
      'one mention of kayak among many other words in a long message here',
    ]);
    const dense = await conversation(alice, ['kayak kayak kayak']);
    const titled = await conversation(alice, ['about boats'], 'Kayak trip');
    const results = await search(alice, 'kayak');
    expect(results.conversations.map((c) => c.conversationId)).toEqual([
      titled.conversationId,
      dense.conversationId,
      sparse.conversationId,
    ]);
    expect(results.messages.map((m) => m.conversationId)).toEqual([
      dense.conversationId,
      sparse.conversationId,
    ]);
    expect(results.messages.every((m) => m.searchResult)).toBe(true);
  });

  it('highlights matches as ranges over the untouched text, never as markup', async () => {
    const alice = await user('alice');
    const text = '<img src=x onerror=alert(1)> Résumé and résumés';
    await conversation(alice, [text], 'My Résumé');
    const [message] = (await search(alice, 'resume')).messages;
    expect(message?.text).toBe(text);
    expect(message?.title).toBe('My Résumé');
    expect(highlightSegments(text, message?.highlights ?? [])).toEqual([
      { text: '<img src=x onerror=alert(1)> ', match: false },
      { text: 'Résumé', match: true },
      { text: ' and résumés', match: false },
    ]);
    const [found] = (await search(alice, 'resume')).conversations;
    expect(found?.titleHighlights).toEqual([{ start: 3, end: 9 }]);
  });

  it('pages conversations 25 at a time, with their best messages', async () => {
    const alice = await user('alice');
    for (let i = 0; i < 27; i += 1) await conversation(alice, [`walrus number ${i}`, `another walrus ${i}`]);
    const first = await search(alice, 'walrus');
    expect(first).toMatchObject({ pageNumber: 1, pages: 2, pageSize: 25 });
    expect(first.conversations).toHaveLength(25);
    expect(first.messages).toHaveLength(50);
    const second = await search(alice, 'walrus', 2);
    expect(second.conversations).toHaveLength(2);
    const all = [...first.conversations, ...second.conversations].map((c) => c.conversationId);
    expect(new Set(all).size).toBe(27);
    expect(await search(alice, 'walrus', 3)).toMatchObject({ conversations: [], messages: [], pages: 2 });
  });

  it("never returns another user's conversations or messages", async () => {
    const alice = await user('alice');
    const mallory = await user('mallory');
    await conversation(alice, ['secret platypus plans'], 'Platypus');
    await conversation(mallory, ['my own platypus']);
    const results = await search(mallory, 'platypus');
    expect(texts(results)).toEqual(['my own platypus']);
    expect(results.conversations.every((c) => c.user === mallory.user.id)).toBe(true);
    expect(results.messages.every((m) => m.title !== 'Platypus')).toBe(true);
  });

  it('finds a title generated or renamed later, and an edited message by its new text only', async () => {
    const alice = await user('alice');
    const { conversationId, messageIds } = await conversation(alice, ['original wording here']);
    expect((await search(alice, 'zanzibar')).conversations).toEqual([]);
    await setGeneratedTitle(getDb(), alice.user.id, conversationId, 'Trip to Zanzibar');
    expect((await search(alice, 'zanzibar')).conversations.map((c) => c.title)).toEqual(['Trip to Zanzibar']);
    await updateConversation(getDb(), alice.user.id, { conversationId, title: 'Trip to Madagascar' });
    expect((await search(alice, 'zanzibar')).conversations).toEqual([]);
    expect((await search(alice, 'madagascar')).conversations).toHaveLength(1);

    const [messageId = ''] = messageIds;
    await editMessageText(
      getDb(),
      alice.user.id,
      { conversationId, messageId },
      { text: 'revised phrasing now' },
    );
    expect(texts(await search(alice, 'revised'))).toEqual(['revised phrasing now']);
    expect(texts(await search(alice, 'original'))).toEqual([]);
  });

  it('answers nothing for a query with nothing to look for, and 400 without q', async () => {
    const alice = await user('alice');
    await conversation(alice, ['anything at all']);
    expect(await search(alice, '-anything')).toMatchObject({ conversations: [], messages: [], pages: 1 });
    expect(await search(alice, '!!! :* &')).toMatchObject({ conversations: [], messages: [] });
    const missing = await app.inject({ url: '/api/search', headers: alice.headers });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/^q: /);
    expect((await app.inject({ url: '/api/search?q=x' })).statusCode).toBe(401);
  });

  it('is enabled by default; SEARCH=false turns it off', async () => {
    const alice = await user('alice');
    const enabled = await app.inject({ url: '/api/search/enable', headers: alice.headers });
    expect(enabled.json()).toBe(true);
    const off = await buildAppOn(getDatabase(), { env: { SEARCH: 'false' } });
    try {
      const bob = await createTestUser(off, { password: null });
      expect((await off.app.inject({ url: '/api/search/enable', headers: bob.headers })).json()).toBe(false);
      const refused = await off.app.inject({ url: '/api/search?q=x', headers: bob.headers });
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ code: 'search_disabled' });
    } finally {
      await off.app.close();
    }
  });
});
