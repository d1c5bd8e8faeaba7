// The `openai` SDK client for OpenAI and OpenAI-compatible servers, built only from resolved credentials.
import type OpenAI from 'openai';
import { withLineLimit } from '../shared/line-limit';
import { withStaleConnectionRetry } from '../../net/stale-connection-retry';
import { openAISdk } from '../../lib/provider-sdks';
import type { Credentials } from '../types';

export const OPENAI_BASE_URL = 'https://api.openai.com/v1';
/** The SDK refuses to start without a key; keyless servers (Ollama, vLLM) get this and no Authorization header. */
const KEYLESS = 'keyless';

export interface ClientSettings {
  timeoutMs: number;
}

/**
 * Every option is given explicitly so the SDK never falls back to OPENAI_* environment variables. The SDK must
 * be loaded (`openAISdk.load()`) first.
 */
export function createOpenAIClient(credentials: Credentials, settings: ClientSettings): OpenAI {
  const apiKey = credentials.apiKey ?? '';
  return new (openAISdk.loaded().OpenAI)({
    apiKey: apiKey === '' ? KEYLESS : apiKey,
    adminAPIKey: null,
    organization: credentials.organization ?? null,
    project: null,
    webhookSecret: null,
    baseURL: credentials.baseURL ?? OPENAI_BASE_URL,
    maxRetries: 0,
    timeout: settings.timeoutMs,
    logLevel: 'warn',
    // Event-stream lines are capped before the SDK's parser buffers them; a request whose kept-alive
    // connection was closed under it is sent again once.
    fetch: withLineLimit(withStaleConnectionRetry(credentials.fetch ?? fetch)),
    defaultHeaders: { ...(apiKey === '' ? { authorization: null } : {}), ...credentials.headers },
  });
}
