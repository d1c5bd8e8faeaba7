// The `anthropic` endpoint: Claude through the Messages API (api.anthropic.com or a reverse proxy).
import type Anthropic from '@anthropic-ai/sdk';
import { anthropicSdk } from '../../lib/provider-sdks';
import type { ChatProvider, Credentials } from '../types';
import { createAnthropicClient } from './create-anthropic-client';
import { listAnthropicModels } from './list-anthropic-models';
import { streamAnthropicMessage } from './stream-anthropic-message';

export interface AnthropicProviderOptions {
  /** Longest wait for the response headers. */
  requestTimeoutMs?: number;
  /** Longest silence between stream events before the call fails with `timeout`. */
  idleTimeoutMs?: number;
}

const DEFAULTS: Required<AnthropicProviderOptions> = { requestTimeoutMs: 120_000, idleTimeoutMs: 300_000 };

export function createAnthropicProvider(options: AnthropicProviderOptions = {}): ChatProvider {
  const settings = { ...DEFAULTS, ...options };
  const clientOf = (credentials: Credentials): Anthropic =>
    createAnthropicClient(credentials, { timeoutMs: settings.requestTimeoutMs });
  return {
    kind: 'anthropic',
    capabilities: { tools: true, vision: true, systemRole: 'system' },
    listModels: async (ctx, signal) => {
      await anthropicSdk.load();
      return listAnthropicModels(clientOf(ctx.credentials), signal);
    },
    // A generator, so a request that cannot be built fails the iteration, not the call.
    async *stream(req, signal) {
      await anthropicSdk.load();
      yield* streamAnthropicMessage(clientOf(req.credentials), req, signal, settings.idleTimeoutMs);
    },
  };
}
