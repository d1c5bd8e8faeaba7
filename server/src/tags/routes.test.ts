import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { conversationCursorPageSchema } from '@parley/shared/schemas/conversation';
import { tagSchema, type Tag } from '@parley/shared/schemas/tag';
import { describeEachEngine } from '../../test/describe-each-engine';
import { testConfig } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { buildApp } from '../app';
import type { AppConfig } from '../config/app-config';
import { saveConversationForTurn } from '../conversations/service';
import { tags } from '../db/schema';

describeEachEngine('tag routes', (getDb, { getDatabase }) => {
  let app: FastifyInstance;
  let config: AppConfig;
  beforeAll(async () => {
    config = testConfig();
    app = await buildApp({ config, database: getDatabase() });
  });
  afterAll(() => app.close());

  const user = (name: string): Promise<TestUser> =>
    createTestUser({ database: getDatabase(), config }, { name, password: null });
  const conversation = async (owner: TestUser) =>
    (
      await saveConversationForTurn(getDb(), owner.user.id, {
        conversationId: randomUUID(),
        endpoint: 'openAI',
        model: 'gpt-4o',
        options: {},
      })
    ).conversationId;
  const send = (owner: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: owner.headers, ...(payload ? { payload } : {}) });
  const create = async (owner: TestUser, tag: string, description?: string): Promise<Tag> => {
    const response = await send(owner, 'POST', '/api/tags', { tag, description });
    expect(response.statusCode, response.body).toBe(201);
    return tagSchema.parse(response.json());
  };
  const list = async (owner: TestUser): Promise<Tag[]> => {
    const response = await send(owner, 'GET', '/api/tags');
    expect(response.statusCode).toBe(200);
    return response.json<Tag[]>();
  };
  const tagIds = async (owner: TestUser, conversationId: string, names: string[]) => {
    const response = await send(owner, 'PUT', `/api/tags/convo/${conversationId}`, { tags: names });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<string[]>();
  };
  const listedWith = async (owner: TestUser, tag: string) => {
    const response = await send(owner, 'GET', `/api/convos?tags=${encodeURIComponent(tag)}`);
    return conversationCursorPageSchema.parse(response.json()).conversations.map((c) => c.conversationId);
  };

  it('creates, lists in order with counts, tags conversations (creating missing tags in their spelling)', async () => {
    const alice = await user('alice');
    await create(alice, 'Work', 'Office things');
    await create(alice, '  Home  ');
    const a = await conversation(alice);
    const b = await conversation(alice);
    expect(await tagIds(alice, a, ['work', 'Travel', 'WORK'])).toEqual(['Work', 'Travel']);
    expect(await tagIds(alice, b, ['Work'])).toEqual(['Work']);
    expect(await list(alice)).toEqual([
      expect.objectContaining({ tag: 'Work', description: 'Office things', count: 2, position: 0 }),
      expect.objectContaining({ tag: 'Home', description: null, count: 0, position: 1 }),
      expect.objectContaining({ tag: 'Travel', count: 1, position: 2 }),
    ]);
  });

  it('renames everywhere at once, moves, describes and deletes a tag', async () => {
    const alice = await user('alice');
    await create(alice, 'Work');
    await create(alice, 'Home');
    const a = await conversation(alice);
    await tagIds(alice, a, ['Home', 'Work']);

    const renamed = await send(alice, 'PUT', '/api/tags/work', { tag: 'Job', description: 'Paid' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ tag: 'Job', description: 'Paid', count: 1 });
    expect(await listedWith(alice, 'Job')).toEqual([a]);
    expect(await listedWith(alice, 'Work')).toEqual([]);
    const read = await send(alice, 'GET', `/api/convos/${a}`);
    expect(read.json().tags).toEqual(['Home', 'Job']);

    // A change of case only is a rename of the same tag.
    expect((await send(alice, 'PUT', '/api/tags/Job', { tag: 'JOB' })).statusCode).toBe(200);
    const moved = await send(alice, 'PUT', '/api/tags/home', { position: 5 });
    expect(moved.json()).toMatchObject({ tag: 'Home', position: 1 });
    expect((await list(alice)).map((tag) => tag.tag)).toEqual(['JOB', 'Home']);

    const removed = await send(alice, 'DELETE', '/api/tags/JOB');
    expect(removed.json()).toEqual({ tag: 'JOB' });
    expect((await send(alice, 'GET', `/api/convos/${a}`)).json().tags).toEqual(['Home']);
    expect(await list(alice)).toEqual([expect.objectContaining({ tag: 'Home', position: 0 })]);
    expect((await send(alice, 'DELETE', '/api/tags/JOB')).statusCode).toBe(404);
  });

  it('refuses an empty name, 500 characters, a duplicate in another case and the 201st tag, changing nothing', async () => {
    const alice = await user('alice');
    await create(alice, 'Work');
    for (const tag of ['', '   ', 'x'.repeat(500)]) {
      const response = await send(alice, 'POST', '/api/tags', { tag });
      expect(response.statusCode, tag.slice(0, 10)).toBe(400);
      expect(response.json().message).toMatch(/^tag: (must not be empty|must be at most 128 characters)$/);
    }
    const duplicate = await send(alice, 'POST', '/api/tags', { tag: 'WORK' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({
      code: 'tag_exists',
      message: 'A tag named "WORK" already exists',
    });
    await create(alice, 'Home');
    const clash = await send(alice, 'PUT', '/api/tags/Home', { tag: 'work' });
    expect(clash.statusCode).toBe(409);
    expect((await list(alice)).map((tag) => tag.tag)).toEqual(['Work', 'Home']);

    await getDb()
      .insert(tags)
      .values(
        Array.from({ length: 198 }, (_, i) => ({ userId: alice.user.id, tag: `t${i}`, position: i + 2 })),
      );
    expect(await list(alice)).toHaveLength(200);
    const over = await send(alice, 'POST', '/api/tags', { tag: 'One too many' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      code: 'tag_limit',
      message: expect.stringMatching(/at most 200 tags/),
    });
    // Tagging a conversation with a new name past the limit changes neither the tags nor the conversation.
    const a = await conversation(alice);
    const refused = await send(alice, 'PUT', `/api/tags/convo/${a}`, { tags: ['Work', 'Brand new'] });
    expect(refused.statusCode).toBe(409);
    expect((await send(alice, 'GET', `/api/convos/${a}`)).json().tags).toEqual([]);
    expect(await list(alice)).toHaveLength(200);
  });

  it("keeps users apart: the same name for two users, and 404 for another user's tag or conversation", async () => {
    const alice = await user('alice');
    const bob = await user('bob');
    await create(alice, 'Work');
    await create(bob, 'work');
    const a = await conversation(alice);
    expect((await send(bob, 'PUT', `/api/tags/convo/${a}`, { tags: ['work'] })).statusCode).toBe(404);
    expect((await send(bob, 'PUT', '/api/tags/convo/not-an-id', { tags: [] })).statusCode).toBe(404);
    await tagIds(alice, a, ['Work']);
    expect(await list(bob)).toEqual([expect.objectContaining({ tag: 'work', count: 0 })]);
    expect(await listedWith(bob, 'work')).toEqual([]);
  });
});
