import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '@parley/shared/errors';
import { verifyAccessToken, type AuthUser } from '../lib/access-token';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate`; routes registered with it can rely on it. */
    user: AuthUser;
  }
}

/**
 * Whether the account of a verified token may still use it, with its stored role: `buildApp` decorates the
 * app with one under this name (`users/account-status`); an app without it answers 500, never admits.
 */
export const ACCOUNT_STATUS = 'accountStatus';
export interface AccountCheck {
  current(userId: string): Promise<{ role: AuthUser['role'] } | null>;
}

const UNAUTHORIZED: ErrorBody = { message: 'Unauthorized' };
/** RFC 9110 §11.1: the scheme is case-insensitive (`bearer x`, `BEARER x`). */
const BEARER = /^bearer[ \t]+(\S+)[ \t]*$/i;

/**
 * A preHandler that admits requests with a valid `Authorization: Bearer <access token>` of an account that
 * still exists and sets `request.user` (with the account's stored role); anything else gets
 * `401 {"message":"Unauthorized"}`. Register it per route or per feature plugin
 * (`app.addHook('preHandler', authenticate(secret))`), never by URL prefix.
 */
export function authenticate(jwtSecret: string) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const header = request.headers.authorization;
    const token = header ? BEARER.exec(header)?.[1] : undefined;
    const claimed = token ? await verifyAccessToken(jwtSecret, token) : null;
    const account = claimed
      ? await request.server.getDecorator<AccountCheck>(ACCOUNT_STATUS).current(claimed.id)
      : null;
    if (!claimed || !account) {
      await reply.status(401).send(UNAUTHORIZED);
      return;
    }
    request.user = { id: claimed.id, role: account.role };
  };
}
