import { describe, expect, it } from 'vitest';
import type { ModelSpec } from '@parley/shared/schemas/startup-config';
import { AppError } from '../lib/errors';
import { assertModelSpec, checkModelSpec, type ModelSpecsConfig } from './check-model-spec';

const terse: ModelSpec = {
  name: 'terse-4o',
  label: 'Terse GPT-4o',
  iconURL: 'openAI',
  preset: { endpoint: 'openAI', model: 'gpt-4o', temperature: 0.2, stop: ['END'], greeting: 'Hi!' },
};
const llama: ModelSpec = {
  name: 'llama',
  label: 'Llama',
  preset: { endpoint: 'Ollama', endpointType: 'custom', model: 'llama3' },
};
const enforced: ModelSpecsConfig = { enforce: true, prioritize: true, list: [terse, llama] };
const asTerse = { endpoint: 'openAI', model: 'gpt-4o', temperature: 0.2, stop: ['END'], spec: 'terse-4o' };

const failure = (result: ReturnType<typeof checkModelSpec>): AppError => {
  if (result.ok) throw new Error('expected a refusal');
  return result.error;
};

describe('checkModelSpec', () => {
  it('lets everything through without enforce, or without a list', () => {
    const anything = { endpoint: 'anthropic', model: 'claude-3-opus', temperature: 1 };
    expect(checkModelSpec(undefined, anything)).toEqual({ ok: true, spec: null });
    expect(checkModelSpec({ enforce: false, list: [terse] }, anything)).toEqual({ ok: true, spec: null });
    expect(checkModelSpec({ enforce: true, list: [] }, anything)).toEqual({ ok: true, spec: null });
    // A listed spec named without enforce is still reported, so the caller can use its icon.
    expect(checkModelSpec({ enforce: false, list: [terse] }, { ...anything, spec: 'terse-4o' })).toEqual({
      ok: true,
      spec: terse,
    });
  });

  it('accepts a request that matches the named spec, presentational fields aside', () => {
    expect(checkModelSpec(enforced, asTerse)).toEqual({ ok: true, spec: terse });
    expect(
      checkModelSpec(enforced, {
        endpoint: 'Ollama',
        endpointType: 'custom',
        model: 'llama3',
        spec: 'llama',
      }),
    ).toEqual({ ok: true, spec: llama });
  });

  it('leaves parameters the preset does not set to the user', () => {
    expect(checkModelSpec(enforced, { ...asTerse, top_p: 0.5, promptPrefix: 'Hello' }).ok).toBe(true);
  });

  it('refuses a request that names no spec, or one that is not listed', () => {
    const none = failure(checkModelSpec(enforced, { endpoint: 'openAI', model: 'gpt-4o' }));
    expect(none).toMatchObject({
      status: 400,
      code: 'illegal_model_request',
      message: 'No model spec selected',
    });
    const unknown = failure(checkModelSpec(enforced, { ...asTerse, spec: 'gpt-5-unlimited' }));
    expect(unknown).toMatchObject({ code: 'illegal_model_request', message: 'Invalid model spec' });
  });

  it.each([
    ['endpoint', { endpoint: 'azureOpenAI' }],
    ['model', { model: 'gpt-4-turbo' }],
    ['temperature', { temperature: 1.5 }],
    ['temperature', { temperature: undefined }],
    ['stop', { stop: ['STOP'] }],
  ])('refuses a request whose %s differs from the spec', (field, change) => {
    const error = failure(checkModelSpec(enforced, { ...asTerse, ...change }));
    expect(error).toMatchObject({
      status: 400,
      code: 'illegal_model_request',
      message: `Model spec mismatch: ${field}`,
      details: { spec: 'terse-4o', field },
    });
  });

  it('checks the endpoint type when the preset sets one', () => {
    const wrongType = { endpoint: 'Ollama', endpointType: 'openAI', model: 'llama3', spec: 'llama' };
    expect(failure(checkModelSpec(enforced, wrongType)).message).toBe('Model spec mismatch: endpointType');
  });

  it('reports a spec that gives tools to an endpoint other than gptPlugins as a configuration error', () => {
    const broken: ModelSpec = {
      name: 'broken',
      label: 'Broken',
      preset: { endpoint: 'openAI', tools: ['calc'] },
    };
    const error = failure(
      checkModelSpec({ enforce: true, list: [broken] }, { endpoint: 'openAI', spec: 'broken' }),
    );
    expect(error).toMatchObject({ code: 'invalid_model_spec' });
    expect(error.message).toMatch(/only the gptPlugins endpoint can have tools/);
  });

  it('assertModelSpec throws the refusal and returns the spec otherwise', () => {
    expect(assertModelSpec(enforced, asTerse)).toBe(terse);
    expect(() => assertModelSpec(enforced, { endpoint: 'openAI' })).toThrow(AppError);
  });
});
