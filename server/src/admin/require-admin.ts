import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '@parley/shared/errors';
import { authenticate } from '../plugins/authenticate';

/** The body every `/api/admin/*` route answers a signed-in non-administrator with. */
export const ADMIN_ONLY: ErrorBody = { message: 'Only administrators may do this.', code: 'forbidden' };

/**
 * A preHandler for every `/api/admin/*` route: `authenticate` first (no or bad token, deleted or disabled
 * account → 401), then the role — the account's stored role as the account status reports it on each
 * request, never the token's claim, so a demoted admin (whose status every instance forgets at the
 * demotion) is refused on their next request → `403`. Register it per route or per feature plugin:
 * `app.addHook('preHandler', requireAdmin(jwtSecret))`.
 */
export function requireAdmin(jwtSecret: string) {
  const signedIn = authenticate(jwtSecret);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    await signedIn(request, reply);
    if (reply.sent) return;
    if (request.user.role !== 'ADMIN') await reply.status(403).send(ADMIN_ONLY);
  };
}
