import type { ChatProvider } from '../types';
import { createOpenAIClient } from './create-openai-client';
import { listOpenAIModels } from './list-openai-models';
import { createOpenAIFamilyProvider } from './openai-family-provider';
import type { OpenAIFamilyOptions } from './openai-family-provider';

/** The `openAI` endpoint: api.openai.com, or a reverse proxy given as `credentials.baseURL`. */
export function createOpenAIProvider(options: OpenAIFamilyOptions = {}): ChatProvider {
  return createOpenAIFamilyProvider(
    {
      kind: 'openAI',
      makeClient: createOpenAIClient,
      listModels: (client, _credentials, signal) => listOpenAIModels(client, signal),
    },
    options,
  );
}
