import { describe, expect, it } from 'vitest';
import { actionFunctionLabel, isActionFunction } from './action-names';
import { assistantBody, emptyForm, formFrom, isRetrievalFile } from './assistant-form';
import { previewSpec } from './spec-preview';
import { SPEC_EXAMPLES } from './spec-examples';

describe('previewSpec', () => {
  it('reads YAML and lists its operations', () => {
    const preview = previewSpec(SPEC_EXAMPLES.petstore);
    expect(preview).toMatchObject({ ok: true, domain: 'petstore.example.com' });
    expect(preview.ok && preview.operations.map((o) => `${o.method} ${o.name}`)).toEqual([
      'GET listPets',
      'POST createPets',
      'GET showPetById',
    ]);
  });

  it('refuses the blank template with both texts', () => {
    expect(previewSpec(SPEC_EXAMPLES.blank)).toEqual({
      ok: false,
      messages: [{ key: 'com_assistants_spec_error_servers' }, { key: 'com_assistants_spec_error_paths' }],
    });
  });

  it('refuses text that is neither JSON nor a YAML mapping', () => {
    expect(previewSpec('just words')).toEqual({
      ok: false,
      messages: [{ key: 'com_assistants_spec_error_parse' }, { key: 'com_assistants_spec_error_not_object' }],
    });
    expect(previewSpec('a: [b')).toEqual({
      ok: false,
      messages: [{ key: 'com_assistants_spec_error_parse' }],
    });
  });

  it('holds the rules the server checks first: http(s) server, OpenAPI 3.0/3.1, operations and tools limits', () => {
    const spec = (extra: Record<string, unknown>, operations = 1) =>
      JSON.stringify({
        openapi: '3.0.0',
        servers: [{ url: 'https://api.example.com' }],
        paths: Object.fromEntries(
          Array.from({ length: operations }, (_, i) => [`/p${i}`, { get: { operationId: `op${i}` } }]),
        ),
        ...extra,
      });
    expect(previewSpec(spec({ servers: [{ url: 'ftp://files.example.com' }] }))).toMatchObject({
      messages: [{ key: 'com_assistants_spec_error_servers' }],
    });
    expect(previewSpec(spec({ openapi: '2.0' }))).toMatchObject({
      messages: [{ key: 'com_assistants_spec_error_parse' }, { key: 'com_assistants_spec_error_version' }],
    });
    expect(previewSpec(spec({}, 129))).toMatchObject({
      messages: [{ key: 'com_assistants_spec_error_operations', values: { operations: 129, max: 128 } }],
    });
    expect(previewSpec(spec({}, 2), 126)).toMatchObject({ ok: true });
    expect(previewSpec(spec({}, 2), 127)).toMatchObject({
      messages: [
        { key: 'com_assistants_spec_error_tools', values: { total: 129, max: 128, functions: 2, kept: 127 } },
      ],
    });
  });
});

describe('action function names (SPEC §3)', () => {
  it('shows a short domain as a domain, a 10-character encoded one as the function only', () => {
    expect(isActionFunction('getNote_action_127---0---0---1')).toBe(true);
    expect(actionFunctionLabel('getNote_action_127---0---0---1')).toEqual({
      operation: 'getNote',
      domain: '127.0.0.1',
    });
    expect(actionFunctionLabel('getNote_action_YXBpLmV4YW')).toEqual({ operation: 'getNote', domain: null });
    expect(actionFunctionLabel('calculator')).toBeNull();
  });
});

describe('assistant form', () => {
  it("keeps the saved assistant's action functions and sends plugin tools by name", () => {
    const saved = {
      id: 'asst_1',
      object: 'assistant' as const,
      created_at: 1,
      name: null,
      description: null,
      instructions: null,
      model: 'm',
      tools: [
        { type: 'function' as const, function: { name: 'getNote_action_x' } },
        { type: 'function' as const, function: { name: 'image_vision' } },
        { type: 'function' as const, function: { name: 'calculator' } },
      ],
      file_ids: [],
      metadata: {},
    };
    const form = formFrom(saved);
    expect(form).toMatchObject({ imageVision: true, tools: ['calculator'] });
    expect(assistantBody({ ...form, codeInterpreter: true }, saved).tools).toEqual([
      { type: 'code_interpreter' },
      'image_vision',
      'calculator',
      { type: 'function', function: { name: 'getNote_action_x' } },
    ]);
    expect(assistantBody(emptyForm('m'), null).tools).toEqual([]);
  });

  it('splits knowledge by MIME type', () => {
    expect(isRetrievalFile('application/pdf')).toBe(true);
    expect(isRetrievalFile('text/plain')).toBe(true);
    expect(isRetrievalFile('text/csv')).toBe(false);
  });
});
