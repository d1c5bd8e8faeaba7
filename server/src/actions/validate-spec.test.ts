import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { MAX_ACTION_OPERATIONS } from '@parley/shared/schemas/action';
import { MAX_ASSISTANT_TOOLS_CHARS } from '@parley/shared/schemas/assistant';
import { deriveFunctions } from './operations';
import { testApiSpec } from './test-api-server';
import { manyOperationsSpec, responseHeavySpec, sharedSchemaSpec } from './test-specs';
import {
  BUSY_OWNER,
  FUNCTIONS_TOO_LARGE,
  MAX_SPEC_BYTES,
  MAX_SPECS_PER_OWNER,
  planActionSpec,
  SPEC_TEXTS,
  tooManyOperations,
  validateActionSpec,
} from './validate-spec';

// The spec check starts a worker thread (TypeScript from sources under Vitest): slow on a loaded machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const minimal = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  openapi: '3.0.0',
  info: { title: 'T', version: '1' },
  servers: [{ url: 'https://api.example.com/v1' }],
  paths: { '/ping': { get: { operationId: 'ping', responses: { 200: { description: 'ok' } } } } },
  ...extra,
});

async function expectOk(raw: string) {
  const result = await validateActionSpec(raw);
  if (!result.ok) throw new Error(`expected a valid spec, got: ${result.message}`);
  return result;
}

