// The rules an action's OpenAPI spec must meet before anything is derived from it (SPEC §5 "Spec import"
// and the limits of docs/decisions.md "An action has at most 128 operations, an assistant 128 tools …"),
// in one place for the server's check (server/src/actions/spec-check.ts, which then validates the document
// in full) and the action editor's preview, so the preview never accepts a spec for these reasons that the
// server refuses. The parsers are the caller's (`yaml`'s parse, WHATWG `URL`): this package has no
// dependencies but zod and uses no platform globals.
import { MAX_ACTION_OPERATIONS } from '../schemas/action';
import { MAX_ASSISTANT_TOOLS } from '../schemas/assistant';

/** SPEC §5 "Spec import", word for word. */
export const SPEC_TEXTS = {
  noServer: 'Could not find a valid URL in `servers`',
  noPaths: 'No paths found in the OpenAPI spec.',
  parseError: 'Error parsing OpenAPI spec.',
} as const;

/** Specs larger than this (UTF-8 bytes) are refused before parsing. */
export const MAX_SPEC_BYTES = 1024 * 1024;

/** Why a spec is refused; the server says it in English (`specProblemText`), the editor in the user's language. */
export type SpecProblem =
  | { code: 'too_large'; bytes: number }
  | { code: 'parse'; detail?: string }
  | { code: 'not_object' }
  | { code: 'no_server' }
  | { code: 'no_paths' }
  | { code: 'version' }
  | { code: 'too_many_operations'; operations: number }
  | { code: 'too_many_tools'; total: number; functions: number; kept: number };

export type SpecDocument = Record<string, unknown>;

const isObject = (value: unknown): value is SpecDocument =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

/** A YAML parser (the `yaml` package's `parse`): throws on a document it cannot read. */
export type YamlParse = (text: string, options: { maxAliasCount: number }) => unknown;

/** What the rules need of a parsed URL. */
export interface SpecUrl {
  protocol: string;
  hostname: string;
  href: string;
}

/** The parsers the server and the browser both have, handed in (`U`: their URL type). */
export interface SpecParsers<U extends SpecUrl = SpecUrl> {
  yaml: YamlParse;
  /** WHATWG URL parsing (`new URL(text)`); undefined when `text` is not an absolute URL. */
  url: (text: string) => U | undefined;
}

/** UTF-8 length of `text` (a lone surrogate counts 3, as its replacement character is encoded). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let at = 0; at < text.length; at += 1) {
    const code = text.charCodeAt(at);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code < 0xdc00 && (text.charCodeAt(at + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      at += 1;
    } else bytes += 3;
  }
  return bytes;
}

/** The spec text read as JSON (when it starts with `{`) or YAML; a problem when it cannot be, or is not an object. */
export function readSpec(
  raw: string,
  parsers: SpecParsers,
): { ok: true; doc: SpecDocument } | { ok: false; problem: SpecProblem } {
  const parseYaml = parsers.yaml;
  const bytes = utf8Length(raw);
  if (bytes > MAX_SPEC_BYTES) return { ok: false, problem: { code: 'too_large', bytes } };
  const text = raw.trim();
  let parsed: unknown;
  try {
    parsed = text.startsWith('{')
      ? parseJsonOrYaml(text, parseYaml)
      : parseYaml(text, { maxAliasCount: 100 });
  } catch (error) {
    const detail = error instanceof Error ? error.message.split('\n')[0] : undefined;
    return { ok: false, problem: { code: 'parse', ...(detail ? { detail } : {}) } };
  }
  return isObject(parsed) ? { ok: true, doc: parsed } : { ok: false, problem: { code: 'not_object' } };
}

function parseJsonOrYaml(text: string, parseYaml: YamlParse): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // YAML flow style is a superset of JSON.
    return parseYaml(text, { maxAliasCount: 100 });
  }
}

