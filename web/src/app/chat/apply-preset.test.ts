import { describe, expect, it } from 'vitest';
import type { EndpointsConfig } from '@parley/shared/schemas/endpoints';
import { mergeSetup, presetTarget, setupFromTemplate } from './apply-preset';

const endpoints = {
  openAI: { order: 0, userProvide: false },
  anthropic: { order: 1, userProvide: false },
} as unknown as EndpointsConfig;
const available = {
  endpoints,
  models: { openAI: ['gpt-4o', 'gpt-4o-mini'], anthropic: ['claude-3'] },
  lastModels: {},
};

describe('setupFromTemplate', () => {
  it('takes the template’s endpoint, model and options', () => {
    expect(
      setupFromTemplate(
        { endpoint: 'openAI', model: 'gpt-4o-mini', temperature: 0.3 },
        'anthropic',
        available,
      ),
    ).toEqual({ endpoint: 'openAI', endpointType: null, model: 'gpt-4o-mini', temperature: 0.3 });
  });

  it('falls back to the current endpoint when the template has none or one not enabled', () => {
    expect(setupFromTemplate({ endpoint: null, temperature: 1 }, 'anthropic', available)).toMatchObject({
      endpoint: 'anthropic',
      model: 'claude-3',
    });
    expect(setupFromTemplate({ endpoint: 'google' }, null, available)).toBeNull();
  });

  it('replaces a model the endpoint does not offer', () => {
    expect(setupFromTemplate({ endpoint: 'openAI', model: 'gone' }, null, available)?.model).toBe('gpt-4o');
  });
});

describe('presetTarget', () => {
  const current = { endpoint: 'openAI', model: 'gpt-4o' };
  it('merges into a conversation on the same endpoint, or any with modular chat, or a new one', () => {
    expect(presetTarget(current, 'openAI', { conversationId: 'c1', modularChat: false })).toBe('merge');
    expect(presetTarget(current, null, { conversationId: 'c1', modularChat: false })).toBe('merge');
    expect(presetTarget(current, 'anthropic', { conversationId: 'c1', modularChat: true })).toBe('merge');
    expect(presetTarget(current, 'anthropic', { conversationId: 'new', modularChat: false })).toBe('merge');
  });

  it('starts a new conversation for another endpoint without modular chat', () => {
    expect(presetTarget(current, 'anthropic', { conversationId: 'c1', modularChat: false })).toBe('new');
  });
});

describe('mergeSetup', () => {
  it('keeps options the preset does not set on the same endpoint', () => {
    expect(
      mergeSetup(
        { endpoint: 'openAI', model: 'gpt-4o', temperature: 1, promptPrefix: 'Be brief' },
        { endpoint: 'openAI', model: 'gpt-4o-mini', temperature: 0.2 },
      ),
    ).toEqual({ endpoint: 'openAI', model: 'gpt-4o-mini', temperature: 0.2, promptPrefix: 'Be brief' });
  });

  it('takes the preset whole on another endpoint', () => {
    const next = { endpoint: 'anthropic', model: 'claude-3' };
    expect(mergeSetup({ endpoint: 'openAI', model: 'gpt-4o', temperature: 1 }, next)).toEqual(next);
  });
});
