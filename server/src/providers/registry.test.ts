import { describe, expect, it } from 'vitest';
import { createProviderRegistry, ProviderNotRegisteredError } from './registry';

describe('provider registry', () => {
  it.each(['openAI', 'azureOpenAI', 'custom', 'anthropic', 'google', 'chatGPTBrowser', 'bingAI'] as const)(
    'serves the %s adapter under its kind',
    (kind) => {
      expect(createProviderRegistry().get(kind).kind).toBe(kind);
    },
  );

  it('throws ProviderNotRegisteredError naming a kind without an adapter', () => {
    const registry = createProviderRegistry();

    expect(() => registry.get('assistants')).toThrow(ProviderNotRegisteredError);
    expect(() => registry.get('assistants')).toThrow(/"assistants"/);
  });
});
