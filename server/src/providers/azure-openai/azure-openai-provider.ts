import { listOpenAIModels } from '../openai/list-openai-models';
import { createOpenAIFamilyProvider } from '../openai/openai-family-provider';
import type { OpenAIFamilyOptions } from '../openai/openai-family-provider';
import type { ChatProvider } from '../types';
import { azureTargetOf, createAzureClient } from './create-azure-client';

/**
 * The `azureOpenAI` endpoint. Azure model lists come from the server config (one group per model),
 * so `listModels` asks the server only for serverless groups, which speak the plain OpenAI protocol.
 */
export function createAzureOpenAIProvider(options: OpenAIFamilyOptions = {}): ChatProvider {
  return createOpenAIFamilyProvider(
    {
      kind: 'azureOpenAI',
      makeClient: createAzureClient,
      listModels: async (client, credentials, signal) =>
        azureTargetOf(credentials).serverless ? listOpenAIModels(client, signal) : [],
    },
    options,
  );
}
