import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { MAX_ACTION_OPERATIONS } from '../schemas/action';
import { MAX_ASSISTANT_TOOLS } from '../schemas/assistant';
import {
  readSpec,
  specProblems,
  specProblemText,
  toolsProblem,
  utf8Length,
  type SpecDocument,
  type SpecParsers,
  type SpecUrl,
} from './spec-rules';

/** The runtime's WHATWG URL (this package is typed without platform globals). */
const WhatwgUrl = (
  globalThis as unknown as { URL: { canParse(text: string): boolean; new (text: string): SpecUrl } }
).URL;

/** What the server and the web hand the rules. */
const PARSERS: SpecParsers = {
  yaml: parseYaml,
  url: (text) => (WhatwgUrl.canParse(text) ? new WhatwgUrl(text) : undefined),
};

const doc = (raw: string): SpecDocument => {
  const read = readSpec(raw, PARSERS);
  if (!read.ok) throw new Error(specProblemText(read.problem));
  return read.doc;
};

const paths = (count: number) =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`/p${i}`, { get: { operationId: `op${i}` } }]));

describe('spec rules shared by the server and the action editor', () => {
  it('reads JSON and YAML, and names what cannot be read', () => {
    expect(doc('{"openapi": "3.0.0"}')).toEqual({ openapi: '3.0.0' });
    expect(doc('openapi: 3.1.0\npaths: {}')).toEqual({ openapi: '3.1.0', paths: {} });
    const broken = readSpec('{ this is: [not json', PARSERS);
    expect(broken.ok === false && broken.problem.code).toBe('parse');
    const list = readSpec('- a\n- b', PARSERS);
    expect(list.ok === false && specProblemText(list.problem)).toBe(
      'Error parsing OpenAPI spec.\nThe spec is not a JSON or YAML object.',
    );
    const huge = readSpec(`{"x": "${'é'.repeat(600_000)}"}`, PARSERS);
    expect(huge.ok === false && specProblemText(huge.problem)).toBe(
      'The OpenAPI spec is too large (1.1 MB; at most 1 MB).',
    );
  });

  it('counts UTF-8 bytes as the server does', () => {
    expect(utf8Length('a é € 😀')).toBe(1 + 1 + 2 + 1 + 3 + 1 + 4);
    expect(utf8Length('\ud800x')).toBe(4);
  });

  it('lists every problem in the order the server reports the first', () => {
    expect(
      specProblems(doc('{"swagger": "2.0", "servers": [{"url": "ftp://x"}]}'), PARSERS).map((p) => p.code),
    ).toEqual(['no_server', 'no_paths', 'version']);
    const templated = {
      openapi: '3.0.3',
      servers: [{ url: 'https://{host}/v1', variables: { host: { default: 'api.example.com' } } }],
      paths: paths(2),
    };
    expect(specProblems(templated, PARSERS)).toEqual([]);
  });

  it('holds the operation and tool limits of packages/shared, with the server’s texts', () => {
    const big = {
      openapi: '3.0.0',
      servers: [{ url: 'https://a.example' }],
      paths: paths(MAX_ACTION_OPERATIONS + 1),
    };
    const [problem] = specProblems(big, PARSERS);
    expect(problem).toEqual({ code: 'too_many_operations', operations: MAX_ACTION_OPERATIONS + 1 });
    expect(specProblemText(problem!)).toBe(
      'The OpenAPI spec has 129 operations; an action may have at most 128. Keep the operations the ' +
        'assistant needs and remove the others.',
    );
    expect(toolsProblem(MAX_ASSISTANT_TOOLS - 2, 2)).toBeUndefined();
    const tools = toolsProblem(100, 29);
    expect(tools && specProblemText(tools)).toBe(
      'The assistant would have 129 tools; an assistant may have at most 128. This action adds 29 functions ' +
        'to its 100 other tools: remove operations from the spec or tools from the assistant.',
    );
  });
});
