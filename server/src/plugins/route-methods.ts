import type { FastifyInstance } from 'fastify';

/** SPEC §8: the text of a request whose path exists but not for its method. */
export const UNSUPPORTED_METHOD = 'Unsupported HTTP method';

/** The methods the registered routes answer on a path, so another method gets 405 instead of 404. */
export interface RouteMethods {
  allowedOn(path: string): string[];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A route's URL (`/api/convos/:id`, `/api/files/*`) as a pattern of the concrete paths it answers. */
export function routePattern(url: string): RegExp {
  const source = url
    .split(/(:\w+(?:\([^)]*\))?|\*)/)
    .map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : escape(part)))
    .join('');
  return new RegExp(`^${source}/?$`);
}

/** Records every route added after this call (register it before the routes). */
export function trackRouteMethods(app: FastifyInstance): RouteMethods {
  const routes: { pattern: RegExp; methods: string[] }[] = [];
  app.addHook('onRoute', (route) => {
    routes.push({
      pattern: routePattern(route.url),
      methods: [route.method].flat().map((m) => m.toUpperCase()),
    });
  });
  return {
    allowedOn: (path) => [
      ...new Set(routes.filter((route) => route.pattern.test(path)).flatMap((route) => route.methods)),
    ],
  };
}
