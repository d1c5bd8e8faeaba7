// The `google` endpoint: Gemini through the Generative Language API with an API key (or a reverse proxy),
// or through Vertex AI when the credentials hold a service account.
import type { GoogleGenAI } from '@google/genai';
import { googleSdk } from '../../lib/provider-sdks';
import { ProviderError } from '../types';
import type { ChatProvider, Credentials } from '../types';
import { ClientCache } from './client-cache';
import { createGoogleClient } from './create-google-client';
import { createVertexClient } from './create-vertex-client';
import { listGoogleModels } from './list-google-models';
import { streamGoogleContent } from './stream-google-content';

export interface GoogleProviderOptions {
  /** Longest silence (the wait for headers included) before the call fails with `timeout`. */
  idleTimeoutMs?: number;
}

const DEFAULT_IDLE_TIMEOUT_MS = 300_000;
const MAX_VERTEX_CLIENTS = 64;

export function createGoogleProvider(options: GoogleProviderOptions = {}): ChatProvider {
  const idleTimeoutMs = options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  const vertexClients = new ClientCache<GoogleGenAI>(MAX_VERTEX_CLIENTS);
  const clientOf = (credentials: Credentials): GoogleGenAI => {
    const account = credentials.serviceAccount;
    if (!account) return createGoogleClient(credentials);
    const identity = [account, credentials.baseURL, credentials.headers];
    return vertexClients.get(identity, () => createVertexClient(account, credentials));
  };
  return {
    kind: 'google',
    capabilities: { tools: true, vision: true, systemRole: 'system' },
    listModels: async (ctx, signal) => {
      if (ctx.credentials.serviceAccount) {
        throw new ProviderError('bad_request', 'Vertex AI models are not listed; use the configured list.');
      }
      await googleSdk.load();
      return listGoogleModels(clientOf(ctx.credentials), signal);
    },
    // A generator, so a request that cannot be built fails the iteration, not the call.
    async *stream(req, signal) {
      await googleSdk.load();
      yield* streamGoogleContent(clientOf(req.credentials), req, signal, idleTimeoutMs);
    },
  };
}
