// The one place that knows which adapter serves which endpoint kind; only `chat/` imports it.
import type { EndpointKind } from '@parley/shared/endpoints/kinds';
import { createAnthropicProvider } from './anthropic/anthropic-provider';
import { createAzureOpenAIProvider } from './azure-openai/azure-openai-provider';
import { createBingProvider } from './bing/bing-provider';
import { createChatGPTBrowserProvider } from './chatgpt-browser/chatgpt-browser-provider';
import { createCustomProvider } from './custom/custom-provider';
import { createGoogleProvider } from './google/google-provider';
import { createOpenAIProvider } from './openai/openai-provider';
import type { ChatProvider } from './types';

export interface ProviderRegistry {
  /** The adapter for `kind`; throws ProviderNotRegisteredError when none is registered. */
  get(kind: EndpointKind): ChatProvider;
}

export class ProviderNotRegisteredError extends Error {
  override readonly name = 'ProviderNotRegisteredError';

  constructor(readonly kind: string) {
    super(`No chat provider is registered for endpoint kind "${kind}".`);
  }
}

export function createProviderRegistry(): ProviderRegistry {
  const providers: ChatProvider[] = [
    createOpenAIProvider(),
    createAzureOpenAIProvider(),
    createCustomProvider(),
    createAnthropicProvider(),
    createGoogleProvider(),
    createChatGPTBrowserProvider(),
    createBingProvider(),
  ];
  const byKind = new Map<EndpointKind, ChatProvider>(providers.map((provider) => [provider.kind, provider]));
  // Assistants run on Parley's own tool loop against an OpenAI-compatible server (API.md).
  const openAI = byKind.get('openAI');
  if (openAI) byKind.set('assistants', openAI);
  return {
    get(kind) {
      const provider = byKind.get(kind);
      if (!provider) throw new ProviderNotRegisteredError(kind);
      return provider;
    },
  };
}
