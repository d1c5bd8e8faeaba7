import { createOpenAIClient } from '../openai/create-openai-client';
import type { ClientSettings } from '../openai/create-openai-client';
import { listOpenAIModels } from '../openai/list-openai-models';
import { createOpenAIFamilyProvider } from '../openai/openai-family-provider';
import type { OpenAIFamilyOptions } from '../openai/openai-family-provider';
import { ProviderError } from '../types';
import type { ChatProvider, Credentials } from '../types';

/** A custom endpoint must say where it lives; falling back to api.openai.com would send its key there. */
function createCustomClient(
  credentials: Credentials,
  settings: ClientSettings,
): ReturnType<typeof createOpenAIClient> {
  if (credentials.baseURL === undefined || credentials.baseURL === '') {
    throw new ProviderError('bad_request', 'The custom endpoint has no base URL.');
  }
  return createOpenAIClient(credentials, settings);
}

/**
 * A `custom` endpoint: any OpenAI-compatible server (Ollama, vLLM, OpenRouter, Mistral, Groq …) at
 * `credentials.baseURL`, with its YAML headers in `credentials.headers` and `addParams`/`dropParams`
 * carried by each request.
 */
export function createCustomProvider(options: OpenAIFamilyOptions = {}): ChatProvider {
  return createOpenAIFamilyProvider(
    {
      kind: 'custom',
      makeClient: createCustomClient,
      listModels: (client, _credentials, signal) => listOpenAIModels(client, signal),
    },
    options,
  );
}
