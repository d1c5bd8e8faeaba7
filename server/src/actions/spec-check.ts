// Checks an action's OpenAPI 3 spec (JSON or YAML) as SPEC §5 "Spec import" says, with
// @apidevtools/swagger-parser: `$ref`s inside the document are resolved (cyclic ones are left as `$ref` for
// deriveFunctions to cut), a reference to nothing only warns and becomes an empty schema, and references to
// other files or URLs are never followed (they would read the server's disk or reach any address).
// CPU-heavy (swagger-parser compiles the OpenAPI JSON Schema on every call): it runs in spec-worker.ts, and
// validate-spec.ts is the way in.
import type { OpenAPI } from 'openapi-types';
import { parse as parseYaml } from 'yaml';
import type { ActionSpec } from './types';

export const SPEC_TEXTS = {
  noServer: 'Could not find a valid URL in `servers`',
  noPaths: 'No paths found in the OpenAPI spec.',
  parseError: 'Error parsing OpenAPI spec.',
} as const;

/** Specs larger than this (UTF-8 bytes) are refused before parsing. */
export const MAX_SPEC_BYTES = 1024 * 1024;

export type SpecValidation =
  { ok: true; spec: ActionSpec; warnings: string[] } | { ok: false; message: string };

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function fail(message: string, detail?: string): { ok: false; message: string } {
  const shown = detail?.replace(/\s+/g, ' ').trim().slice(0, 300);
  return { ok: false, message: shown ? `${message}\n${shown}` : message };
}

function parseText(raw: string): unknown {
  const text = raw.trim();
  if (text.startsWith('{')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      // YAML flow style is a superset of JSON: fall through.
    }
  }
  return parseYaml(text, { maxAliasCount: 100 }) as unknown;
}

/** The first server's URL, when it is an absolute http(s) URL (server variables take their defaults). */
export function firstServerUrl(spec: { servers?: unknown }): URL | undefined {
  const servers = spec.servers;
  if (!Array.isArray(servers)) return undefined;
  const first: unknown = servers[0];
  if (!isObject(first) || typeof first.url !== 'string') return undefined;
  const variables = isObject(first.variables) ? first.variables : {};
  const url = first.url.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const variable = variables[name];
    return isObject(variable) && typeof variable.default === 'string' ? variable.default : whole;
  });
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Resolves a local JSON pointer (`#/a/b`) in `root`; undefined when it names nothing. */
export function resolvePointer(root: unknown, ref: string): unknown {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    let key: string;
    try {
      key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    } catch {
      return undefined;
    }
    if (Array.isArray(node)) node = /^\d+$/.test(key) ? node[Number(key)] : undefined;
    else if (isObject(node) && Object.hasOwn(node, key)) node = node[key];
    else return undefined;
    if (node === undefined) return undefined;
  }
  return node;
}

/**
 * Replaces every `$ref` that names nothing in the document, or another document, by an empty schema (its
 * sibling keys kept), with a warning each. Iterative: a deeply nested document cannot overflow the stack.
 */
function neutralizeRefs(root: Json, warnings: string[]): void {
  const stack: unknown[] = [root];
  const seen = new Set<string>();
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      for (const item of node) stack.push(item);
      continue;
    }
    if (!isObject(node)) continue;
    const ref = node.$ref;
    if (typeof ref === 'string') {
      const local = ref.startsWith('#');
      if (!local || resolvePointer(root, ref) === undefined) {
        delete node.$ref;
        if (!seen.has(ref)) {
          seen.add(ref);
          warnings.push(
            local
              ? `Unknown reference "${ref.slice(0, 200)}": an empty schema is used.`
              : `External reference "${ref.slice(0, 200)}" is not followed: an empty schema is used.`,
          );
        }
      }
    } else if (ref !== undefined) {
      delete node.$ref;
    }
    for (const value of Object.values(node))
      if (typeof value === 'object' && value !== null) stack.push(value);
  }
}

export async function checkActionSpec(raw: string): Promise<SpecValidation> {
  if (Buffer.byteLength(raw, 'utf8') > MAX_SPEC_BYTES) return fail('The OpenAPI spec is too large.');
  let parsed: unknown;
  try {
    parsed = parseText(raw);
  } catch (error) {
    return fail(SPEC_TEXTS.parseError, error instanceof Error ? error.message.split('\n')[0] : undefined);
  }
  if (!isObject(parsed)) return fail(SPEC_TEXTS.parseError, 'The spec is not a JSON or YAML object.');
  if (!firstServerUrl(parsed)) return fail(SPEC_TEXTS.noServer);
  if (!isObject(parsed.paths) || Object.keys(parsed.paths).length === 0) return fail(SPEC_TEXTS.noPaths);
  if (typeof parsed.openapi !== 'string' || !/^3\.[01]\.\d+/.test(parsed.openapi)) {
    return fail(SPEC_TEXTS.parseError, 'Only OpenAPI 3.0 and 3.1 documents are supported.');
  }

  const warnings: string[] = [];
  try {
    neutralizeRefs(parsed, warnings);
    // Loaded here, in the spec worker, not by the server's modules that share this file's helpers.
    const { default: SwaggerParser } = await import('@apidevtools/swagger-parser');
    const validated = await SwaggerParser.validate(parsed as unknown as OpenAPI.Document, {
      resolve: { external: false, file: false, http: false },
      dereference: { circular: 'ignore' },
    });
    return { ok: true, spec: validated as ActionSpec, warnings };
  } catch (error) {
    const detail =
      error instanceof RangeError
        ? 'The spec is nested too deeply.'
        : error instanceof Error
          ? error.message
          : undefined;
    return fail(SPEC_TEXTS.parseError, detail);
  }
}
