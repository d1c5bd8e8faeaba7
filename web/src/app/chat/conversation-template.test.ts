import { describe, expect, it } from 'vitest';
import {
  newConversationSetup,
  parseLastModels,
  parseStoredSetup,
  pickModel,
  setupForEndpoint,
  setupWithModel,
} from './conversation-template';

const available = {
  endpoints: {
    anthropic: { order: 1, userProvide: false },
    openAI: { order: 0, userProvide: true },
    Groq: { order: 2, userProvide: false, type: 'custom' as const },
  },
  models: { openAI: ['gpt-4o', 'gpt-3.5-turbo'], anthropic: ['claude-3'], Groq: ['llama3'] },
  lastModels: { openAI: 'gpt-3.5-turbo' },
};

describe('newConversationSetup', () => {
  it('starts on the first endpoint of the menu with the last model used there', () => {
    expect(newConversationSetup(null, available)).toEqual({
      endpoint: 'openAI',
      endpointType: null,
      model: 'gpt-3.5-turbo',
    });
  });

  it('keeps the last setup, options included, while its endpoint is enabled', () => {
    expect(
      newConversationSetup({ endpoint: 'anthropic', model: 'claude-3', temperature: 0.3 }, available),
    ).toEqual({
      endpoint: 'anthropic',
      endpointType: null,
      model: 'claude-3',
      temperature: 0.3,
    });
  });

  it('replaces a model that is no longer offered and ignores a disabled endpoint', () => {
    expect(newConversationSetup({ endpoint: 'openAI', model: 'gone' }, available)?.model).toBe(
      'gpt-3.5-turbo',
    );
    expect(newConversationSetup({ endpoint: 'bingAI', model: 'x' }, available)?.endpoint).toBe('openAI');
  });

  it('is null with no endpoint enabled', () => {
    expect(newConversationSetup(null, { endpoints: {}, models: {}, lastModels: {} })).toBeNull();
  });
});

describe('setupForEndpoint and pickModel', () => {
  it('takes the custom type and the first model', () => {
    expect(setupForEndpoint('Groq', available)).toEqual({
      endpoint: 'Groq',
      endpointType: 'custom',
      model: 'llama3',
    });
    expect(pickModel('anthropic', 'claude-3', available)).toBe('claude-3');
  });
});

describe('stored values', () => {
  it('reads what it can and ignores the rest', () => {
    expect(parseStoredSetup('{"endpoint":"openAI","model":"gpt-4o","temperature":0.5}')).toEqual({
      endpoint: 'openAI',
      model: 'gpt-4o',
      temperature: 0.5,
    });
    expect(parseStoredSetup('{"model":"x"}')).toBeNull();
    expect(parseStoredSetup('not json')).toBeNull();
    expect(parseLastModels('{"openAI":"gpt-4o"}')).toEqual({ openAI: 'gpt-4o' });
    expect(parseLastModels('[1]')).toEqual({});
  });
});

describe('landing on a usable endpoint (issue 23)', () => {
  const withEmpty = {
    ...available,
    endpoints: { ...available.endpoints, assistants: { order: -1, userProvide: false } },
    models: { ...available.models, assistants: [] },
  };

  it('skips an endpoint that offers no model, first or remembered', () => {
    expect(newConversationSetup(null, withEmpty)?.endpoint).toBe('openAI');
    expect(newConversationSetup({ endpoint: 'assistants', model: '' }, withEmpty)?.endpoint).toBe('openAI');
  });

  it('still lands somewhere when no endpoint offers a model', () => {
    const none = { endpoints: withEmpty.endpoints, models: {}, lastModels: {} };
    expect(newConversationSetup(null, none)?.endpoint).toBe('assistants');
  });
});

describe('setupWithModel (SPEC §4 Google model change)', () => {
  it('clamps max output tokens to the new model’s limit, so the next send is not refused', () => {
    const gemini = {
      endpoint: 'google',
      endpointType: null,
      model: 'gemini-pro',
      maxOutputTokens: 8192,
      temperature: 0.5,
      promptPrefix: 'Be brief.',
    };
    expect(setupWithModel(gemini, 'chat-bison')).toEqual({
      ...gemini,
      model: 'chat-bison',
      maxOutputTokens: 2048,
    });
    // Back on Gemini the lowered value stays: a clamp never raises what the user chose.
    expect(setupWithModel(setupWithModel(gemini, 'chat-bison'), 'gemini-pro').maxOutputTokens).toBe(2048);
  });

  it('keeps values the new model allows, and a custom endpoint’s options as they are', () => {
    expect(
      setupWithModel({ endpoint: 'google', model: 'gemini-pro', maxOutputTokens: 1000 }, 'text-bison'),
    ).toEqual({ endpoint: 'google', model: 'text-bison', maxOutputTokens: 1000 });
    expect(
      setupWithModel(
        { endpoint: 'Groq', endpointType: 'custom', model: 'llama3', maxOutputTokens: 8192 },
        'gemini-like-bison',
      ),
    ).toEqual({
      endpoint: 'Groq',
      endpointType: 'custom',
      model: 'gemini-like-bison',
      maxOutputTokens: 8192,
    });
  });
});
