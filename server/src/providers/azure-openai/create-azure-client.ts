// The `openai` SDK client for an Azure OpenAI deployment: `api-key` header and `api-version` query,
// or, for serverless groups, a plain OpenAI-compatible client with a Bearer key.
import type OpenAI from 'openai';
import { createOpenAIClient } from '../openai/create-openai-client';
import type { ClientSettings } from '../openai/create-openai-client';
import { withLineLimit } from '../shared/line-limit';
import { withStaleConnectionRetry } from '../../net/stale-connection-retry';
import { openAISdk } from '../../lib/provider-sdks';
import { ProviderError } from '../types';
import type { AzureTarget, Credentials } from '../types';
import { azureBaseURL } from './azure-base-url';

export function azureTargetOf(credentials: Credentials): AzureTarget {
  if (!credentials.azure) {
    throw new ProviderError('bad_request', 'Azure OpenAI credentials name no deployment.');
  }
  return credentials.azure;
}

export function createAzureClient(credentials: Credentials, settings: ClientSettings): OpenAI {
  const target = azureTargetOf(credentials);
  const baseURL = azureBaseURL(target);
  if (target.serverless) return createOpenAIClient({ ...credentials, baseURL }, settings);
  const apiKey = credentials.apiKey ?? '';
  // Plain OpenAI rather than AzureOpenAI: AzureOpenAI inserts `/deployments/{model}` into any base URL
  // without one, which breaks gateway URLs that name the deployment their own way.
  return new (openAISdk.loaded().OpenAI)({
    apiKey: apiKey === '' ? 'keyless' : apiKey,
    adminAPIKey: null,
    organization: null,
    project: null,
    webhookSecret: null,
    baseURL,
    defaultQuery: { 'api-version': target.apiVersion },
    defaultHeaders: {
      authorization: null,
      ...(apiKey === '' ? {} : { 'api-key': apiKey }),
      ...credentials.headers,
    },
    maxRetries: 0,
    timeout: settings.timeoutMs,
    logLevel: 'warn',
    // Event-stream lines are capped before the SDK's parser buffers them; a request whose kept-alive
    // connection was closed under it is sent again once.
    fetch: withLineLimit(withStaleConnectionRetry(credentials.fetch ?? fetch)),
  });
}
