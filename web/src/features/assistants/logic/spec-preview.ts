import { parse as parseYaml } from 'yaml';
import {
  firstServerUrl,
  MAX_SPEC_BYTES,
  readSpec,
  specProblems,
  toolsProblem,
  type SpecParsers,
  type SpecProblem,
} from '@parley/shared/actions/spec-rules';
import { MAX_ACTION_OPERATIONS } from '@parley/shared/schemas/action';
import { MAX_ASSISTANT_TOOLS } from '@parley/shared/schemas/assistant';
import type { LocaleKey } from '../../../lib/locale-key';

/** One operation of a spec, as the available-actions table shows it (SPEC §2 Action editor). */
export interface SpecOperation {
  name: string;
  description: string;
  method: string;
  path: string;
}

/** A line of the editor's refusal: a locale key and its values. */
export interface SpecMessage {
  key: LocaleKey;
  values?: Record<string, string | number>;
}

export type SpecPreview =
  { ok: true; domain: string; operations: SpecOperation[] } | { ok: false; messages: SpecMessage[] };

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

const PARSE: SpecMessage = { key: 'com_assistants_spec_error_parse' };

/** The parsers the shared rules take, as the server hands them: the `yaml` package and WHATWG URL. */
const PARSERS: SpecParsers = {
  yaml: parseYaml,
  url: (text) => (URL.canParse(text) ? new URL(text) : undefined),
};

/** The lines the editor shows for a problem of the shared rules (the server's texts, translated). */
export function specMessages(problem: SpecProblem): SpecMessage[] {
  switch (problem.code) {
    case 'too_large':
      return [
        {
          key: 'com_assistants_spec_error_too_large',
          values: { size: (problem.bytes / (1024 * 1024)).toFixed(1), max: MAX_SPEC_BYTES / (1024 * 1024) },
        },
      ];
    case 'parse':
      return [PARSE];
    case 'not_object':
      return [PARSE, { key: 'com_assistants_spec_error_not_object' }];
    case 'no_server':
      return [{ key: 'com_assistants_spec_error_servers' }];
    case 'no_paths':
      return [{ key: 'com_assistants_spec_error_paths' }];
    case 'version':
      return [PARSE, { key: 'com_assistants_spec_error_version' }];
    case 'too_many_operations':
      return [
        {
          key: 'com_assistants_spec_error_operations',
          values: { operations: problem.operations, max: MAX_ACTION_OPERATIONS },
        },
      ];
    case 'too_many_tools':
      return [
        {
          key: 'com_assistants_spec_error_tools',
          values: {
            total: problem.total,
            max: MAX_ASSISTANT_TOOLS,
            functions: problem.functions,
            kept: problem.kept,
          },
        },
      ];
    default:
      return unknownProblem(problem);
  }
}

function unknownProblem(problem: never): never {
  throw new Error(`Unknown spec problem: ${JSON.stringify(problem)}`);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function operationsOf(paths: unknown): SpecOperation[] {
  const operations: SpecOperation[] = [];
  for (const [path, item] of Object.entries(isRecord(paths) ? paths : {})) {
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
  return operations;
}

/** Operations a saved spec declares (an action being edited: the functions it takes up now). */
export function specOperationCount(raw: string): number {
  const read = readSpec(raw, PARSERS);
  return read.ok ? operationsOf(read.doc.paths).length : 0;
}

/**
 * A reading of a spec while it is typed, by the rules the server checks first (packages/shared
 * `spec-rules`: parse, servers, paths, OpenAPI version, operations per action and, given the tools the
 * assistant keeps, tools per assistant). The server then validates the whole document; what it refuses
 * past these rules the editor shows as the server says it. Create stays disabled until the spec has at
 * least one operation (SPEC §5).
 */
export function previewSpec(raw: string, toolsKept?: number): SpecPreview {
  const read = readSpec(raw, PARSERS);
  if (!read.ok) return { ok: false, messages: specMessages(read.problem) };
  const problems = specProblems(read.doc, PARSERS);
  const operations = operationsOf(read.doc.paths);
  if (operations.length === 0 && !problems.some((problem) => problem.code === 'no_paths')) {
    problems.push({ code: 'no_paths' });
  }
  const tools = toolsKept === undefined ? undefined : toolsProblem(toolsKept, operations.length);
  if (tools) problems.push(tools);
  if (problems.length > 0) {
    const messages = problems.flatMap(specMessages);
    return {
      ok: false,
      messages: messages.filter((m, at) => messages.findIndex((o) => o.key === m.key) === at),
    };
  }
  return { ok: true, domain: firstServerUrl(read.doc, PARSERS)?.hostname ?? '', operations };
}
