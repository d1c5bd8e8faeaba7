// The `@google/genai` client for the Gemini API, built only from resolved credentials.
import type { GoogleGenAI } from '@google/genai';
import { googleSdk } from '../../lib/provider-sdks';
import { fetchSendingAgainOnReset } from '../../net/stale-connection-retry';
import type { Credentials } from '../types';

export const GOOGLE_BASE_URL = 'https://generativelanguage.googleapis.com';

/**
 * Backend, key and base URL are all given, so the SDK reads none of its GOOGLE_* variables for them.
 * No request timeout here: genai's bounds the whole stream, so the idle watchdog guards it instead.
 */
export function createGoogleClient(credentials: Credentials): GoogleGenAI {
  return new (googleSdk.loaded().GoogleGenAI)({
    vertexai: false,
    apiKey: credentials.apiKey ?? '',
    httpOptions: {
      fetch: fetchSendingAgainOnReset,
      baseUrl: credentials.baseURL ?? GOOGLE_BASE_URL,
      ...(credentials.headers ? { headers: credentials.headers } : {}),
    },
  });
}
