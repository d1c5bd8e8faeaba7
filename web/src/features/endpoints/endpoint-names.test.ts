import { describe, expect, it } from 'vitest';
import { endpointEntries, endpointLabel, filterModels, kindOf } from './endpoint-names';

describe('endpoint names', () => {
  it('uses SPEC §9 display names and custom names as they are', () => {
    expect(endpointLabel('openAI')).toBe('OpenAI');
    expect(endpointLabel('azureOpenAI')).toBe('Azure OpenAI');
    expect(endpointLabel('Mistral', { type: 'custom' })).toBe('Mistral');
    expect(kindOf('Mistral', { type: 'custom' })).toBe('custom');
    expect(kindOf('Unknown')).toBe('custom');
  });

  it('orders the menu by configured order', () => {
    const entries = endpointEntries({
      anthropic: { order: 2, userProvide: false },
      openAI: { order: 0, userProvide: true },
      Groq: { order: 1, userProvide: false, type: 'custom' },
    });
    expect(entries.map((entry) => entry.name)).toEqual(['openAI', 'Groq', 'anthropic']);
  });
});

describe('filterModels', () => {
  it('matches case-insensitively anywhere in the name', () => {
    expect(filterModels(['gpt-4o', 'gpt-3.5-turbo', 'claude-3'], 'GPT')).toEqual(['gpt-4o', 'gpt-3.5-turbo']);
    expect(filterModels(['a', 'b'], '  ')).toEqual(['a', 'b']);
  });
});
