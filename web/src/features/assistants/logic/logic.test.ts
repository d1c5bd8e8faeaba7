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
      messages: ['com_assistants_spec_error_servers', 'com_assistants_spec_error_paths'],
    });
  });

  it('refuses text that is neither JSON nor a YAML mapping', () => {
    expect(previewSpec('just words')).toEqual({ ok: false, messages: ['com_assistants_spec_error_parse'] });
    expect(previewSpec('a: [b')).toEqual({ ok: false, messages: ['com_assistants_spec_error_parse'] });
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
