import { parse as parseYaml } from 'yaml';
import type { LocaleKey } from '../../../lib/locale-key';

/** One operation of a spec, as the available-actions table shows it (SPEC §2 Action editor). */
export interface SpecOperation {
  name: string;
  description: string;
  method: string;
  path: string;
}

export type SpecPreview =
  { ok: true; domain: string; operations: SpecOperation[] } | { ok: false; messages: LocaleKey[] };

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** The three texts of SPEC §5 "Spec import" (locale keys). */
export const SPEC_ERRORS = {
  parse: 'com_assistants_spec_error_parse',
  servers: 'com_assistants_spec_error_servers',
  paths: 'com_assistants_spec_error_paths',
} as const satisfies Record<string, LocaleKey>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseDocument(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return parseYaml(raw, { maxAliasCount: 100 }) as unknown;
  }
}

/**
 * A first reading of a spec while it is typed: JSON or YAML, a first server URL, at least one path. The
 * server validates it again (with `$ref`s resolved) and derives the functions itself; this only fills the
 * table and keeps Create disabled until the spec has something to offer. Messages are locale keys.
 */
export function previewSpec(raw: string): SpecPreview {
  let doc: unknown;
  try {
    doc = parseDocument(raw);
  } catch {
    return { ok: false, messages: [SPEC_ERRORS.parse] };
  }
  if (!isRecord(doc)) return { ok: false, messages: [SPEC_ERRORS.parse] };
  const messages: LocaleKey[] = [];
  const servers = doc.servers;
  const firstUrl = Array.isArray(servers) && isRecord(servers[0]) ? servers[0].url : undefined;
  let domain = '';
  if (typeof firstUrl === 'string') {
    try {
      domain = new URL(firstUrl).hostname;
    } catch {
      domain = '';
    }
  }
  if (!domain) messages.push(SPEC_ERRORS.servers);
  const paths = isRecord(doc.paths) ? doc.paths : {};
  const operations: SpecOperation[] = [];
  for (const [path, item] of Object.entries(paths)) {
    if (!isRecord(item)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!isRecord(operation)) continue;
      const name =
        typeof operation.operationId === 'string' && operation.operationId
          ? operation.operationId
          : `${method}_${path.replace(/[^a-zA-Z0-9]+/g, '_').replace(/^_|_$/g, '')}`;
      const description =
        typeof operation.description === 'string'
          ? operation.description
          : typeof operation.summary === 'string'
            ? operation.summary
            : '';
      operations.push({ name, description, method: method.toUpperCase(), path });
    }
  }
  if (operations.length === 0) messages.push(SPEC_ERRORS.paths);
  return messages.length > 0 ? { ok: false, messages } : { ok: true, domain, operations };
}
