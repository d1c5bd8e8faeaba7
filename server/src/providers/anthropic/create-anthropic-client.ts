// The `@anthropic-ai/sdk` client, built only from resolved credentials.
import type Anthropic from '@anthropic-ai/sdk';
import { withLineLimit } from '../shared/line-limit';
import { withStaleConnectionRetry } from '../../net/stale-connection-retry';
import { anthropicSdk } from '../../lib/provider-sdks';
import type { Credentials } from '../types';

export const ANTHROPIC_BASE_URL = 'https://api.anthropic.com';

export interface AnthropicClientSettings {
  /** Longest wait for the response headers. */
  timeoutMs: number;
}

/**
 * Key, token, webhook key and base URL are all given, so the SDK reads none of its ANTHROPIC_* variables
 * for them. No retries: the chat engine decides what to do with a failure. The SDK must be loaded
 * (`anthropicSdk.load()`) first.
 */
export function createAnthropicClient(
  credentials: Credentials,
  settings: AnthropicClientSettings,
): Anthropic {
  return new (anthropicSdk.loaded().Anthropic)({
    apiKey: credentials.apiKey ?? '',
    authToken: null,
    webhookKey: null,
    baseURL: credentials.baseURL ?? ANTHROPIC_BASE_URL,
    maxRetries: 0,
    timeout: settings.timeoutMs,
    logLevel: 'warn',
    openTelemetry: false,
    // Event-stream lines are capped before the SDK's parser buffers them; a request whose kept-alive
    // connection was closed under it is sent again once.
    fetch: withLineLimit(withStaleConnectionRetry(credentials.fetch ?? fetch)),
    ...(credentials.headers ? { defaultHeaders: credentials.headers } : {}),
  });
}
