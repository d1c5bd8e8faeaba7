// A ChatProvider on the Chat Completions protocol; OpenAI, Azure OpenAI and custom endpoints differ
// only in how the client is built and where models come from.
import type OpenAI from 'openai';
import type { EndpointKind } from '@parley/shared/endpoints/kinds';
import { cachedClients } from '../shared/client-cache';
import { openAISdk } from '../../lib/provider-sdks';
import type { ChatProvider, Credentials } from '../types';
import { DEFAULT_STREAM_TIMEOUTS, streamChatCompletion } from './stream-chat-completion';
import type { StreamTimeouts } from './stream-chat-completion';

export type OpenAIFamilyOptions = Partial<StreamTimeouts>;

export interface OpenAIFamilySpec {
  kind: EndpointKind;
  makeClient(credentials: Credentials, settings: { timeoutMs: number }): OpenAI;
  listModels(client: OpenAI, credentials: Credentials, signal?: AbortSignal): Promise<string[]>;
}

export function createOpenAIFamilyProvider(
  spec: OpenAIFamilySpec,
  options: OpenAIFamilyOptions = {},
): ChatProvider {
  const timeouts: StreamTimeouts = { ...DEFAULT_STREAM_TIMEOUTS, ...options };
  // Built once per set of credentials, not per request.
  const clientOf = cachedClients((credentials: Credentials): OpenAI =>
    spec.makeClient(credentials, { timeoutMs: timeouts.requestTimeoutMs }),
  );
  return {
    kind: spec.kind,
    capabilities: { tools: true, vision: true, systemRole: 'system' },
    listModels: async (ctx, signal) => {
      await openAISdk.load();
      return spec.listModels(clientOf(ctx.credentials), ctx.credentials, signal);
    },
    // A generator, so a client that cannot be built fails the iteration, not the call.
    async *stream(req, signal) {
      await openAISdk.load();
      yield* streamChatCompletion(clientOf(req.credentials), req, signal, timeouts);
    },
  };
}
