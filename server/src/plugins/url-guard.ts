import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '@parley/shared/errors';
import { AppError } from '../lib/errors';

/** `%00` decodes to U+0000, which PostgreSQL text cannot hold (a 500 when an id or name is looked up). */
const ENCODED_NUL = /%00/i;

/** Refuses a path or query with a NUL character before any route parses it. */
export function registerUrlGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (ENCODED_NUL.test(request.url)) {
      throw new AppError(400, 'The URL must not contain NUL (%00) characters', { code: 'nul_character' });
    }
  });
}

/** Helmet's hooks do not run for router errors; a JSON error body needs no more than this. */
const ROUTER_ERROR_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

/** Errors the router answers before any hook runs, in the API's error shape (API.md "Conventions"). */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const [status, message] =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? [414, 'A path segment of the URL is too long']
      : error.code === 'FST_ERR_BAD_URL'
        ? [400, 'The URL is not validly encoded']
        : [400, 'Bad request'];
  void reply
    .status(status)
    .headers(ROUTER_ERROR_HEADERS)
    .send({ message, code: error.code } satisfies ErrorBody);
}
