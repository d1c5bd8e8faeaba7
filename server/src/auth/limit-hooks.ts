import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '@parley/shared/errors';
import { AUTH_ERRORS } from '@parley/shared/schemas/auth';
import type { AbuseGuard, LimitName } from './abuse-guard';

const TOO_MANY: Record<LimitName, (minutes: number) => string> = {
  login: (minutes) => `Too many login attempts, please try again after ${minutes} minutes.`,
  register: (minutes) => `Too many accounts created, please try again after ${minutes} minutes.`,
  passwordReset: (minutes) => `Too many password reset requests, please try again after ${minutes} minutes.`,
};

/**
 * A preHandler for the JSON auth routes: a banned IP gets `403 {message, code: 'ban'}`; past the per-IP
 * limit the request gets `429 {message}` with `Retry-After` (and counts as a violation). With `perKey`
 * (read from the validated request) the same limit also applies to that key, e.g. the email address.
 */
export function limitedRoute(
  guard: AbuseGuard,
  limit: LimitName,
  perKey?: (request: FastifyRequest) => string,
) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if ((await guard.banRemainingMs([{ ip: request.ip }])) > 0) {
      await reply.status(403).send({ message: AUTH_ERRORS.banned, code: 'ban' } satisfies ErrorBody);
      return;
    }
    let outcome = await guard.attempt(limit, request.ip);
    if (outcome.allowed && perKey) outcome = await guard.attempt(limit, request.ip, perKey(request));
    if (outcome.allowed) return;
    const minutes = Math.round(guard.settings.limits[limit].windowMs / 60_000);
    await reply
      .status(429)
      .header('Retry-After', String(outcome.retryAfterSeconds))
      .send({ message: TOO_MANY[limit](minutes), code: 'rate_limit' } satisfies ErrorBody);
  };
}
