import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  method: string;
  /** The route pattern, e.g. `/api/convos/:conversationId`. */
  url: string;
}

/** `METHOD url`, the key of a route in the fuzz and ownership tables. */
export const routeKey = (route: RegisteredRoute): string => `${route.method} ${route.url}`;

/** `├── /update (POST)` → depth (4 columns a level), segment and methods. */
const LINE = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/;

/**
 * Every route the app registered, from `printRoutes()`'s tree (Fastify has no route list). HEAD routes
 * Fastify adds beside each GET are left out.
 */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const prefixes: string[] = [];
  const routes: RegisteredRoute[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = LINE.exec(line);
    if (!match) continue;
    const [, indent = '', segment = '', methods] = match;
    const depth = indent.length / 4;
    prefixes.length = depth;
    const url = `${prefixes.join('')}${segment}`;
    prefixes.push(segment);
    for (const method of methods?.split(', ') ?? []) {
      if (method !== 'HEAD') routes.push({ method, url });
    }
  }
  return routes;
}