/** The first server's URL, when it is an absolute http(s) URL (server variables take their defaults). */
export function firstServerUrl<U extends SpecUrl>(
  spec: { servers?: unknown },
  parsers: SpecParsers<U>,
): U | undefined {
  const servers = spec.servers;
  if (!Array.isArray(servers)) return undefined;
  const first: unknown = servers[0];
  if (!isObject(first) || typeof first.url !== 'string') return undefined;
  const variables = isObject(first.variables) ? first.variables : {};
  const url = first.url.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const variable = variables[name];
    return isObject(variable) && typeof variable.default === 'string' ? variable.default : whole;
  });
  const parsed = parsers.url(url);
  return parsed && (parsed.protocol === 'http:' || parsed.protocol === 'https:') ? parsed : undefined;
}

/**
 * The operations a parsed (not yet validated) document declares: each method of each path item written
 * inline. Counted before the costly validation, so a spec far over the limit is refused at once.
 */
export function countOperations(document: { paths?: unknown }): number {
  const { paths } = document;
  if (!isObject(paths)) return 0;
  let count = 0;
  for (const item of Object.values(paths)) {
    if (!isObject(item)) continue;
    for (const method of METHODS) if (isObject(item[method])) count += 1;
  }
  return count;
}

/**
 * Every problem of a parsed spec by these rules, in the order the server reports them (it names the first):
 * a first server URL, a non-empty `paths`, OpenAPI 3.0 or 3.1, at most MAX_ACTION_OPERATIONS operations.
 */
export function specProblems(doc: SpecDocument, parsers: SpecParsers): SpecProblem[] {
  const problems: SpecProblem[] = [];
  if (!firstServerUrl(doc, parsers)) problems.push({ code: 'no_server' });
  if (!isObject(doc.paths) || Object.keys(doc.paths).length === 0) problems.push({ code: 'no_paths' });
  if (typeof doc.openapi !== 'string' || !/^3\.[01]\.\d+/.test(doc.openapi))
    problems.push({ code: 'version' });
  const operations = countOperations(doc);
  if (operations > MAX_ACTION_OPERATIONS) problems.push({ code: 'too_many_operations', operations });
  return problems;
}

/** The problem when an assistant keeping `kept` tools would get `functions` more, past MAX_ASSISTANT_TOOLS. */
export function toolsProblem(kept: number, functions: number): SpecProblem | undefined {
  const total = kept + functions;
  return total > MAX_ASSISTANT_TOOLS ? { code: 'too_many_tools', total, functions, kept } : undefined;
}

const count = (value: number): string => value.toLocaleString('en-US');

/** `message`, then on its own line up to 300 characters of `detail` (whitespace runs made one space). */
export function withDetail(message: string, detail?: string): string {
  const shown = detail?.replace(/\s+/g, ' ').trim().slice(0, 300);
  return shown ? `${message}\n${shown}` : message;
}

/** What the server answers for a problem (a 400's message). */
export function specProblemText(problem: SpecProblem): string {
  switch (problem.code) {
    case 'too_large':
      return (
        `The OpenAPI spec is too large (${(problem.bytes / (1024 * 1024)).toFixed(1)} MB; at most ` +
        `${MAX_SPEC_BYTES / (1024 * 1024)} MB).`
      );
    case 'parse':
      return withDetail(SPEC_TEXTS.parseError, problem.detail);
    case 'not_object':
      return `${SPEC_TEXTS.parseError}\nThe spec is not a JSON or YAML object.`;
    case 'no_server':
      return SPEC_TEXTS.noServer;
    case 'no_paths':
      return SPEC_TEXTS.noPaths;
    case 'version':
      return `${SPEC_TEXTS.parseError}\nOnly OpenAPI 3.0 and 3.1 documents are supported.`;
    case 'too_many_operations':
      return (
        `The OpenAPI spec has ${count(problem.operations)} operations; an action may have at most ` +
        `${count(MAX_ACTION_OPERATIONS)}. Keep the operations the assistant needs and remove the others.`
      );
    case 'too_many_tools':
      return (
        `The assistant would have ${count(problem.total)} tools; an assistant may have at most ` +
        `${count(MAX_ASSISTANT_TOOLS)}. This action adds ${count(problem.functions)} functions to its ` +
        `${count(problem.kept)} other tools: remove operations from the spec or tools from the assistant.`
      );
    default:
      return unknownProblem(problem);
  }
}

function unknownProblem(problem: never): never {
  throw new Error(`Unknown spec problem: ${JSON.stringify(problem)}`);
}
