import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';
import { LONE_SURROGATE } from '../lib/storable-text';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How deeply a JSON body may nest (default `JSON_MAX_DEPTH`); an import of a message tree needs more. */
    jsonMaxDepth?: number;
  }
}

/** Deep enough for every request shape we have; far below where `JSON.stringify` overflows the stack. */
export const JSON_MAX_DEPTH = 64;

/** PostgreSQL text cannot hold U+0000 (a 500 when saved) and jsonb refuses lone surrogates. */
function storable(text: string): string {
  if (text.includes('\u0000')) {
    throw new AppError(400, 'Text must not contain NUL (\\u0000) characters', { code: 'nul_character' });
  }
  return text.replace(LONE_SURROGATE, '\uFFFD');
}

type Container = Record<string, unknown> | unknown[];
const isContainer = (value: unknown): value is Container => typeof value === 'object' && value !== null;

const tooDeep = (maxDepth: number) =>
  new AppError(400, `Request body is nested too deeply (more than ${maxDepth} levels)`, {
    code: 'json_too_deep',
  });

/**
 * Walks a parsed body without recursion (so any depth is safe to visit): refuses nesting deeper than
 * `maxDepth` and NUL characters, and replaces lone surrogates with U+FFFD, as a UTF-8 encoder would.
 */
export function sanitizeJson(root: unknown, maxDepth: number): unknown {
  if (typeof root === 'string') return storable(root);
  if (!isContainer(root)) return root;
  const pending: Array<[Container, number]> = [[root, 1]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [node, depth] = next;
    if (depth > maxDepth) throw tooDeep(maxDepth);
    const clean = (value: unknown): unknown => {
      if (typeof value === 'string') return storable(value);
      if (isContainer(value)) pending.push([value, depth + 1]);
      return value;
    };
    if (Array.isArray(node)) {
      node.forEach((value, index) => (node[index] = clean(value)));
      continue;
    }
    for (const key of Object.keys(node)) {
      const value = clean(node[key]);
      const cleanKey = storable(key);
      if (cleanKey !== key) delete node[key];
      node[cleanKey] = value;
    }
  }
  return root;
}

export const FORBIDDEN_KEYS = 'Request body must not contain "__proto__" or "constructor.prototype" keys';

/** The secure parse failed but the text is valid JSON: it was refused for a prototype-poisoning key. */
function isPoisoned(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Fastify's JSON parser (prototype-poisoning keys refused, now with a readable 400), then `sanitizeJson`:
 * a body is safe to store and to serialise again before any route sees it.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseSecurely = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    void parseSecurely(request, text, (error, value: unknown) => {
      if (error) {
        done(isPoisoned(text) ? new AppError(400, FORBIDDEN_KEYS, { code: 'forbidden_json_key' }) : error);
        return;
      }
      try {
        done(null, sanitizeJson(value, request.routeOptions.config.jsonMaxDepth ?? JSON_MAX_DEPTH));
      } catch (refusal) {
        done(refusal instanceof Error ? refusal : new Error(String(refusal)), undefined);
      }
    });
  });
}
