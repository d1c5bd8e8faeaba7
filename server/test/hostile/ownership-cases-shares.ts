import { expect } from 'vitest';
import { paths } from '@parley/shared/api/paths';
import type { OwnershipCase, OwnershipContext } from './ownership-cases';
import { call, expectAUntouched, expectNotFound } from './ownership-probes';

/** A share link of A's conversation (signed-in users only). */
async function shareOfA(ctx: OwnershipContext): Promise<string> {
  const created = await call(ctx.server.app, ctx.a, 'POST', `/api/share/${ctx.aRows.conversationId}`, {});
  expect(created.statusCode, created.body).toBe(201);
  return created.json<{ shareId: string }>().shareId;
}

/** A's links: still exactly the one, as made. */
async function expectAShareUntouched(ctx: OwnershipContext, shareId: string): Promise<void> {
  const listed = await call(ctx.server.app, ctx.a, 'GET', paths.shares);
  expect(listed.json()).toMatchObject({ links: [{ shareId, visibility: 'signed_in', expiresAt: null }] });
  const seen = await call(ctx.server.app, ctx.a, 'GET', `/api/share/${shareId}`);
  expect(seen.statusCode).toBe(200);
  await expectAUntouched(ctx);
}

/** Share links (issue 25): B reaching A's conversations, messages and links. */
export const SHARE_CASES: OwnershipCase[] = [
  {
    route: `POST ${paths.shareCreate}`,
    name: 'sharing a conversation or a message',
    check: async (ctx) => {
      const { app } = ctx.server;
      expectNotFound(await call(app, ctx.b, 'POST', `/api/share/${ctx.aRows.conversationId}`, {}));
      // B's own conversation up to A's message: the message is not found there.
      const mixed = { targetMessageId: ctx.aRows.messageId };
      expectNotFound(await call(app, ctx.b, 'POST', `/api/share/${ctx.bRows.conversationId}`, mixed));
      expect((await call(app, ctx.b, 'GET', paths.shares)).json()).toEqual({ links: [], nextCursor: null });
      await expectAUntouched(ctx);
    },
  },
  {
    route: `GET ${paths.shares}`,
    name: 'listing links (never another user’s)',
    check: async (ctx) => {
      const shareId = await shareOfA(ctx);
      const asB = await call(ctx.server.app, ctx.b, 'GET', paths.shares);
      expect(asB.json()).toEqual({ links: [], nextCursor: null });
      expect(asB.body).not.toContain(shareId);
      await expectAShareUntouched(ctx, shareId);
    },
  },
  {
    route: `GET ${paths.shareOfConversation}`,
    name: 'asking for the link of a conversation',
    check: async (ctx) => {
      const shareId = await shareOfA(ctx);
      const asB = await call(ctx.server.app, ctx.b, 'GET', `/api/share/link/${ctx.aRows.conversationId}`);
      expect(asB.json()).toMatchObject({ shareId: null, link: null });
      expect(asB.body).not.toContain(shareId);
      await expectAShareUntouched(ctx, shareId);
    },
  },
  {
    route: `PATCH ${paths.share}`,
    name: 'changing or re-copying a link',
    check: async (ctx) => {
      const shareId = await shareOfA(ctx);
      for (const payload of [{ visibility: 'public' }, { expiresIn: '1h' }, { refresh: true }]) {
        expectNotFound(
          await ctx.server.app.inject({
            method: 'PATCH',
            url: `/api/share/${shareId}`,
            headers: ctx.b.headers,
            payload,
          }),
        );
      }
      await expectAShareUntouched(ctx, shareId);
    },
  },
  {
    route: `DELETE ${paths.share}`,
    name: 'revoking a link',
    check: async (ctx) => {
      const shareId = await shareOfA(ctx);
      expectNotFound(await call(ctx.server.app, ctx.b, 'DELETE', `/api/share/${shareId}`));
      await expectAShareUntouched(ctx, shareId);
    },
  },
  {
    route: `GET ${paths.share}`,
    name: 'opening a link (what a link is for) shows neither A’s ids nor the system prompt',
    check: async (ctx) => {
      const shareId = await shareOfA(ctx);
      const asB = await call(ctx.server.app, ctx.b, 'GET', `/api/share/${shareId}`);
      expect(asB.statusCode).toBe(200);
      for (const secret of [ctx.a.user.id, ctx.a.user.email, ctx.aRows.conversationId, ctx.aRows.messageId]) {
        expect(asB.body).not.toContain(secret);
      }
      // The marker is in the title, the message and the system prompt (promptPrefix): only the first two show.
      expect(asB.body.split(ctx.aRows.marker)).toHaveLength(3);
      await expectAShareUntouched(ctx, shareId);
    },
  },
  {
    route: `POST ${paths.shareCopy}`,
    name: 'continuing a link as a copy makes B’s own conversation',
    check: async (ctx) => {
      const shareId = await shareOfA(ctx);
      const copied = await call(ctx.server.app, ctx.b, 'POST', `/api/share/${shareId}/copy`);
      expect(copied.statusCode, copied.body).toBe(200);
      const { conversationId } = copied.json<{ conversationId: string }>();
      expect(conversationId).not.toBe(ctx.aRows.conversationId);
      const own = await call(ctx.server.app, ctx.b, 'GET', `/api/convos/${conversationId}`);
      expect(own.statusCode).toBe(200);
      expect(own.body).not.toContain(ctx.a.user.id);
      await expectAShareUntouched(ctx, shareId);
    },
  },
  {
    route: `GET ${paths.shareFile}`,
    name: 'a share file without the link’s signature',
    check: async (ctx) => {
      const shareId = await shareOfA(ctx);
      const forged = `/api/share/${shareId}/files/${ctx.aRows.conversationId}?exp=9999999999&sig=${'A'.repeat(43)}`;
      expectNotFound(await call(ctx.server.app, ctx.b, 'GET', forged));
      await expectAShareUntouched(ctx, shareId);
    },
  },
];
