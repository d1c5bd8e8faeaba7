// The `bingAI` endpoint: Bing Chat through its web protocol (conversation create with the user's cookies,
// then the SignalR ChatHub over WebSocket), in BingAI mode or Sydney ("jailbreak") mode.
import type { ChatProvider } from '../types';
import { SYDNEY_MODEL } from './plan-bing-turn';
import { streamBingChat } from './stream-bing-chat';
import type { BingStreamSettings } from './stream-bing-chat';

export type BingProviderOptions = Partial<BingStreamSettings>;

const DEFAULTS: BingStreamSettings = { idleTimeoutMs: 120_000, pingIntervalMs: 15_000, imageCreation: true };

/** The two modes of the endpoint, listed as its models. */
export const BING_MODELS: readonly string[] = ['BingAI', SYDNEY_MODEL];

export function createBingProvider(options: BingProviderOptions = {}): ChatProvider {
  const settings = { ...DEFAULTS, ...options };
  return {
    kind: 'bingAI',
    capabilities: { tools: false, vision: false, systemRole: 'system' },
    listModels: () => Promise.resolve([...BING_MODELS]),
    // A generator, so a request that cannot be built fails the iteration, not the call.
    async *stream(req, signal) {
      yield* streamBingChat(req, signal, settings);
    },
  };
}