describe('validateActionSpec', () => {
  it('accepts JSON and YAML and resolves $refs', async () => {
    const json = await expectOk(JSON.stringify(minimal()));
    expect(json.warnings).toEqual([]);
    const yaml = await expectOk(testApiSpec('https://pets.example.com/v1'));
    expect(yaml.spec.paths['/pets/{petId}']?.get?.operationId).toBe('getPet');
    const withRef = await expectOk(
      JSON.stringify(
        minimal({
          paths: {
            '/p': {
              get: {
                operationId: 'p',
                parameters: [{ $ref: '#/components/parameters/Q' }],
                responses: { 200: { description: 'ok' } },
              },
            },
          },
          components: { parameters: { Q: { name: 'q', in: 'query', schema: { type: 'string' } } } },
        }),
      ),
    );
    expect(withRef.spec.paths['/p']?.get?.parameters).toEqual([
      { name: 'q', in: 'query', schema: { type: 'string' } },
    ]);
  });

  it('answers SPEC §5 texts for a spec without servers or paths, and for unparseable text', async () => {
    const noServers = minimal();
    delete noServers.servers;
    expect(await validateActionSpec(JSON.stringify(noServers))).toEqual({
      ok: false,
      message: SPEC_TEXTS.noServer,
    });
    expect(
      await validateActionSpec(JSON.stringify(minimal({ servers: [{ url: '/relative' }] }))),
    ).toMatchObject({
      message: SPEC_TEXTS.noServer,
    });
    expect(await validateActionSpec(JSON.stringify(minimal({ paths: {} })))).toEqual({
      ok: false,
      message: SPEC_TEXTS.noPaths,
    });
    const broken = await validateActionSpec('openapi: 3.0.0\ninfo: [unclosed\n  servers: {');
    expect(broken.ok).toBe(false);
    if (!broken.ok) expect(broken.message.split('\n')[0]).toBe(SPEC_TEXTS.parseError);
    expect(await validateActionSpec('just words')).toMatchObject({ ok: false });
    expect(await validateActionSpec('')).toMatchObject({ ok: false });
  });

  it('refuses Swagger 2.0 and documents that break the OpenAPI schema, saying why', async () => {
    const swagger = await validateActionSpec(
      JSON.stringify({ swagger: '2.0', info: { title: 'T', version: '1' }, paths: { '/x': {} } }),
    );
    expect(swagger).toMatchObject({ ok: false, message: SPEC_TEXTS.noServer });
    const v2 = await validateActionSpec(JSON.stringify({ ...minimal(), openapi: '2.0' }));
    expect(v2.ok).toBe(false);
    if (!v2.ok) expect(v2.message).toContain('Only OpenAPI 3.0 and 3.1');
    const invalid = await validateActionSpec(
      JSON.stringify(minimal({ paths: { '/x': { get: { responses: 'nope' } } } })),
    );
    expect(invalid.ok).toBe(false);
    if (!invalid.ok) expect(invalid.message.startsWith(`${SPEC_TEXTS.parseError}\n`)).toBe(true);
  });

  it('refuses a 5 MB spec before parsing it', async () => {
    const big = JSON.stringify(minimal({ info: { title: 'x'.repeat(5 * 1024 * 1024), version: '1' } }));
    expect(await validateActionSpec(big)).toEqual({
      ok: false,
      message: 'The OpenAPI spec is too large (5.0 MB; at most 1 MB).',
    });
    // Text no parser accepts: had it been parsed first, the answer would be the parse error.
    expect(await validateActionSpec(`{ "openapi": ${'['.repeat(5 * 1024 * 1024)}`)).toEqual({
      ok: false,
      message: 'The OpenAPI spec is too large (5.0 MB; at most 1 MB).',
    });
    expect(MAX_SPEC_BYTES).toBe(1024 * 1024);
  });

  it('handles cyclic $refs: valid, JSON-serialisable, the cycle cut in the function parameters', async () => {
    const result = await expectOk(testApiSpec('https://pets.example.com/v1'));
    expect(() => JSON.stringify(result.spec)).not.toThrow();
    const create = deriveFunctions(result.spec, 'pets.example.com').find((f) =>
      f.name.startsWith('createPet'),
    );
    const text = JSON.stringify(create?.parameters);
    expect(text).toContain('Recursive structure.');
    expect(text).not.toContain('$ref');
    const selfRef = await expectOk(
      JSON.stringify(
        minimal({
          paths: {
            '/n': {
              post: {
                operationId: 'n',
                requestBody: {
                  content: { 'application/json': { schema: { $ref: '#/components/schemas/A' } } },
                },
                responses: { 200: { description: 'ok' } },
              },
            },
          },
          components: {
            schemas: {
              A: { type: 'object', properties: { b: { $ref: '#/components/schemas/B' } } },
              B: { type: 'object', properties: { a: { $ref: '#/components/schemas/A' } } },
            },
          },
        }),
      ),
    );
    expect(JSON.stringify(deriveFunctions(selfRef.spec, 'x.io'))).toContain('Recursive structure.');
  });

  it('warns about an unknown reference and uses an empty schema', async () => {
    const result = await expectOk(
      JSON.stringify(
        minimal({
          paths: {
            '/p': {
              post: {
                operationId: 'p',
                requestBody: {
                  content: {
                    'application/json': {
                      schema: { type: 'object', properties: { a: { $ref: '#/components/schemas/Nope' } } },
                    },
                  },
                },
                responses: { 200: { description: 'ok' } },
              },
            },
          },
        }),
      ),
    );
    expect(result.warnings).toEqual([
      'Unknown reference "#/components/schemas/Nope": an empty schema is used.',
    ]);
    expect(deriveFunctions(result.spec, 'x.io')[0]?.parameters).toEqual({
      type: 'object',
      properties: { a: {} },
    });
  });

  it('never follows a reference to a URL or a file', async () => {
    let hits = 0;
    const server = createServer((_req, res) => {
      hits += 1;
      res.end('{"type":"string"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const result = await expectOk(
        JSON.stringify(
          minimal({
            components: {
              schemas: {
                Remote: { $ref: `http://127.0.0.1:${port}/schema.json` },
                Local: { $ref: '/etc/passwd' },
              },
            },
          }),
        ),
      );
      expect(result.warnings).toHaveLength(2);
      expect(result.warnings[0]).toContain('is not followed');
      expect(hits).toBe(0);
    } finally {
      server.close();
    }
  });

  it('survives a deeply nested document and a YAML alias bomb', async () => {
    const deep = `{"openapi":"3.0.0","servers":[{"url":"https://a.io"}],"paths":{"/a":{}},"x":${'['.repeat(200_000)}${']'.repeat(200_000)}}`;
    expect((await validateActionSpec(deep)).ok).toBe(false);
    const bomb = [
      'openapi: 3.0.0',
      'servers: [{url: "https://a.io"}]',
      'paths: {"/a": {}}',
      'a: &a ["x","x","x","x","x","x","x","x","x"]',
      ...Array.from({ length: 12 }, (_, i) => {
        const prev = i === 0 ? 'a' : `b${i - 1}`;
        return `b${i}: &b${i} [*${prev},*${prev},*${prev},*${prev},*${prev},*${prev},*${prev},*${prev},*${prev}]`;
      }),
    ].join('\n');
    expect((await validateActionSpec(bomb)).ok).toBe(false);
  });
});

describe('deriveFunctions', () => {
  it('names functions <operationId>_action_<encoded domain> with path, query and body parameters', async () => {
    const { spec } = await expectOk(testApiSpec('https://pets.example.com/v1'));
    const functions = deriveFunctions(spec, 'pets.example.com');
    const names = functions.map((f) => f.name);
    const encoded = names[0]?.split('_action_')[1];
    expect(encoded).toHaveLength(10);
    expect(names).toEqual(
      ['getPet', 'createPet', 'fail', 'silent', 'huge', 'redirect', 'empty'].map(
        (op) => `${op}_action_${encoded}`,
      ),
    );
    const getPet = functions[0];
    expect(getPet?.description).toBe('Get one pet');
    expect(getPet?.parameters).toEqual({
      type: 'object',
      properties: {
        petId: { type: 'string' },
        verbose: { type: 'boolean' },
        tags: { type: 'array', items: { type: 'string' } },
      },
      required: ['petId'],
    });
    const createPet = functions[1]?.parameters as { properties: Record<string, unknown>; required: string[] };
    expect(Object.keys(createPet.properties)).toEqual(['name', 'owner']);
    expect(createPet.required).toEqual(['name']);
  });

  it('names operations without an operationId and keeps every name a valid tool name', async () => {
    const { spec } = await expectOk(
      JSON.stringify(
        minimal({
          paths: {
            '/users/{id}/items': { get: { responses: { 200: { description: 'ok' } } } },
            '/weird': {
              get: { operationId: 'with spaces & ünïcode!', responses: { 200: { description: 'ok' } } },
            },
            '/long': { get: { operationId: 'x'.repeat(100), responses: { 200: { description: 'ok' } } } },
          },
        }),
      ),
    );
    const names = deriveFunctions(spec, 'a-very-long-domain.example.com').map((f) => f.name);
    for (const name of names) expect(name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    expect(names[0]).toMatch(/^get_users_id_items_action_/);
    expect(names[1]).toMatch(/^with_spaces_n_code_action_/);
  });
});

describe('the limits of one spec (issue 22)', () => {
  it(`refuses a spec of more than ${MAX_ACTION_OPERATIONS} operations, naming the limit`, async () => {
    const review = manyOperationsSpec(3_000, 'big.example.com', 990_000);
    const message =
      `The OpenAPI spec has 3,000 operations; an action may have at most ${MAX_ACTION_OPERATIONS}. ` +
      'Keep the operations the assistant needs and remove the others.';
    expect(tooManyOperations(3_000)).toBe(message);
    expect(await validateActionSpec(review)).toEqual({ ok: false, message });
    expect(await planActionSpec(review)).toEqual({ ok: false, message });
    expect(await planActionSpec(manyOperationsSpec(MAX_ACTION_OPERATIONS + 1, 'a.io'))).toEqual({
      ok: false,
      message: tooManyOperations(MAX_ACTION_OPERATIONS + 1),
    });
    const most = await planActionSpec(manyOperationsSpec(MAX_ACTION_OPERATIONS, 'a.io'));
    expect(most.ok && most.functions.length).toBe(MAX_ACTION_OPERATIONS);
  });

  it('counts the operations of path items behind a $ref too', async () => {
    const paths: Record<string, unknown> = {
      '/shared': { get: { operationId: 'shared', responses: { 200: { description: 'ok' } } } },
    };
    for (let i = 0; i < MAX_ACTION_OPERATIONS; i++) paths[`/alias${i}`] = { $ref: '#/paths/~1shared' };
    const result = await planActionSpec(JSON.stringify(minimal({ paths })));
    expect(result).toEqual({ ok: false, message: tooManyOperations(MAX_ACTION_OPERATIONS + 1) });
  });

  it('refuses a spec whose functions would be larger than all of an assistant’s tools may be', async () => {
    // 143 KB of spec, 13.5 MB of functions: one shared schema copied into every operation's parameters.
    const expanding = sharedSchemaSpec(MAX_ACTION_OPERATIONS, 'records.example.com', 1_500);
    expect(await planActionSpec(expanding)).toEqual({ ok: false, message: FUNCTIONS_TOO_LARGE });
    expect(FUNCTIONS_TOO_LARGE).toContain(`more than ${MAX_ASSISTANT_TOOLS_CHARS.toLocaleString('en-US')}`);
    const within = await planActionSpec(sharedSchemaSpec(30, 'records.example.com', 200));
    if (!within.ok) throw new Error(within.message);
    expect(within.chars).toBe(within.functions.reduce((sum, fn) => sum + JSON.stringify(fn).length, 0));
  });
});

describe('the spec worker pool (issue 22)', () => {
  it('takes one spec of each user at a time, in turns, and answers busy past the per-user limit', async () => {
    // Both workers started and warm, so what follows is about turns, not start-up.
    await Promise.all([
      planActionSpec(JSON.stringify(minimal()), { owner: 'warm-1' }),
      planActionSpec(JSON.stringify(minimal()), { owner: 'warm-2' }),
    ]);
    const done: string[] = [];
    const track = (name: string, promise: Promise<{ ok: boolean }>) =>
      promise.then((result) => {
        done.push(name);
        return result;
      });
    // Distinct big specs (nothing is reused), each taking a worker for a while.
    const alice = Array.from({ length: MAX_SPECS_PER_OWNER }, (_, i) =>
      track(
        `alice-${i + 1}`,
        planActionSpec(responseHeavySpec(120, `alice${i}.example.com`), { owner: 'alice' }),
      ),
    );
    const refused = await planActionSpec(responseHeavySpec(120, 'alice9.example.com'), {
      owner: 'alice',
      refuseWhenBusy: true,
    });
    expect(refused).toEqual({ ok: false, busy: true, message: BUSY_OWNER });
    const bob = await track(
      'bob',
      planActionSpec(JSON.stringify(minimal()), { owner: 'bob', refuseWhenBusy: true }),
    );
    // Bob's spec took the second worker, which Alice's waiting specs may not use: it never waited for them.
    const doneBeforeBob = [...done];
    const results = await Promise.all(alice);
    // One comparison, so a failure shows the whole run: each answer, and what was done when.
    expect({
      bob: bob.ok || bob,
      doneBeforeBob: doneBeforeBob.includes(`alice-${MAX_SPECS_PER_OWNER}`)
        ? doneBeforeBob
        : 'not alice’s last',
      alice: results.map((result) => result.ok || result),
      aliceOrder: done.filter((name) => name.startsWith('alice')),
    }).toEqual({
      bob: true,
      doneBeforeBob: 'not alice’s last',
      alice: Array.from({ length: MAX_SPECS_PER_OWNER }, () => true),
      aliceOrder: Array.from({ length: MAX_SPECS_PER_OWNER }, (_, i) => `alice-${i + 1}`),
    });
    // Her specs are done: she is welcome again.
    expect(
      (await planActionSpec(JSON.stringify(minimal()), { owner: 'alice', refuseWhenBusy: true })).ok,
    ).toBe(true);
  });

  it('hands back plans that the caller runs without the document, and reuses them for the same domain', async () => {
    const raw = testApiSpec('https://pets.example.com/v1');
    const saved = await planActionSpec(raw, { owner: 'carol' });
    if (!saved.ok) throw new Error(saved.message);
    expect(saved.domain).toBe('pets.example.com');
    expect(saved.spec.paths).toEqual({});
    const { spec } = await expectOk(raw);
    expect(saved.functions).toEqual(deriveFunctions(spec, 'pets.example.com'));
    expect(deriveFunctions(saved.spec, 'pets.example.com')).toEqual(saved.functions);
    expect(await planActionSpec(raw, { owner: 'carol', domain: { exact: 'pets.example.com' } })).toBe(saved);
  });
});
