import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '@parley/shared/errors';
import { verifyAccessToken, type AuthUser } from '../lib/access-token';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate`; routes registered with it can rely on it. */
    user: AuthUser;
  }
}

const UNAUTHORIZED: ErrorBody = { message: 'Unauthorized' };
/** RFC 9110 §11.1: the scheme is case-insensitive (`bearer x`, `BEARER x`). */
const BEARER = /^bearer[ \t]+(\S+)[ \t]*$/i;

/**
 * A preHandler that admits requests with a valid `Authorization: Bearer <access token>` and sets
 * `request.user`; anything else gets `401 {"message":"Unauthorized"}`. Register it per route or per
 * feature plugin (`app.addHook('preHandler', authenticate(secret))`), never by URL prefix.
 */
export function authenticate(jwtSecret: string) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const header = request.headers.authorization;
    const token = header ? BEARER.exec(header)?.[1] : undefined;
    const user = token ? await verifyAccessToken(jwtSecret, token) : null;
    if (!user) {
      await reply.status(401).send(UNAUTHORIZED);
      return;
    }
    request.user = user;
  };
}
