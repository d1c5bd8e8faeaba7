import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paths } from '@parley/shared/api/paths';
import type { ErrorBody } from '@parley/shared/errors';
import { isImageType } from '@parley/shared/files/mime-types';
import {
  shareCopySchema,
  shareCreateBodySchema,
  shareDeletedSchema,
  shareLinkPageSchema,
  shareLinkSchema,
  shareListQuerySchema,
  shareOfConversationSchema,
  shareUpdateBodySchema,
} from '@parley/shared/schemas/share';
import type { Counters } from '../coordination/counters';
import { contentDisposition } from '../files/content-disposition';
import { verifyAccessToken } from '../lib/access-token';
import { STREAMED_PAGES } from '../messages/messages-json';
import { ACCOUNT_STATUS, authenticate, type AccountCheck } from '../plugins/authenticate';
import type { SharesSettings } from './settings';
import { SHARE_NOT_FOUND, type SharesService, type Viewer } from './service';

export interface SharesRoutesDeps {
  shares: SharesService;
  settings: SharesSettings;
  jwtSecret: string;
  counters: Counters;
}

const TOO_MANY_VIEWS = 'Too many shared link requests. Try again later';
/** A served file never runs anything, even if a browser were talked into rendering it. */
const CONTENT_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";
const BEARER = /^bearer[ \t]+(\S+)[ \t]*$/i;

const shareParams = z.object({ id: z.string().max(200) });
const conversationParams = z.object({ conversationId: z.string().max(200) });
const fileParams = shareParams.extend({ fileId: z.string().max(200) });

/** The account a request is signed in as, if any; an invalid or missing token is simply nobody (never a 401). */
async function viewerOf(request: FastifyRequest, jwtSecret: string): Promise<Viewer> {
  const header = request.headers.authorization;
  const token = header ? BEARER.exec(header)?.[1] : undefined;
  const claimed = token ? await verifyAccessToken(jwtSecret, token) : null;
  if (!claimed) return null;
  const account = await request.server.getDecorator<AccountCheck>(ACCOUNT_STATUS).current(claimed.id);
  return account ? { userId: claimed.id } : null;
}

/**
 * `/api/share…` (API.md "Sharing and organising"). Every answer says `X-Robots-Tag: noindex`; with
 * `ALLOW_SHARED_LINKS=false` every route answers 404. Views, files and copies are limited per IP on the
 * shared counters (Redis when configured), so share ids cannot be guessed by trying.
 */
export const sharesRoutes: FastifyPluginAsyncZod<SharesRoutesDeps> = async (app, deps) => {
  const { shares, settings, jwtSecret, counters } = deps;
  const signedIn = authenticate(jwtSecret);

  app.addHook('onRequest', async (request, reply) => {
    void reply.header('x-robots-tag', 'noindex');
    if (!settings.enabled) {
      await reply.status(404).send({ message: SHARE_NOT_FOUND } satisfies ErrorBody);
    }
  });

  const limitPerIp = async (request: FastifyRequest, reply: FastifyReply) => {
    const { max, windowMs } = settings.ipLimit;
    const state = await counters.increment(`limit:share:ip:${request.ip}`, 1, windowMs);
    if (state.count <= max) return;
    await reply
      .status(429)
      .header('Retry-After', String(Math.max(1, Math.ceil(state.resetInMs / 1000))))
      .send({ message: TOO_MANY_VIEWS, code: 'share_limit_ip' } satisfies ErrorBody);
  };

  app.get(
    paths.shares,
    {
      onRequest: signedIn,
      schema: { querystring: shareListQuerySchema, response: { 200: shareLinkPageSchema } },
    },
    async (request) => shares.list(request.user.id, request.query.cursor),
  );

  app.get(
    paths.shareOfConversation,
    {
      onRequest: signedIn,
      schema: { params: conversationParams, response: { 200: shareOfConversationSchema } },
    },
    async (request) => shares.linkOf(request.user.id, request.params.conversationId),
  );

  app.post(
    paths.shareCreate,
    {
      onRequest: signedIn,
      schema: {
        params: shareParams,
        body: shareCreateBodySchema.optional(),
        response: { 201: shareLinkSchema },
      },
    },
    async (request, reply) => {
      const link = await shares.create(request.user.id, request.params.id, request.body ?? {});
      return reply.status(201).send(link);
    },
  );

  app.get(paths.share, { onRequest: limitPerIp, schema: { params: shareParams } }, async (request, reply) => {
    const view = await shares.view(request.params.id, await viewerOf(request, jwtSecret));
    return reply
      .type('application/json; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(Readable.from(view.chunks, STREAMED_PAGES));
  });

  app.patch(
    paths.share,
    {
      onRequest: signedIn,
      schema: { params: shareParams, body: shareUpdateBodySchema, response: { 200: shareLinkSchema } },
    },
    async (request) => shares.update(request.user.id, request.params.id, request.body),
  );

  app.delete(
    paths.share,
    { onRequest: signedIn, schema: { params: shareParams, response: { 200: shareDeletedSchema } } },
    async (request) => shares.remove(request.user.id, request.params.id),
  );

  app.post(
    paths.shareCopy,
    {
      onRequest: [limitPerIp, signedIn],
      schema: { params: shareParams, response: { 200: shareCopySchema } },
    },
    async (request) => shares.copy(request.user.id, request.params.id),
  );

  app.get(
    paths.shareFile,
    {
      exposeHeadRoute: false,
      schema: {
        params: fileParams,
        querystring: z.object({ exp: z.string().max(20).default(''), sig: z.string().max(200).default('') }),
      },
    },
    async (request, reply) => {
      const { id: shareId, fileId } = request.params;
      const file = await shares.file(shareId, fileId, request.query.exp, request.query.sig);
      const inline = isImageType(file.type);
      return reply
        .headers({
          'content-length': String(file.bytes),
          'content-type': inline ? file.type : 'application/octet-stream',
          'content-disposition': contentDisposition(inline ? 'inline' : 'attachment', file.filename),
          'x-content-type-options': 'nosniff',
          'content-security-policy': CONTENT_CSP,
          'cache-control': 'private, max-age=3600',
        })
        .send(file.stream);
    },
  );
};
