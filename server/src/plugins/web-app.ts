import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ErrorBody } from '@parley/shared/errors';
import { UNSUPPORTED_METHOD, type RouteMethods } from './route-methods';

const API_PREFIXES = ['/api/', '/oauth/'];
const isApiPath = (url: string) => url === '/api' || API_PREFIXES.some((p) => url.startsWith(p));

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated, and
 * index.html for any other GET that is not an API path (the SPA decides what to render). Unknown
 * API paths answer a JSON 404.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDist: string | null,
  methods?: RouteMethods,
): Promise<void> {
  const index = webDist ? join(webDist, 'index.html') : null;
  const hasWeb = index !== null && existsSync(index);
  if (hasWeb && webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const immutable = filePath.startsWith(join(webDist, 'assets'));
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (hasWeb && wantsPage && !isApiPath(path)) {
      // A shared conversation's page is for the people given the link, not for search engines.
      if (path.startsWith('/share/')) void reply.header('x-robots-tag', 'noindex');
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    // A path that exists, asked with another method (SPEC §8).
    const allowed = isApiPath(path) ? (methods?.allowedOn(path) ?? []) : [];
    if (allowed.length > 0) {
      return reply
        .status(405)
        .header('allow', allowed.join(', '))
        .send({ message: UNSUPPORTED_METHOD, code: 'method_not_allowed' } satisfies ErrorBody);
    }
    return reply.status(404).send({ message: `Not found: ${request.method} ${path}` } satisfies ErrorBody);
  });
}
