import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  conversationCursorPageSchema,
  conversationListSchema,
  conversationSchema,
  type Conversation,
} from '@parley/shared/schemas/conversation';
import { describeEachEngine } from '../../test/describe-each-engine';
import { testConfig } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { buildApp } from '../app';
import type { AppConfig } from '../config/app-config';
import { conversations } from '../db/schema';
import { saveConversationForTurn } from './service';

describeEachEngine(
  'organising conversations: archive, pins, filters, temporary chats',
  (getDb, { getDatabase }) => {
    let app: FastifyInstance;
    let config: AppConfig;
    beforeAll(async () => {
      config = testConfig();
      app = await buildApp({ config, database: getDatabase() });
    });
    afterAll(() => app.close());

    const user = (name: string): Promise<TestUser> =>
      createTestUser({ database: getDatabase(), config }, { name, password: null });
    /** `count` conversations a second apart in `updatedAt`, oldest first. */
    const conversationsOf = async (owner: TestUser, count: number, extra: object = {}) => {
      const made: Conversation[] = [];
      for (let i = 0; i < count; i++) {
        const conversation = await saveConversationForTurn(getDb(), owner.user.id, {
          conversationId: randomUUID(),
          endpoint: 'openAI',
          model: 'gpt-4o',
          options: {},
          ...extra,
        });
        await getDb()
          .update(conversations)
          .set({ updatedAt: sql`timestamptz '2026-01-01' + ${i} * interval '1 second'` })
          .where(eq(conversations.conversationId, conversation.conversationId));
        made.push(conversation);
      }
      return made;
    };
    const update = (owner: TestUser, arg: object) =>
      app.inject({ method: 'POST', url: '/api/convos/update', headers: owner.headers, payload: { arg } });
    const updated = async (owner: TestUser, arg: object) => {
      const response = await update(owner, arg);
      expect(response.statusCode, response.body).toBe(200);
      return conversationSchema.parse(response.json());
    };
    /** Every page of the cursor list with this query, as ids. */
    const allPages = async (owner: TestUser, query = '') => {
      const ids: string[] = [];
      let cursor: string | null = null;
      do {
        const url: string = `/api/convos?${query}${cursor ? `&cursor=${cursor}` : ''}`;
        const response = await app.inject({ url, headers: owner.headers });
        expect(response.statusCode, response.body).toBe(200);
        const page = conversationCursorPageSchema.parse(response.json());
        expect(page.conversations.length).toBeLessThanOrEqual(25);
        ids.push(...page.conversations.map((c) => c.conversationId));
        cursor = page.nextCursor;
      } while (cursor);
      return ids;
    };

    it('archives and unarchives: archived ones leave the list, come back with isArchived=true, and archiving unpins', async () => {
      const alice = await user('alice');
      const [a, b, c] = await conversationsOf(alice, 3);
      if (!a || !b || !c) throw new Error('three conversations');
      await updated(alice, { conversationId: b.conversationId, pinned: true });
      const archived = await updated(alice, { conversationId: b.conversationId, isArchived: true });
      expect(archived).toMatchObject({ isArchived: true, pinned: false, pinnedAt: null });
      expect(await allPages(alice)).toEqual([c.conversationId, a.conversationId]);
      expect(await allPages(alice, 'isArchived=true')).toEqual([b.conversationId]);
      // Still searchable, marked as archived.
      await updated(alice, { conversationId: b.conversationId, title: 'Zanzibar itinerary' });
      const found = await app.inject({ url: '/api/search?q=zanzibar', headers: alice.headers });
      expect(found.json().conversations).toEqual([
        expect.objectContaining({ conversationId: b.conversationId, isArchived: true }),
      ]);
      await updated(alice, { conversationId: b.conversationId, isArchived: false });
      expect(await allPages(alice)).toEqual([c.conversationId, b.conversationId, a.conversationId]);
      const numbered = await app.inject({
        url: '/api/convos?pageNumber=1&isArchived=true',
        headers: alice.headers,
      });
      expect(conversationListSchema.parse(numbered.json()).conversations).toEqual([]);
    });

    it('"Archive all" archives and unpins every listed conversation of the caller, temporary chats aside', async () => {
      const alice = await user('alice');
      const bob = await user('bob');
      const [a, b] = await conversationsOf(alice, 2);
      await conversationsOf(alice, 1, { isTemporary: true, expiredAt: new Date(Date.now() + 3_600_000) });
      const [bobs] = await conversationsOf(bob, 1);
      await updated(alice, { conversationId: a?.conversationId, pinned: true });
      const response = await app.inject({
        method: 'POST',
        url: '/api/convos/archive_all',
        headers: alice.headers,
        payload: {},
      });
      expect(response.json()).toEqual({ archivedCount: 2 });
      expect(await allPages(alice)).toEqual([]);
      expect(await allPages(alice, 'isArchived=true')).toEqual([b?.conversationId, a?.conversationId]);
      expect(await allPages(bob)).toEqual([bobs?.conversationId]);
    });

    it('lists pinned first, newest pin first, and pages 60 conversations with 30 pins without a gap or a repeat', async () => {
      const alice = await user('alice');
      const made = await conversationsOf(alice, 60);
      const pinnedIds: string[] = [];
      // Every other one is pinned, oldest first: the newest pin is the last one pinned.
      for (const [index, conversation] of made.entries()) {
        if (index % 2 === 0) {
          await updated(alice, { conversationId: conversation.conversationId, pinned: true });
          pinnedIds.unshift(conversation.conversationId);
        }
      }
      const unpinned = made
        .filter((_, index) => index % 2 === 1)
        .map((c) => c.conversationId)
        .reverse();
      expect(await allPages(alice)).toEqual([...pinnedIds, ...unpinned]);
      expect(await allPages(alice, 'pinned=true')).toEqual(pinnedIds);
      expect(await allPages(alice, 'pinned=false')).toEqual(unpinned);
      const numbered = await app.inject({ url: '/api/convos?pageNumber=1', headers: alice.headers });
      expect(
        conversationListSchema.parse(numbered.json()).conversations.map((c) => c.conversationId),
      ).toEqual(pinnedIds.slice(0, 25));
      // Pinning again keeps its place; unpinning puts it back by updatedAt.
      const first = pinnedIds[0] ?? '';
      const again = await updated(alice, { conversationId: pinnedIds[1], pinned: true });
      expect(again.pinned).toBe(true);
      expect((await allPages(alice, 'pinned=true'))[1]).toBe(pinnedIds[1]);
      await updated(alice, { conversationId: first, pinned: false });
      expect(await allPages(alice, 'pinned=true')).not.toContain(first);
    });

    it('refuses the 51st pin with 409 pin_limit and a clear message, and pins nothing', async () => {
      const alice = await user('alice');
      const made = await conversationsOf(alice, 51);
      for (const conversation of made.slice(0, 50)) {
        await updated(alice, { conversationId: conversation.conversationId, pinned: true });
      }
      const last = made[50]?.conversationId ?? '';
      const response = await update(alice, { conversationId: last, pinned: true });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'pin_limit',
        message: expect.stringMatching(/at most 50/),
      });
      expect((await allPages(alice, 'pinned=true')).length).toBe(50);
      // A pinned one pinned again is not a new pin.
      await updated(alice, { conversationId: made[0]?.conversationId, pinned: true });
    });

    it('pins sent at once keep the limit of 50 and get places in the order they were taken', async () => {
      const alice = await user('alice');
      const made = await conversationsOf(alice, 60);
      // 48 pinned at once: all taken.
      const firstWave = await Promise.all(
        made.slice(0, 48).map((c) => update(alice, { conversationId: c.conversationId, pinned: true })),
      );
      for (const response of firstWave) expect(response.statusCode, response.body).toBe(200);
      const pinnedCount = async () => {
        const { rows } = await getDb().execute<{ n: number | string; places: number | string }>(
          sql`select count(*) as n, count(distinct pinned_at) as places from ${conversations}
               where user_id = ${alice.user.id} and pinned_at is not null`,
        );
        return { n: Number(rows[0]?.n), places: Number(rows[0]?.places) };
      };
      expect(await pinnedCount()).toEqual({ n: 48, places: 48 });
      // Then, several times, 12 more at once with 2 places left: exactly 2 are taken, 10 are refused (on
      // PostgreSQL each request has a connection of its own, so the checks of the limit overlap).
      const rest = made.slice(48);
      for (let round = 0; round < 6; round++) {
        const wave = await Promise.all(
          rest.map((c) => update(alice, { conversationId: c.conversationId, pinned: true })),
        );
        const taken = wave.filter((response) => response.statusCode === 200);
        const refused = wave.filter((response) => response.statusCode === 409);
        expect(taken).toHaveLength(2);
        expect(refused).toHaveLength(10);
        for (const response of refused) expect(response.json()).toMatchObject({ code: 'pin_limit' });
        expect(await pinnedCount()).toEqual({ n: 50, places: 50 });
        // The list shows pins newest first: the two just taken on top, in a stable order on every page.
        const takenIds = taken.map((response) => conversationSchema.parse(response.json()).conversationId);
        const { rows: byPin } = await getDb().execute<{ id: string }>(
          sql`select conversation_id as id from ${conversations}
               where user_id = ${alice.user.id} and pinned_at is not null order by pinned_at desc`,
        );
        const listed = await allPages(alice, 'pinned=true');
        expect(listed).toEqual(byPin.map((row) => row.id));
        expect(new Set(listed.slice(0, 2))).toEqual(new Set(takenIds));
        for (const id of takenIds) await updated(alice, { conversationId: id, pinned: false });
      }
    });

    it('filters by tags (any of them) and keeps the tags on the conversation', async () => {
      const alice = await user('alice');
      const [a, b, c] = await conversationsOf(alice, 3);
      const work = await updated(alice, { conversationId: a?.conversationId, tags: ['Work'] });
      expect(work.tags).toEqual(['Work']);
      await updated(alice, { conversationId: b?.conversationId, tags: ['work', 'Home'] });
      expect(await allPages(alice, 'tags=Work')).toEqual([b?.conversationId, a?.conversationId]);
      expect(await allPages(alice, 'tags=Home')).toEqual([b?.conversationId]);
      expect(await allPages(alice, 'tags=Home,Work')).toEqual([b?.conversationId, a?.conversationId]);
      expect(await allPages(alice, 'tags=Nothing')).toEqual([]);
      expect(await allPages(alice)).toContain(c?.conversationId);
    });

    it('never lists a temporary chat; "keep" makes it a normal one; an expired one is a 404 by id', async () => {
      const alice = await user('alice');
      const [normal] = await conversationsOf(alice, 1);
      const future = new Date(Date.now() + 3_600_000);
      const [temporary] = await conversationsOf(alice, 1, { isTemporary: true, expiredAt: future });
      expect(temporary).toMatchObject({ isTemporary: true, expiredAt: future.toISOString() });
      expect(await allPages(alice)).toEqual([normal?.conversationId]);
      const kept = await updated(alice, { conversationId: temporary?.conversationId, isTemporary: false });
      expect(kept).toMatchObject({ isTemporary: false, expiredAt: null });
      expect(await allPages(alice)).toContain(temporary?.conversationId);

      const [expired] = await conversationsOf(alice, 1, {
        isTemporary: true,
        expiredAt: new Date(Date.now() - 1000),
      });
      const read = await app.inject({
        url: `/api/convos/${expired?.conversationId}`,
        headers: alice.headers,
      });
      expect(read.statusCode).toBe(404);
      expect((await update(alice, { conversationId: expired?.conversationId, title: 'x' })).statusCode).toBe(
        404,
      );
    });

    it("refuses another user's conversation for every organising field (404, nothing changed)", async () => {
      const alice = await user('alice');
      const bob = await user('bob');
      const [mine] = await conversationsOf(alice, 1);
      for (const arg of [{ isArchived: true }, { pinned: true }, { tags: ['x'] }, { isTemporary: false }]) {
        const response = await update(bob, { conversationId: mine?.conversationId, ...arg });
        expect(response.statusCode, JSON.stringify(arg)).toBe(404);
      }
      const [row] = await getDb()
        .select()
        .from(conversations)
        .where(eq(conversations.conversationId, mine?.conversationId ?? ''));
      expect(row).toMatchObject({ isArchived: false, pinnedAt: null, tags: [] });
      expect(await allPages(bob)).toEqual([]);
      expect(await allPages(bob, 'isArchived=true')).toEqual([]);
    });

    it('answers 400 for bad organising input', async () => {
      const alice = await user('alice');
      const [mine] = await conversationsOf(alice, 1);
      const id = mine?.conversationId;
      for (const arg of [
        { conversationId: id, isArchived: 'yes' },
        { conversationId: id, isTemporary: true },
        { conversationId: id, tags: [''] },
        { conversationId: id, tags: ['x'.repeat(129)] },
        { conversationId: id, isArchived: true, pinned: true },
      ]) {
        const response = await update(alice, arg);
        expect(response.statusCode, JSON.stringify(arg)).toBe(400);
        expect(response.json().message).toBeTruthy();
      }
      for (const query of ['isArchived=maybe', 'pinned=1']) {
        expect((await app.inject({ url: `/api/convos?${query}`, headers: alice.headers })).statusCode).toBe(
          400,
        );
      }
    });
  },
);
