import { describe, expect, it } from 'vitest';
import { buildKeyValue, expiresAtFor, isKeyValid, keyFields, keyFormOf } from './key-value';

describe('keyFormOf and keyFields', () => {
  it('asks Azure for its four fields and the base URL only when users bring it', () => {
    expect(keyFormOf('azureOpenAI')).toBe('azure');
    expect(keyFields('azure', false)).toHaveLength(4);
    expect(keyFields('azure', true)).toContain('baseURL');
    expect(keyFields('openai-style', false)).toEqual(['apiKey']);
    expect(keyFields('openai-style', true)).toEqual(['apiKey', 'baseURL']);
  });

  it('plugins use the Azure form when their config says so', () => {
    expect(keyFormOf('gptPlugins', { azure: true })).toBe('azure');
    expect(keyFormOf('gptPlugins')).toBe('openai-style');
    expect(keyFormOf('anthropic')).toBe('raw');
    expect(keyFormOf('google')).toBe('google');
  });
});

describe('buildKeyValue', () => {
  it('names every empty field of an OpenAI-style or Azure form', () => {
    const fields = keyFields('azure', false);
    expect(buildKeyValue('azure', fields, { azureOpenAIApiKey: 'k', azureOpenAIApiVersion: ' ' })).toEqual({
      ok: false,
      missing: ['azureOpenAIApiInstanceName', 'azureOpenAIApiDeploymentName', 'azureOpenAIApiVersion'],
    });
  });

  it('packs Azure fields as one JSON object', () => {
    const fields = keyFields('azure', false);
    const result = buildKeyValue('azure', fields, {
      azureOpenAIApiKey: 'k',
      azureOpenAIApiInstanceName: 'i',
      azureOpenAIApiDeploymentName: 'd',
      azureOpenAIApiVersion: '2024-02-01',
    });
    expect(result.ok && JSON.parse(result.value)).toEqual({
      azureOpenAIApiKey: 'k',
      azureOpenAIApiInstanceName: 'i',
      azureOpenAIApiDeploymentName: 'd',
      azureOpenAIApiVersion: '2024-02-01',
    });
  });

  it('stores OpenAI-style keys as {apiKey, baseURL} and raw keys as they are', () => {
    const result = buildKeyValue('openai-style', ['apiKey', 'baseURL'], {
      apiKey: ' sk-1 ',
      baseURL: 'https://x/v1',
    });
    expect(result.ok && JSON.parse(result.value)).toEqual({ apiKey: 'sk-1', baseURL: 'https://x/v1' });
    expect(buildKeyValue('raw', ['apiKey'], { apiKey: 'sk-ant' })).toEqual({ ok: true, value: 'sk-ant' });
  });

  it('Google takes a service key, an API key, or both, but not neither', () => {
    expect(buildKeyValue('google', ['GOOGLE_API_KEY'], {})).toEqual({
      ok: false,
      missing: ['GOOGLE_API_KEY'],
    });
    const result = buildKeyValue(
      'google',
      ['GOOGLE_API_KEY'],
      { GOOGLE_API_KEY: 'g' },
      { client_email: 'a@b.c' },
    );
    expect(result.ok && JSON.parse(result.value)).toEqual({
      GOOGLE_SERVICE_KEY: { client_email: 'a@b.c' },
      GOOGLE_API_KEY: 'g',
    });
  });
});

describe('expiry', () => {
  const now = new Date('2026-05-20T10:00:00.000Z');

  it('offers the SPEC §5 choices', () => {
    expect(expiresAtFor('30m', now)).toBe('2026-05-20T10:30:00.000Z');
    expect(expiresAtFor('12h', now)).toBe('2026-05-20T22:00:00.000Z');
    expect(expiresAtFor('30d', now)).toBe('2026-06-19T10:00:00.000Z');
  });

  it('a key is valid only with an expiry that is not in the past', () => {
    expect(isKeyValid('2026-05-20T10:00:01.000Z', now)).toBe(true);
    expect(isKeyValid('2026-05-20T09:59:59.000Z', now)).toBe(false);
    expect(isKeyValid(null, now)).toBe(false);
    expect(isKeyValid('garbage', now)).toBe(false);
  });
});
