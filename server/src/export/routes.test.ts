import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parleyExportSchema, type ParleyExport } from '@parley/shared/schemas/export';
import { buildAppOn } from '../../test/app-on-database';
import { describeEachEngine } from '../../test/describe-each-engine';
import { createTestUser, type TestUser } from '../../test/test-users';
import type { AppConfig } from '../config/app-config';
import { importConversations } from '../import/service';

const fileOf = (content: unknown): Buffer => Buffer.from(JSON.stringify(content));

describeEachEngine('export of all my data', (getDb, { getDatabase }) => {
  let app: FastifyInstance;
  let config: AppConfig;
  const now = new Date('2025-03-04T05:06:07.000Z');
  beforeAll(async () => {
    ({ app, config } = await buildAppOn(getDatabase(), { now: () => now }));
  });
  afterAll(() => app.close());

  const user = (name: string): Promise<TestUser> =>
    createTestUser({ database: getDatabase(), config }, { name, password: null });
  const exportOf = async (owner: TestUser): Promise<ParleyExport> => {
    const response = await app.inject({ url: '/api/convos/export', headers: owner.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="parley-export-2025-03-04.json"',
    );
    return parleyExportSchema.parse(response.json());
  };
  /** `count` conversations of two messages each, all created in the same second (keyset ties). */
  const seed = (owner: TestUser, count: number, prefix: string) =>
    importConversations(
      getDb(),
      owner.user.id,
      fileOf(
        Array.from({ length: count }, (_, i) => ({
          title: `${prefix} ${i}`,
          createdAt: '2024-01-01T00:00:00.000Z',
          endpoint: 'openAI',
          messages: [
            { messageId: 'q', text: `${prefix} question ${i}`, isCreatedByUser: true },
            { messageId: 'a', parentMessageId: 'q', text: `${prefix} answer ${i}` },
          ],
        })),
      ),
      { maxMessages: 100_000 },
    );

  it('is a valid, empty Parley export for a user without conversations', async () => {
    const alice = await user('alice');
    expect(await exportOf(alice)).toEqual({
      format: 'parley-export',
      version: 1,
      exportedAt: '2025-03-04T05:06:07.000Z',
      conversations: [],
    });
  });

  it('holds every conversation once, with all its messages, across batches, and only the caller’s', async () => {
    const alice = await user('alice');
    const bob = await user('bob');
    await seed(alice, 230, 'alice');
    await seed(bob, 3, 'bob');
    const file = await exportOf(alice);
    expect(file.conversations).toHaveLength(230);
    expect(new Set(file.conversations.map((c) => c.conversationId)).size).toBe(230);
    expect(new Set(file.conversations.map((c) => c.title)).size).toBe(230);
    for (const conversation of file.conversations) {
      expect(conversation).toMatchObject({ branches: true, recursive: false, endpoint: 'openAI' });
      expect(conversation.messages.map((m) => m.text)).toEqual([
        conversation.title.replace('alice', 'alice question'),
        conversation.title.replace('alice', 'alice answer'),
      ]);
      expect(conversation.messages[1]?.parentMessageId).toBe(conversation.messages[0]?.messageId);
    }
    expect(JSON.stringify(file)).not.toContain('bob');
  }, 60_000);

  it('needs a token', async () => {
    expect((await app.inject({ url: '/api/convos/export' })).statusCode).toBe(401);
  });
});
