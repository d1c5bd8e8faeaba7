import { expect } from 'vitest';
import { paths } from '@parley/shared/api/paths';
import type { OwnershipCase, OwnershipContext } from './ownership-cases';
import { call, expectAUntouched, expectNotFound } from './ownership-probes';

/** A tag of A's named with the marker, on A's conversation. */
async function tagOfA(ctx: OwnershipContext): Promise<string> {
  const tag = `Tag ${ctx.aRows.marker}`;
  const created = await call(ctx.server.app, ctx.a, 'POST', paths.tags, { tag });
  expect(created.statusCode, created.body).toBe(201);
  const tagged = await call(ctx.server.app, ctx.a, 'PUT', `/api/tags/convo/${ctx.aRows.conversationId}`, {
    tags: [tag],
  });
  expect(tagged.statusCode, tagged.body).toBe(200);
  return tag;
}

/** A's tag list: still the one tag, on one conversation. */
async function expectATagUntouched(ctx: OwnershipContext, tag: string): Promise<void> {
  const seen = await call(ctx.server.app, ctx.a, 'GET', paths.tags);
  expect(seen.json()).toEqual([expect.objectContaining({ tag, count: 1 })]);
  await expectAUntouched(ctx);
}

/** Archive, pins, tags and forks (issue 25): B reaching A's conversations and tags. */
export const ORGANISE_CASES: OwnershipCase[] = [
  {
    route: `POST ${paths.convosFork}`,
    name: 'forking a conversation from its message',
    check: async (ctx) => {
      const { app } = ctx.server;
      const body = { conversationId: ctx.aRows.conversationId, messageId: ctx.aRows.messageId };
      expectNotFound(await call(app, ctx.b, 'POST', paths.convosFork, body));
      // B's own conversation with A's message id: the message is not found there either.
      const mixed = { conversationId: ctx.bRows.conversationId, messageId: ctx.aRows.messageId };
      expectNotFound(await call(app, ctx.b, 'POST', paths.convosFork, mixed));
      const list = await call(app, ctx.b, 'GET', paths.convos);
      expect(list.body).not.toContain(ctx.aRows.marker);
      await expectAUntouched(ctx);
    },
  },
  {
    route: `POST ${paths.convosDuplicate}`,
    name: 'duplicating a conversation',
    check: async (ctx) => {
      const { app } = ctx.server;
      const body = { conversationId: ctx.aRows.conversationId };
      expectNotFound(await call(app, ctx.b, 'POST', paths.convosDuplicate, body));
      expect((await call(app, ctx.b, 'GET', paths.convos)).body).not.toContain(ctx.aRows.marker);
      await expectAUntouched(ctx);
    },
  },
  {
    route: `POST ${paths.convosArchiveAll}`,
    name: 'archiving all conversations (only the caller’s)',
    check: async (ctx) => {
      const archived = await call(ctx.server.app, ctx.b, 'POST', paths.convosArchiveAll, {});
      expect(archived.json()).toEqual({ archivedCount: 1 });
      const seen = await call(ctx.server.app, ctx.a, 'GET', `/api/convos/${ctx.aRows.conversationId}`);
      expect(seen.json()).toMatchObject({ isArchived: false });
      await expectAUntouched(ctx);
    },
  },
  {
    route: `GET ${paths.tags}`,
    name: 'listing tags (never another user’s, nor their counts)',
    check: async (ctx) => {
      const tag = await tagOfA(ctx);
      const asB = await call(ctx.server.app, ctx.b, 'GET', paths.tags);
      expect(asB.statusCode).toBe(200);
      expect(asB.json()).toEqual([]);
      await expectATagUntouched(ctx, tag);
    },
  },
  {
    route: `POST ${paths.tags}`,
    name: 'creating a tag named like another user’s (it is B’s own)',
    check: async (ctx) => {
      const tag = await tagOfA(ctx);
      const created = await call(ctx.server.app, ctx.b, 'POST', paths.tags, { tag });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({ tag, count: 0 });
      await expectATagUntouched(ctx, tag);
    },
  },
  {
    route: `PUT ${paths.tag}`,
    name: 'renaming, describing or moving a tag',
    check: async (ctx) => {
      const tag = await tagOfA(ctx);
      const url = `/api/tags/${encodeURIComponent(tag)}`;
      expectNotFound(await call(ctx.server.app, ctx.b, 'PUT', url, { tag: 'hijacked', position: 0 }));
      await expectATagUntouched(ctx, tag);
    },
  },
  {
    route: `DELETE ${paths.tag}`,
    name: 'deleting a tag',
    check: async (ctx) => {
      const tag = await tagOfA(ctx);
      expectNotFound(await call(ctx.server.app, ctx.b, 'DELETE', `/api/tags/${encodeURIComponent(tag)}`));
      await expectATagUntouched(ctx, tag);
    },
  },
  {
    route: `PUT ${paths.tagsConvo}`,
    name: 'tagging a conversation',
    check: async (ctx) => {
      const tag = await tagOfA(ctx);
      const url = `/api/tags/convo/${ctx.aRows.conversationId}`;
      expectNotFound(await call(ctx.server.app, ctx.b, 'PUT', url, { tags: ['hijacked'] }));
      // Nothing of B's was created by the refused call either.
      expect((await call(ctx.server.app, ctx.b, 'GET', paths.tags)).json()).toEqual([]);
      await expectATagUntouched(ctx, tag);
    },
  },
];
