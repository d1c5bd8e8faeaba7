import { describe, expect, it } from 'vitest';
import { createProviderRegistry, ProviderNotRegisteredError } from './registry';

describe('provider registry', () => {
  it.each(['openAI', 'azureOpenAI', 'custom', 'anthropic', 'google', 'chatGPTBrowser', 'bingAI'] as const)(
    'serves the %s adapter under its kind',
    (kind) => {
      expect(createProviderRegistry().get(kind).kind).toBe(kind);
    },
  );

  it('serves assistants with the OpenAI adapter (they run on any OpenAI-compatible server)', () => {
    expect(createProviderRegistry().get('assistants').kind).toBe('openAI');
  });

  it('throws ProviderNotRegisteredError naming a kind without an adapter', () => {
    const registry = createProviderRegistry();

    // Plugins chats run on the agent loop over the chosen provider, never as a provider of their own.
    expect(() => registry.get('gptPlugins')).toThrow(ProviderNotRegisteredError);
    expect(() => registry.get('gptPlugins')).toThrow(/"gptPlugins"/);
  });
});
